// CSV quoting and number formatting.
#include "sim/csv_writer.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mpnsim {

std::string format_number(double x) { return fmt::format("{}", x); }

namespace {

bool is_control(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}

}  // namespace

std::string CsvWriter::escape(std::string_view field) {
  const bool controls = std::any_of(field.begin(), field.end(), is_control);
  if (!controls && field.find_first_of(",\"") == std::string_view::npos) return std::string(field);
  // Control characters (line breaks among them) come from names in input files; they are
  // shown as \xHH text, as in the Gantt SVG, so that a row is always one line for line-based
  // readers (gnuplot, spreadsheets, grep).
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    if (is_control(c))
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    else
      out += c;
  }
  out += '"';
  return out;
}

void CsvWriter::row(const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out_ << ',';
    out_ << escape(fields[i]);
  }
  out_ << '\n';
}

}  // namespace mpnsim
