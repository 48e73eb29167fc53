// Checks of names and relative paths that a run turns into files.
#include "experiments/config/output_names.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace mpnsim {

namespace {

bool portable_char(unsigned char c) { return std::isalnum(c) || c == '-' || c == '_' || c == '.'; }

}  // namespace

bool is_portable_name(std::string_view name) {
  return !name.empty() && name.size() <= 100 && name != "." && name != ".." &&
         std::all_of(name.begin(), name.end(), [](unsigned char c) { return portable_char(c); });
}

std::string portable_name(std::string_view text) {
  std::string out(text.substr(0, 100));
  for (char& c : out)
    if (!portable_char(static_cast<unsigned char>(c))) c = '_';
  if (out.empty() || out == "." || out == "..") out = "plot";
  return out;
}

namespace {

// A label as one part of a file name (artifact_stem).
std::string stem_part(std::string_view label) {
  std::string out;
  for (const char c : label) {
    if (c == '=') continue;
    if (portable_char(static_cast<unsigned char>(c))) out += c;
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  if (out.size() > 40) out.resize(40);
  while (!out.empty() && (out.back() == '-' || out.back() == '.')) out.pop_back();
  return out;
}

}  // namespace

std::string artifact_stem(int point, int repetition, std::string_view variant, std::string_view network) {
  std::string stem = fmt::format("point{}_rep{}", point, repetition);
  for (const std::string_view label : {variant, network})
    if (const std::string part = stem_part(label); !part.empty()) stem += "_" + part;
  return stem;
}

std::string artifact_path_problem(std::string_view path) {
  if (path.empty()) return "an empty name";
  if (path.front() == '/') return "an absolute path";
  if (path.find('\\') != std::string_view::npos) return "a backslash in the name";
  if (path.size() > 1000) return "a name longer than 1000 characters";
  std::size_t parts = 0;
  for (std::size_t start = 0;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view part = path.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (part.empty()) return "an empty path component";
    if (part == "." || part == "..") return fmt::format("'{}' in the path", part);
    if (!is_portable_name(part))
      return fmt::format("the component '{}' (letters, digits, '-', '_' and '.' only)", part);
    ++parts;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (parts < 2) return "no subdirectory (artifacts go into one, such as gantt/)";
  return "";
}

std::string control_character_problem(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u != 0x7f) continue;
    const char* name = u == '\n'   ? "a line break"
                       : u == '\r' ? "a carriage return"
                       : u == '\t' ? "a tab"
                                   : "a control character";
    return fmt::format("{} (byte 0x{:02x}) at character {}", name, u, i + 1);
  }
  return "";
}

}  // namespace mpnsim
