// Names in comparison.md cannot change its tables' shape (issue #40 item 6).
#include <gtest/gtest.h>

#include "experiments/output/markdown_text.hpp"

namespace mpnsim {
namespace {

TEST(MarkdownText, PipesBackquotesAndBackslashesAreEscaped) {
  EXPECT_EQ(markdown_text("gr/pipe|x.dot"), "gr/pipe\\|x.dot");
  EXPECT_EQ(markdown_text("`rm -rf`"), "\\`rm -rf\\`");
  EXPECT_EQ(markdown_text("a\\|b"), "a\\\\\\|b");  // a, escaped backslash, escaped pipe, b
}

TEST(MarkdownText, ControlCharactersAreShownAsInTheCsv) {
  EXPECT_EQ(markdown_text("gr/nl\nx.dot"), "gr/nl\\x0ax.dot");
  EXPECT_EQ(markdown_text(std::string("a\tb\x7f", 4)), "a\\x09b\\x7f");
}

TEST(MarkdownText, OtherNamesAreWrittenAsBefore) {
  for (const char* name : {"heft", "dls-pairs", "gr/a_b.dot", "x*y [1] <2> #3", ""}) EXPECT_EQ(markdown_text(name), name);
}

}  // namespace
}  // namespace mpnsim
