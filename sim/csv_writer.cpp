// CSV quoting and number formatting.
#include "sim/csv_writer.hpp"

#include <fmt/format.h>

namespace mpnsim {

std::string format_number(double x) { return fmt::format("{}", x); }

std::string CsvWriter::escape(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
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
