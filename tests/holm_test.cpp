// Tests of Holm's step-down correction on a textbook set of p-values and hand-worked cases.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <vector>

#include "experiments/analysis/holm.hpp"

namespace mpnsim {
namespace {

TEST(Holm, TextbookFourHypotheses) {
  // Sorted 0.005 0.01 0.03 0.04 are multiplied by 4 3 2 1: 0.02 0.03 0.06 0.04, and the last is
  // raised to 0.06 to keep the sequence monotone. Back in input order: 0.03 0.06 0.06 0.02
  // (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")).
  const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
  const std::vector<double> adjusted = holm_adjust(p);
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-15);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[3], 0.02, 1e-15);
}

TEST(Holm, CappedAtOne) {
  // 0.4 x 3 = 1.2 -> 1; 0.5 x 2 = 1.0; 0.9 x 1 = 0.9 -> raised to 1 by monotonicity.
  const std::vector<double> p{0.9, 0.4, 0.5};
  const std::vector<double> adjusted = holm_adjust(p);
  for (double a : adjusted) EXPECT_DOUBLE_EQ(a, 1.0);
}

TEST(Holm, EqualPValuesGetEqualAdjustments) {
  // 0.01 x 3 = 0.03, 0.01 x 2 = 0.02 -> 0.03, 0.2 x 1 = 0.2.
  const std::vector<double> p{0.2, 0.01, 0.01};
  const std::vector<double> adjusted = holm_adjust(p);
  EXPECT_NEAR(adjusted[0], 0.2, 1e-15);
  EXPECT_NEAR(adjusted[1], 0.03, 1e-15);
  EXPECT_NEAR(adjusted[2], 0.03, 1e-15);
}

TEST(Holm, OneHypothesisIsUnchangedAndNoneIsEmpty) {
  const std::vector<double> one{0.042};
  EXPECT_DOUBLE_EQ(holm_adjust(one)[0], 0.042);
  EXPECT_TRUE(holm_adjust(std::vector<double>{}).empty());
}

TEST(Holm, RefusesValuesThatAreNotProbabilities) {
  EXPECT_THROW(holm_adjust(std::vector<double>{0.1, 1.5}), std::invalid_argument);
  EXPECT_THROW(holm_adjust(std::vector<double>{-0.1}), std::invalid_argument);
  EXPECT_THROW(holm_adjust(std::vector<double>{std::numeric_limits<double>::quiet_NaN()}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
