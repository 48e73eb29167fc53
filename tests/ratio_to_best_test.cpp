// Tests of the ratio to the best variant: orientation, ties, zeros and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "experiments/analysis/ratio_to_best.hpp"

namespace mpnsim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(RatioToBest, LowerIsBetterDividesByTheBest) {
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::lower, 15, 10), 1.5);
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::lower, 10, 10), 1.0);
}

TEST(RatioToBest, HigherIsBetterIsInvertedSoRatiosStayAboveOne) {
  // Speedup 4 is best; speedup 2 is a factor 2 worse.
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::higher, 2, 4), 2.0);
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::higher, 4, 4), 1.0);
}

TEST(RatioToBest, ZerosAndTies) {
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::lower, 0, 0), 1.0);
  EXPECT_EQ(ratio_to_best(Better::lower, 3, 0), kInf);
  EXPECT_DOUBLE_EQ(ratio_to_best(Better::higher, 0, 0), 1.0);
  EXPECT_EQ(ratio_to_best(Better::higher, 0, 3), kInf);
  // Within relative 1e-9 of the best is the best, exactly.
  EXPECT_EQ(ratio_to_best(Better::lower, 1000.0 * (1 + 1e-12), 1000.0), 1.0);
  EXPECT_GT(ratio_to_best(Better::lower, 1000.0 * (1 + 1e-6), 1000.0), 1.0);
}

TEST(RatioToBest, MatrixPerInstance) {
  const ValueMatrix values{{10, 20, 10}, {6, 3, 4}, {0, 0, 5}};
  const ValueMatrix r = ratios_to_best(Better::lower, values);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_DOUBLE_EQ(r[0][0], 1.0);
  EXPECT_DOUBLE_EQ(r[0][1], 2.0);
  EXPECT_DOUBLE_EQ(r[0][2], 1.0);
  EXPECT_DOUBLE_EQ(r[1][0], 2.0);
  EXPECT_DOUBLE_EQ(r[1][1], 1.0);
  EXPECT_DOUBLE_EQ(r[1][2], 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(r[2][0], 1.0);
  EXPECT_DOUBLE_EQ(r[2][1], 1.0);
  EXPECT_EQ(r[2][2], kInf);
}

TEST(RatioToBest, RefusesNegativeAndIncompleteMatrices) {
  EXPECT_FALSE(ratios_defined(ValueMatrix{{1, -2}}));
  EXPECT_THROW(ratios_to_best(Better::lower, ValueMatrix{{1, -2}}), std::invalid_argument);
  EXPECT_THROW(ratios_to_best(Better::lower, ValueMatrix{{1, 2}, {1}}), std::invalid_argument);
  EXPECT_THROW(ratios_to_best(Better::lower, ValueMatrix{{1, std::nan("")}}), std::invalid_argument);
  EXPECT_THROW(ratios_to_best(Better::lower, ValueMatrix{}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
