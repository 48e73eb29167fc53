// Tests of the Wilcoxon signed-rank test against textbook examples, hand counts and the formula.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "experiments/analysis/wilcoxon.hpp"

namespace mpnsim {
namespace {

// Hollander & Wolfe (1973), p. 29f: Hamilton depression scale factor of 9 patients at the first (x)
// and second (y) visit after the start of a therapy. R's ?wilcox.test runs this example:
// wilcox.test(x, y, paired = TRUE) prints V = 40, p-value = 0.03906 (exact, two-sided).
const std::vector<double> kDepressionX{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
const std::vector<double> kDepressionY{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};

TEST(Wilcoxon, HollanderWolfeDepressionExample) {
  const SignedRankTest t = wilcoxon_signed_rank(kDepressionX, kDepressionY);
  EXPECT_EQ(t.pairs, 9u);
  EXPECT_TRUE(t.exact);
  EXPECT_DOUBLE_EQ(t.w_plus, 40.0);
  // By hand: P(W+ >= 40) = P(W+ <= 5) = 10 / 512, the subsets of {1..9} with sum <= 5.
  EXPECT_NEAR(t.p_value, 20.0 / 512.0, 1e-15);
  EXPECT_NEAR(t.p_value, 0.03906, 5e-6);
}

TEST(Wilcoxon, SwappingTheSamplesMirrorsTheStatisticNotThePValue) {
  const SignedRankTest t = wilcoxon_signed_rank(kDepressionY, kDepressionX);
  EXPECT_DOUBLE_EQ(t.w_plus, 45.0 - 40.0);
  EXPECT_NEAR(t.p_value, 20.0 / 512.0, 1e-15);
}

TEST(Wilcoxon, ZeroDifferencesAreDropped) {
  std::vector<double> x = kDepressionX, y = kDepressionY;
  for (double v : {0.7, 2.0, 1e-12, 5.0}) {  // four pairs that do not differ
    x.push_back(v);
    y.push_back(v);
  }
  x.push_back(1.0);  // and one that differs only by rounding noise, within relative 1e-9
  y.push_back(1.0 + 1e-13);
  const SignedRankTest t = wilcoxon_signed_rank(x, y);
  EXPECT_EQ(t.pairs, 9u);
  EXPECT_DOUBLE_EQ(t.w_plus, 40.0);
  EXPECT_NEAR(t.p_value, 20.0 / 512.0, 1e-15);
}

TEST(Wilcoxon, TableValueForTenPairs) {
  // Tables of the signed-rank statistic give P(T <= 8) = 0.0244 for n = 10: 25 of the 1024 subsets
  // of {1..10} sum to at most 8. Differences +1 -2 +3 +4 -5 ... -10 have W+ = 1 + 3 + 4 = 8.
  std::vector<double> x, y;
  for (int k = 1; k <= 10; ++k) {
    const bool positive = k == 1 || k == 3 || k == 4;
    x.push_back(100.0 + (positive ? k : -k));
    y.push_back(100.0);
  }
  const SignedRankTest t = wilcoxon_signed_rank(x, y);
  EXPECT_DOUBLE_EQ(t.w_plus, 8.0);
  EXPECT_NEAR(t.p_value, 2 * 25.0 / 1024.0, 1e-15);
  EXPECT_NEAR(t.p_value / 2, 0.0244, 5e-5);
}

TEST(Wilcoxon, ExactWithMidRanksWorkedByHand) {
  // Differences +1 -1 +2 +3: |d| ranks 1.5 1.5 3 4, W+ = 1.5 + 3 + 4 = 8.5. Of the 16 sign patterns
  // (ranks 1.5 1.5 3 4), those with W+ >= 8.5 are {1.5,3,4} twice and all four: 3/16.
  // Two-sided p = 2 x 3/16 = 0.375.
  const std::vector<double> x{11, 9, 12, 13}, y{10, 10, 10, 10};
  const SignedRankTest t = wilcoxon_signed_rank(x, y);
  EXPECT_EQ(t.pairs, 4u);
  EXPECT_DOUBLE_EQ(t.w_plus, 8.5);
  EXPECT_TRUE(t.exact);
  EXPECT_NEAR(t.p_value, 0.375, 1e-15);
}

// Independent oracle for the exact conditional distribution: enumerates all 2^n sign patterns of
// the given mid-ranks. Only usable for small n, which is the point of the dynamic programme.
double enumerated_p(const std::vector<double>& mid_ranks, double w_plus) {
  const std::size_t n = mid_ranks.size();
  std::uint64_t at_most = 0, at_least = 0;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
    double w = 0;
    for (std::size_t k = 0; k < n; ++k)
      if (mask >> k & 1) w += mid_ranks[k];
    if (w <= w_plus + 1e-9) ++at_most;
    if (w >= w_plus - 1e-9) ++at_least;
  }
  return std::min(1.0, 2.0 * static_cast<double>(std::min(at_most, at_least)) / std::ldexp(1.0, static_cast<int>(n)));
}

TEST(Wilcoxon, ExactWithManyTiesAgreesWithEnumeration) {
  // 14 differences with |d| in groups 1 x3, 2 x4, 3 x1, 4 x6: mid-ranks 2, 5.5, 8, 11.5.
  const std::vector<double> d{1, -1, 1, 2, 2, -2, -2, 3, 4, 4, 4, -4, 4, 4};
  std::vector<double> mid;
  double w_plus = 0;
  for (double v : d) {
    const double m = std::abs(v) == 1 ? 2 : std::abs(v) == 2 ? 5.5 : std::abs(v) == 3 ? 8 : 11.5;
    mid.push_back(m);
    if (v > 0) w_plus += m;
  }
  std::vector<double> y(d.size(), 50.0), x;
  for (double v : d) x.push_back(50.0 + v);
  const SignedRankTest t = wilcoxon_signed_rank(x, y);
  EXPECT_DOUBLE_EQ(t.w_plus, w_plus);
  EXPECT_NEAR(t.p_value, enumerated_p(mid, w_plus), 1e-14);
  EXPECT_LT(t.p_value, 1.0);
}

TEST(Wilcoxon, NormalApproximationWithTiesAboveFiftyPairs) {
  // 60 differences: |d| = 1 (15 positive, 5 negative), |d| = 2 (10 and 10), |d| = 3 (18 and 2).
  // Mid-ranks by hand: 10.5 for ranks 1..20, 30.5 for 21..40, 50.5 for 41..60.
  std::vector<double> x, y;
  auto add = [&](double magnitude, int positive, int negative) {
    for (int k = 0; k < positive; ++k) x.push_back(20 + magnitude), y.push_back(20);
    for (int k = 0; k < negative; ++k) x.push_back(20 - magnitude), y.push_back(20);
  };
  add(1, 15, 5);
  add(2, 10, 10);
  add(3, 18, 2);
  const double w_plus = 15 * 10.5 + 10 * 30.5 + 18 * 50.5;  // 1371.5
  const double n = 60;
  const double mean = n * (n + 1) / 4;                                              // 915
  const double var = n * (n + 1) * (2 * n + 1) / 24 - 3 * (20.0 * 20 * 20 - 20) / 48;  // 17953.75
  const double z = (w_plus - mean) / std::sqrt(var);
  const double expected = std::erfc(z / std::sqrt(2.0));

  const SignedRankTest t = wilcoxon_signed_rank(x, y);
  EXPECT_EQ(t.pairs, 60u);
  EXPECT_FALSE(t.exact);
  EXPECT_DOUBLE_EQ(t.w_plus, 1371.5);
  EXPECT_NEAR(t.p_value, expected, 1e-12);
  EXPECT_NEAR(t.p_value, 6.5698e-4, 1e-8);  // the same, evaluated independently to 5 digits
}

TEST(Wilcoxon, ExactUpToFiftyPairsNormalAbove) {
  auto sample = [](int n) {
    std::vector<double> x, y;
    for (int k = 1; k <= n; ++k) {
      x.push_back(k % 3 == 0 ? -k : k);
      y.push_back(0);
    }
    return std::pair{x, y};
  };
  const auto [x50, y50] = sample(50);
  const auto [x51, y51] = sample(51);
  const SignedRankTest t50 = wilcoxon_signed_rank(x50, y50);
  const SignedRankTest t51 = wilcoxon_signed_rank(x51, y51);
  EXPECT_TRUE(t50.exact);
  EXPECT_FALSE(t51.exact);
  // No ties: the plain normal formula, no continuity correction, above 50 pairs...
  auto normal_p = [](const SignedRankTest& t) {
    const auto n = static_cast<double>(t.pairs);
    const double z = (t.w_plus - n * (n + 1) / 4) / std::sqrt(n * (n + 1) * (2 * n + 1) / 24);
    return std::erfc(std::abs(z) / std::sqrt(2.0));
  };
  EXPECT_NEAR(t51.p_value, normal_p(t51), 1e-12);
  // ...and at 50 pairs the exact value, which the approximation should be close to but not equal.
  EXPECT_NEAR(t50.p_value, normal_p(t50), 2e-3);
  EXPECT_NE(t50.p_value, normal_p(t50));
}

TEST(Wilcoxon, NothingDiffersMeansPOne) {
  const std::vector<double> x{1, 2, 3};
  const SignedRankTest t = wilcoxon_signed_rank(x, x);
  EXPECT_EQ(t.pairs, 0u);
  EXPECT_DOUBLE_EQ(t.p_value, 1.0);
  const std::vector<double> none;
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(none, none).p_value, 1.0);
}

TEST(Wilcoxon, RefusesUnpairedOrNonFiniteSamples) {
  const std::vector<double> a{1, 2, 3}, b{1, 2};
  EXPECT_THROW(wilcoxon_signed_rank(a, b), std::invalid_argument);
  const std::vector<double> c{1, std::numeric_limits<double>::quiet_NaN(), 3};
  EXPECT_THROW(wilcoxon_signed_rank(a, c), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
