// markdown_text: input text made inert in comparison.md.
#include "experiments/output/markdown_text.hpp"

#include <fmt/format.h>

namespace mpnsim {

std::string markdown_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      // Only what changes a table's shape or opens code: other punctuation shows as it is, so
      // that names without these characters are written as before.
      if (c == '\\' || c == '|' || c == '`') out += '\\';
      out += c;
    }
  }
  return out;
}

}  // namespace mpnsim
