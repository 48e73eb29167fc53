// Box plot statistics: quartiles as R's quantile(type = 7) and NumPy's percentile give them, Tukey's
// whiskers and outliers.
#include <gtest/gtest.h>

#include <vector>

#include "experiments/analysis/box_summary.hpp"

namespace mpnsim {
namespace {

// Values from Python's statistics.quantiles(x, n=4, method="inclusive"), which is definition 7
// (NumPy's "linear"), computed once.
TEST(BoxSummary, QuartilesAreNumPysLinearOnes) {
  const std::vector<double> four{4, 1, 3, 2};
  const BoxSummary b = box_summary(four);
  EXPECT_DOUBLE_EQ(b.q1, 1.75);
  EXPECT_DOUBLE_EQ(b.median, 2.5);
  EXPECT_DOUBLE_EQ(b.q3, 3.25);
  EXPECT_DOUBLE_EQ(b.mean, 2.5);
  const std::vector<double> x{7, 15, 36, 39, 40, 41};  // Python: 20.25, 37.5, 39.75
  const BoxSummary c = box_summary(x);
  EXPECT_DOUBLE_EQ(c.q1, 20.25);
  EXPECT_DOUBLE_EQ(c.median, 37.5);
  EXPECT_DOUBLE_EQ(c.q3, 39.75);
  const std::vector<double> one{3};
  const BoxSummary d = box_summary(one);
  EXPECT_EQ(d.count, 1u);
  EXPECT_DOUBLE_EQ(d.q1, 3);
  EXPECT_DOUBLE_EQ(d.q3, 3);
  EXPECT_DOUBLE_EQ(d.low_whisker, 3);
  EXPECT_DOUBLE_EQ(d.high_whisker, 3);
}

TEST(BoxSummary, WhiskersStopAtTheLastValueWithinOneAndAHalfIqr) {
  // q1 = 3.5, q3 = 8.5 (Python), IQR 5: fences -4 and 16; 100 is beyond, 10 the highest within.
  const std::vector<double> x{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100};
  const BoxSummary b = box_summary(x);
  EXPECT_DOUBLE_EQ(b.q1, 3.5);
  EXPECT_DOUBLE_EQ(b.q3, 8.5);
  EXPECT_DOUBLE_EQ(b.low_whisker, 1);
  EXPECT_DOUBLE_EQ(b.high_whisker, 10);
  ASSERT_EQ(b.outliers.size(), 1u);
  EXPECT_DOUBLE_EQ(b.outliers[0], 100);
}

TEST(BoxSummary, EqualValuesGiveThatValueExactly) {
  const std::vector<double> x{0.1, 0.1, 0.1};
  const BoxSummary b = box_summary(x);
  EXPECT_EQ(b.q1, 0.1);
  EXPECT_EQ(b.median, 0.1);
  EXPECT_EQ(b.q3, 0.1);
  EXPECT_TRUE(b.outliers.empty());
}

}  // namespace
}  // namespace mpnsim
