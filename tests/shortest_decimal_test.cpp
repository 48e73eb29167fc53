// The comparison files' writer of times (bench/simgrid/shortest_decimal.hpp) against std::to_chars: the same
// characters for every value it writes, and every value of its range written.
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "bench/simgrid/shortest_decimal.hpp"

namespace {

using mpnsim::bench::shortest::write_double;

struct Written {
  bool taken;
  std::string ours, theirs;
};

Written write_both(double v) {
  char a[64], b[64];
  const char* const begin = a;
  const char* end = write_double(a, v);
  const auto r = std::to_chars(b, b + sizeof b, v);
  return {end != nullptr, end ? std::string(begin, end) : std::string(), std::string(b, r.ptr)};
}

// The range it takes: [1, 2^53) with a fraction.
bool in_range(double v) { return v >= 1 && v < 9007199254740992.0 && v != std::floor(v); }

// Doubles at random in every binade of [1, 2^53), mantissas at random: the files' times have 17
// digits or fewer, most of them 16 or 17.
TEST(ShortestDecimal, RandomDoublesOfTheRangeAsToChars) {
  std::mt19937_64 rng(41);
  for (int i = 0; i < 1000000; ++i) {
    const int binade = static_cast<int>(rng() % 53);
    const double v = std::ldexp(1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52), binade);
    const Written w = write_both(v);
    ASSERT_EQ(w.taken, in_range(v)) << w.theirs;
    if (w.taken) {
      ASSERT_EQ(w.ours, w.theirs);
    }
  }
}

// Short decimals (1.5, 10.1, 2.25, ...) and their neighbours, powers of two and the doubles
// either side of them (the interval a quarter ulp below), sums like a replay's times.
TEST(ShortestDecimal, ShortDecimalsPowersOfTwoAndNeighboursAsToChars) {
  std::mt19937_64 rng(7);
  int taken = 0;
  for (int i = 0; i < 300000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 8);
    const double v = static_cast<double>(rng() % 100000000) / std::pow(10.0, digits) + 1;
    for (double x : {v, std::nextafter(v, 0.0), std::nextafter(v, 1e300)}) {
      const Written w = write_both(x);
      ASSERT_EQ(w.taken, in_range(x)) << w.theirs;
      if (w.taken) {
        ASSERT_EQ(w.ours, w.theirs);
      }
      taken += w.taken;
    }
  }
  for (int e = 0; e < 53; ++e)
    for (int k = -40; k <= 40; ++k) {
      const double x = std::bit_cast<double>(std::bit_cast<std::uint64_t>(std::ldexp(1.0, e)) + static_cast<std::uint64_t>(k));
      const Written w = write_both(x);
      if (w.taken) {
        ASSERT_EQ(w.ours, w.theirs);
      }
    }
  double t = 0;
  for (int i = 0; i < 200000; ++i) {
    t += 0.01 + std::ldexp(static_cast<double>(rng() >> 11), -53) * 9.5;
    const Written w = write_both(t);
    if (w.taken) {
      ASSERT_EQ(w.ours, w.theirs);
    }
    taken += w.taken;
  }
  EXPECT_GT(taken, 800000);
}

// Everything else is left to to_chars: random bits anywhere (subnormals, huge, negative), whole
// numbers, zero, infinities and NaN.
TEST(ShortestDecimal, OtherValuesAreLeft) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300000; ++i) {
    const double v = std::bit_cast<double>(rng());
    const Written w = write_both(v);
    EXPECT_EQ(w.taken, in_range(v)) << w.theirs;
    if (w.taken) {
      ASSERT_EQ(w.ours, w.theirs);
    }
  }
  for (double v : {0.0, -0.0, 0.5, 0.999999, 1.0, 2.0, 1e15, 4503599627370497.0, 9007199254740991.0,
                   9007199254740992.0, -1.5, HUGE_VAL, -HUGE_VAL, std::nan("")}) {
    char a[64];
    EXPECT_EQ(write_double(a, v), nullptr) << v;
  }
}

}  // namespace
