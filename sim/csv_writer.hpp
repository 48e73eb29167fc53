// The one CSV writer of mpnsim: RFC 4180 quoting, full-precision numbers.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mpnsim {

// Formats a double with the shortest text that reads back to the same value.
std::string format_number(double x);

class CsvWriter {
 public:
  explicit CsvWriter(std::ostream& out) : out_(out) {}
  void row(const std::vector<std::string>& fields);

  // Quotes a field when it holds a comma, quote or control character, and writes each
  // control character (line breaks included) as the text \xHH: a row is one line.
  static std::string escape(std::string_view field);

 private:
  std::ostream& out_;
};

}  // namespace mpnsim
