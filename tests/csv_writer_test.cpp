// Tests of the one CSV writer: RFC 4180 quoting, and control characters from input files kept on one line.
#include <gtest/gtest.h>

#include <sstream>

#include "sim/csv_writer.hpp"

namespace mpnsim {
namespace {

TEST(CsvWriter, QuotesCommasAndQuotes) {
  EXPECT_EQ(CsvWriter::escape("plain"), "plain");
  EXPECT_EQ(CsvWriter::escape("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvWriter::escape("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(CsvWriter, ControlCharactersBecomeTextAndARowStaysOneLine) {
  // Issue #21: a task name with a line break (from a DOT or WfCommons file) split a row in two.
  EXPECT_EQ(CsvWriter::escape("a\nb"), "\"a\\x0ab\"");
  EXPECT_EQ(CsvWriter::escape(std::string("x\r\x1b\x7fy")), "\"x\\x0d\\x1b\\x7fy\"");
  std::ostringstream out;
  CsvWriter csv(out);
  csv.row({"t\n1", "2"});
  EXPECT_EQ(out.str(), "\"t\\x0a1\",2\n");
}

}  // namespace
}  // namespace mpnsim
