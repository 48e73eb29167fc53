// Times as integers of the same order (sim/time_order_key.hpp): every pair of a spread of
// times, tiny and huge, of both signs, compares as the doubles do, and each key gives its time back.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "sim/time_order_key.hpp"

namespace mpnsim {
namespace {

TEST(TimeOrderKey, OrdersAsTheTimesAndGivesThemBack) {
  const double inf = std::numeric_limits<double>::infinity();
  const double tiny = std::numeric_limits<double>::denorm_min();
  const std::vector<double> times{-inf, -1e300, -3.5, -1, -tiny, -0.0, 0.0, tiny, 1e-300, 0.1, 1, 1 + 1e-15,
                                  2, 1e15, 1e300, std::numeric_limits<double>::max(), inf};
  for (double a : times) {
    EXPECT_EQ(time_from_order_key(time_order_key(a)), a) << a;
    for (double b : times) {
      EXPECT_EQ(time_order_key(a) < time_order_key(b), a < b) << a << " " << b;
      EXPECT_EQ(time_order_key(a) == time_order_key(b), a == b) << a << " " << b;
    }
  }
  // NaN sorts as +infinity; -0 is +0.
  EXPECT_EQ(time_order_key(std::nan("")), time_order_key(inf));
  EXPECT_EQ(time_order_key(-std::nan("")), time_order_key(inf));
  EXPECT_FALSE(std::signbit(time_from_order_key(time_order_key(-0.0))));
}

}  // namespace
}  // namespace mpnsim
