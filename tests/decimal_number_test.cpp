// The comparison files' decimal reader (bench/simgrid/decimal_number.hpp) against std::from_chars: the
// same double, bit for bit, and the same end, on every form it takes; the forms it leaves are left.
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "bench/simgrid/decimal_number.hpp"

namespace {

using mpnsim::bench::decimal::read_double;

// The reader needs 8 characters past each run of digits: the text is padded as a file's line would be.
struct Read {
  bool taken;       // read_double took it (else it left it to from_chars)
  bool agrees;      // taken, with from_chars's bits and end
  std::string why;  // what differed
};

Read read_both(const std::string& number) {
  const std::string text = number + " 1234567890\n";
  const char* begin = text.data();
  const char* end = begin + text.size();
  double ours = 12345.678;
  const char* p = read_double(begin, end, ours);
  if (!p) return {false, false, ""};
  double theirs = 0;
  const auto r = std::from_chars(begin, end, theirs);
  if (r.ec != std::errc()) return {true, false, "from_chars refuses '" + number + "'"};
  if (r.ptr != p) return {true, false, "ends differ on '" + number + "'"};
  if (std::bit_cast<std::uint64_t>(ours) != std::bit_cast<std::uint64_t>(theirs)) {
    char a[40], b[40];
    *std::to_chars(a, a + 39, ours).ptr = 0;
    *std::to_chars(b, b + 39, theirs).ptr = 0;
    return {true, false, "'" + number + "': " + a + " against from_chars's " + b};
  }
  return {true, true, ""};
}

std::string shortest(double v) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// Shortest round-trip forms of doubles drawn as random bits over every binade (subnormals and
// the extremes included): each one taken is exact, and those of the files' range are all taken.
TEST(DecimalNumber, ShortestFormsOfRandomBitsAgreeWithFromChars) {
  std::mt19937_64 rng(41);
  int taken = 0, in_range = 0;
  for (int i = 0; i < 400000; ++i) {
    const double v = std::bit_cast<double>(rng() & ~(std::uint64_t{1} << 63));
    if (!std::isfinite(v)) continue;
    const std::string s = shortest(i % 2 ? v : -v);
    const Read r = read_both(s);
    ASSERT_TRUE(!r.taken || r.agrees) << r.why;
    taken += r.taken;
    if (v >= 1e-5 && v <= 1e15) {
      ++in_range;
      EXPECT_TRUE(r.taken) << s;
    }
  }
  EXPECT_GT(in_range, 1000);
  EXPECT_GT(taken, in_range);
}

// The files' own kind: times, works and data in 1e-3 .. 1e6, most with 16 or 17 digits, as
// shortest forms, as 17 significant digits (fixed and with an exponent) and as 15.
TEST(DecimalNumber, SeventeenDigitFormsAgreeWithFromChars) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> exponent(-3, 6);
  int taken = 0;
  for (int i = 0; i < 300000; ++i) {
    const double v = std::pow(10.0, exponent(rng)) * (1 + std::ldexp(static_cast<double>(rng() >> 12), -52));
    char buf[80];
    const std::string forms[] = {
        shortest(v),
        std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, 16).ptr),
        std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17).ptr),
        std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 15).ptr),
    };
    for (const std::string& s : forms) {
      const Read r = read_both(s);
      ASSERT_TRUE(r.agrees) << s << (r.taken ? " " + r.why : " was not taken");
      ++taken;
    }
  }
  EXPECT_EQ(taken, 1200000);
}

// Random digit strings: up to 19 digits anywhere around the point, exponents -30 .. 30 (those past
// +-22 left to from_chars), so that the decimal lies anywhere between two doubles.
TEST(DecimalNumber, RandomDigitStringsAgreeWithFromChars) {
  std::mt19937_64 rng(2026);
  int taken = 0;
  for (int i = 0; i < 300000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::string s;
    for (int k = 0; k < digits; ++k) s += static_cast<char>('0' + rng() % 10);
    if (s[0] == '0' && digits > 1) s[0] = '1' + static_cast<char>(rng() % 9);
    if (const auto point = static_cast<int>(rng() % (digits + 1)); point > 0 && point < digits)
      s.insert(s.begin() + point, '.');
    if (rng() % 2) s += (rng() % 2 ? "e" : "e-") + std::to_string(rng() % 31);
    if (rng() % 4 == 0) s = "-" + s;
    const Read r = read_both(s);
    ASSERT_TRUE(!r.taken || r.agrees) << r.why;
    taken += r.taken;
  }
  EXPECT_GT(taken, 250000);
}

