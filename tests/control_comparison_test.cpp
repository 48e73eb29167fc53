// Tests of the comparison of every variant with one control, against SciPy's Wilcoxon p-values and Holm by hand.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "experiments/analysis/control_comparison.hpp"

namespace mpnsim {
namespace {

TEST(ControlComparison, EachVariantAgainstTheControlHolmOverTheseTestsOnly) {
  // Column 0 is the control; lower is better. Differences to it, all distinct in size:
  // variant 1: -1 -0.5 -0.7 -0.8 -0.9 -0.6 +0.55 -0.75 (better 7 times, worse once);
  // variant 2: +2 +2.1 +0.5 +1.3 +0.7 +0.2 -0.9 +2.4 (better once, worse 7 times).
  // SciPy 1.10.1, wilcoxon(x, control, method='exact'): 0.0234375 and 0.0546875.
  // Holm over 2 tests: 2 x 0.0234375 = 0.046875; max(0.046875, 1 x 0.0546875) = 0.0546875.
  const ValueMatrix values{{10, 9, 12},      {11, 10.5, 13.1}, {12, 11.3, 12.5}, {13, 12.2, 14.3},
                           {9, 8.1, 9.7},    {15, 14.4, 15.2}, {8, 8.55, 7.1},   {14, 13.25, 16.4}};
  const auto c = compare_with_control(Better::lower, values, {{1, 0}, {2, 0}});
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].variant, 1u);
  EXPECT_EQ(c[0].control, 0u);
  EXPECT_EQ(c[0].better, 7u);
  EXPECT_EQ(c[0].ties, 0u);
  EXPECT_EQ(c[0].worse, 1u);
  EXPECT_NEAR(c[0].wilcoxon_p, 0.0234375, 1e-15);
  EXPECT_NEAR(c[0].holm_p, 0.046875, 1e-15);
  EXPECT_EQ(c[1].better, 1u);
  EXPECT_EQ(c[1].worse, 7u);
  EXPECT_NEAR(c[1].wilcoxon_p, 0.0546875, 1e-15);
  EXPECT_NEAR(c[1].holm_p, 0.0546875, 1e-15);
  // Higher is better: the counts swap, the two-sided p-values stay.
  const auto h = compare_with_control(Better::higher, values, {{1, 0}});
  EXPECT_EQ(h[0].better, 1u);
  EXPECT_EQ(h[0].worse, 7u);
  EXPECT_NEAR(h[0].holm_p, 0.0234375, 1e-15);
}

TEST(ControlComparison, TiesAndBadColumns) {
  const ValueMatrix values{{1, 1}, {2, 3}, {4, 4}};
  const auto c = compare_with_control(Better::lower, values, {{1, 0}});
  EXPECT_EQ(c[0].ties, 2u);
  EXPECT_EQ(c[0].worse, 1u);
  EXPECT_THROW(compare_with_control(Better::lower, values, {{2, 0}}), std::invalid_argument);
  EXPECT_THROW(compare_with_control(Better::lower, values, {{0, 0}}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
