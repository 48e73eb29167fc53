// The SimGrid comparison's token reader (bench/simgrid/token_text.hpp): numbers read where they
// lie in a chunk, numbers cut by a chunk's end, comments, and errors that name the line.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bench/simgrid/token_text.hpp"

namespace {

using mpnsim::bench::TokenReader;

class TokenReaderTest : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    path_ = (std::filesystem::temp_directory_path() /
             ("mpnsim_token_reader_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                .string();
    mpnsim::bench::dump(text, path_);
    return path_;
  }
  void TearDown() override {
    if (!path_.empty()) std::filesystem::remove(path_);
  }
  std::string path_;
};

std::string error_of(TokenReader& r, bool as_int) {
  try {
    if (as_int)
      r.number<int>();
    else
      r.number<double>();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// Far more than one chunk (1 MiB) of numbers, so that many cross a chunk's end, each read
// back as the value written; comments and several kinds of blank between them.
TEST_F(TokenReaderTest, NumbersAcrossChunksReadBackExactly) {
  std::vector<double> values;
  std::vector<int> ints;
  std::string text = "# header comment 1 2 3\n";
  for (int i = 0; i < 120000; ++i) {
    const double v = (i * 0.7364912837) / 3.0 + 1e-3 * i;
    values.push_back(v);
    ints.push_back(i * 37 - 5000);
    char buf[64];
    text.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    text += i % 3 == 0 ? "\t" : " ";
    text.append(buf, std::to_chars(buf, buf + sizeof buf, ints.back()).ptr);
    text += i % 5 == 0 ? "  # a comment 7 8\r\n" : "\n";
  }
  ASSERT_GT(text.size(), std::size_t{3} << 20);
  TokenReader r(write(text));
  for (std::size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(r.number<double>(), values[i]) << "value " << i;
    ASSERT_EQ(r.number<int>(), ints[i]) << "value " << i;
  }
  EXPECT_TRUE(r.at_end());
}

// The last number of a file that ends without a newline is read (it ends at the text's end,
// not at a blank).
TEST_F(TokenReaderTest, LastNumberWithoutNewline) {
  TokenReader r(write("1 2.5 -7"));
  EXPECT_EQ(r.number<int>(), 1);
  EXPECT_EQ(r.number<double>(), 2.5);
  EXPECT_EQ(r.number<int>(), -7);
  EXPECT_TRUE(r.at_end());
}

// A token that starts as a number but goes on is not a number, whole: the error names the token
// and its line.
TEST_F(TokenReaderTest, ANumberFollowedByMoreIsNotANumber) {
  const std::string path = write("1 2\n3 4x 5\n");
  TokenReader r(path);
  EXPECT_EQ(r.number<int>(), 1);
  EXPECT_EQ(r.number<int>(), 2);
  EXPECT_EQ(r.number<int>(), 3);
  EXPECT_EQ(error_of(r, true), path + ":2: not a number: '4x'");

  TokenReader hash(write("\n\n6#7\n"));
  EXPECT_EQ(error_of(hash, false), path + ":3: not a number: '6#7'");

  TokenReader fraction(write("2.5\n"));
  EXPECT_EQ(error_of(fraction, true), path + ":1: not a number: '2.5'");

  TokenReader empty(write("# only a comment\n"));
  EXPECT_EQ(error_of(empty, false), path + ":2: unexpected end of file");
}

// The line of an error far into a file, past several chunks.
TEST_F(TokenReaderTest, ErrorLineAfterManyChunks) {
  std::string text;
  for (int i = 0; i < 300000; ++i) text += "12345678\n";
  text += "oops\n";
  const std::string path = write(text);
  TokenReader r(path);
  for (int i = 0; i < 300000; ++i) ASSERT_EQ(r.number<int>(), 12345678);
  EXPECT_EQ(error_of(r, false), path + ":300001: not a number: 'oops'");
}

// Integers of any length read as from_chars reads them (the reader's short path takes up to
// nine digits): leading zeros, ten digits and more, the largest int, and one past it.
TEST_F(TokenReaderTest, IntegersOfAnyLength) {
  const std::string path = write("000000000012 123456789 1234567890 2147483647 99999999999 2147483648\n");
  TokenReader r(path);
  EXPECT_EQ(r.number<int>(), 12);
  EXPECT_EQ(r.number<int>(), 123456789);
  EXPECT_EQ(r.number<int>(), 1234567890);
  EXPECT_EQ(r.number<int>(), 2147483647);
  EXPECT_EQ(r.number<std::size_t>(), std::size_t{99999999999});
  EXPECT_EQ(error_of(r, true), path + ":1: not a number: '2147483648'");
}

// Every length of integer the word-at-a-time path reads (one to seven digits), with and without
// leading zeros, after every kind of blank and before one, each read as from_chars reads it; a
// digit run that goes on into a letter or a sign is not a number.
TEST_F(TokenReaderTest, ShortIntegersReadAsFromChars) {
  std::string text;
  std::vector<int> expected;
  std::uint32_t x = 12345;
  const char* blanks[] = {" ", "\t", "\n", "\r\n", "  "};
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;
    const int length = 1 + static_cast<int>(x >> 8) % 7;
    std::string digits;
    for (int k = 0; k < length; ++k) digits += static_cast<char>('0' + (x >> (3 * k + 5)) % 10);
    int value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    expected.push_back(value);
    text += digits;
    text += blanks[i % 5];
  }
  text += "9999999 ";  // seven digits, then a last one cut by the end of the text
  text += "42";
  TokenReader r(write(text));
  for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(r.number<int>(), expected[i]) << "integer " << i;
  EXPECT_EQ(r.number<int>(), 9999999);
  EXPECT_EQ(r.number<int>(), 42);
  EXPECT_TRUE(r.at_end());

  const std::string path = write("123456a 1 12-3 7\n");
  TokenReader bad(path);
  EXPECT_EQ(error_of(bad, true), path + ":1: not a number: '123456a'");
  EXPECT_EQ(bad.number<int>(), 1);
  EXPECT_EQ(error_of(bad, true), path + ":1: not a number: '12-3'");
}

// The usual case, read inline where the text goes on far enough (a long line of padding after
// each token): a token that starts as a number of the files' forms and goes on is refused there
// too, and named with its line; the forms read there come out as from_chars reads them.
TEST_F(TokenReaderTest, NumbersFarFromTheEndAreReadOrRefusedWhole) {
  const std::string padding(64, ' ');
  const std::string path = write(" 3.1415926535897931 12 -2.5 1e-05 0.0037215148219235635" + padding + "\n" +
                                 " 2.7182818284590451x" + padding + "\n 12x" + padding + "\n 1.5.5" + padding +
                                 "\n 10555.461001349455e" + padding + "\n 7 -3" + padding + "\n");
  TokenReader r(path);
  EXPECT_EQ(r.number<double>(), 3.1415926535897931);
  EXPECT_EQ(r.number<int>(), 12);
  EXPECT_EQ(r.number<double>(), -2.5);
  EXPECT_EQ(r.number<double>(), 1e-05);
  EXPECT_EQ(r.number<double>(), 0.0037215148219235635);
  EXPECT_EQ(error_of(r, false), path + ":2: not a number: '2.7182818284590451x'");
  EXPECT_EQ(error_of(r, true), path + ":3: not a number: '12x'");
  EXPECT_EQ(error_of(r, false), path + ":4: not a number: '1.5.5'");
  EXPECT_EQ(error_of(r, false), path + ":5: not a number: '10555.461001349455e'");
  EXPECT_EQ(r.number<int>(), 7);
  EXPECT_EQ(r.number<int>(), -3);
  EXPECT_TRUE(r.at_end());
}

}  // namespace