// Decimals exactly halfway between two doubles, and a last digit either side of halfway: ties go
// to the even mantissa (either way at random would fail half of them). Halfway points with up to
// 19 digits: (2m + 1) * 2^(e - 1) for m < 2^53 and e from -3 to 6 (as m * 5^j / 10^j below 1).
TEST(DecimalNumber, HalfwayPointsGoToTheEvenMantissa) {
  std::mt19937_64 rng(5);
  int ties = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t m = (std::uint64_t{1} << 52) | (rng() >> 12);
    const int e = -3 + static_cast<int>(rng() % 10);
    unsigned __int128 mid = 2 * static_cast<unsigned __int128>(m) + 1;
    int fraction = 0;
    if (e - 1 >= 0) {
      mid <<= e - 1;
    } else {
      for (int j = 0; j < 1 - e; ++j) mid *= 5;
      fraction = 1 - e;
    }
    std::string digits;
    for (unsigned __int128 v = mid; v > 0; v /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    if (digits.size() > 19) continue;
    for (int nudge = -1; nudge <= 1; ++nudge) {
      std::string s = digits;
      if (nudge != 0) {
        // The last digit one up or down (a borrow or carry never reaches far for these).
        int k = static_cast<int>(s.size()) - 1;
        while (k >= 0 && s[static_cast<std::size_t>(k)] == (nudge > 0 ? '9' : '0')) s[static_cast<std::size_t>(k--)] = nudge > 0 ? '0' : '9';
        if (k < 0) continue;
        s[static_cast<std::size_t>(k)] = static_cast<char>(s[static_cast<std::size_t>(k)] + nudge);
      }
      if (fraction > 0) s.insert(s.end() - fraction, '.');
      const Read r = read_both(s);
      ASSERT_TRUE(r.agrees) << s << (r.taken ? " " + r.why : " was not taken");
    }
    ++ties;
  }
  EXPECT_GT(ties, 100000);
}

// Forms at the edges: zeros, signs, exponents written every way, and forms it leaves to
// from_chars (nothing before or after the point, a bare exponent, too many digits, infinities).
TEST(DecimalNumber, EdgeFormsAgreeOrAreLeft) {
  for (const char* s : {"0", "-0", "0.0", "-0.000", "0e5", "1", "9", "1e5", "1E+05", "1e-05", "-2.5e-3", "1e22", "1e-22",
                        "4.9406564584124654e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "123.",
                        ".5", "1e", "1e+", "-", "inf", "nan", "12345678901234567890", "0.00000000000000000001",
                        "9007199254740993", "18014398509481985", "1.00000000000000011102230246251565404236316680908203125"}) {
    const Read r = read_both(s);
    EXPECT_TRUE(!r.taken || r.agrees) << r.why;
  }
  for (const char* s : {"0", "-0", "1e5", "1E+05", "1e-05", "-2.5e-3", "1e22", "1e-22", "9007199254740993",
                        "18014398509481985", "1.7976931348623157e20"}) {
    const Read r = read_both(s);
    EXPECT_TRUE(r.taken && r.agrees) << s << " " << r.why;
  }
  double v = 0;
  EXPECT_EQ(std::signbit((read_double("-0 \n\n\n\n\n\n\n\n", "-0 \n\n\n\n\n\n\n\n" + 10, v), v)), true);
  // Fewer than 8 characters after a run of digits: left to the caller's path, which reads on.
  const char cut[] = "3.25";
  EXPECT_EQ(read_double(cut, cut + 4, v), nullptr);
}

}  // namespace
