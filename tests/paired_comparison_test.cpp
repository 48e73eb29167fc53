// Tests of the paired comparison of variants on a small matrix worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "experiments/analysis/paired_comparison.hpp"

namespace mpnsim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Makespans (lower is better) of variants A, B, C on four instances.
//   instance 0: 10 20 10   best 10 (A and C tie)   ratios 1    2   1
//   instance 1:  6  3  4   best 3  (B)             ratios 2    1   4/3
//   instance 2:  0  0  5   best 0  (A and B tie)   ratios 1    1   inf
//   instance 3:  8 10  5   best 5  (C)             ratios 1.6  2   1
const ValueMatrix kMakespans{{10, 20, 10}, {6, 3, 4}, {0, 0, 5}, {8, 10, 5}};

TEST(PairedComparison, PerVariantColumnsWorkedByHand) {
  const Comparison c = compare_variants(Better::lower, kMakespans);
  ASSERT_EQ(c.variants.size(), 3u);
  const VariantComparison& a = c.variants[0];
  const VariantComparison& b = c.variants[1];
  const VariantComparison& cc = c.variants[2];

  EXPECT_EQ(a.instances, 4u);
  EXPECT_DOUBLE_EQ(a.mean, 6.0);
  EXPECT_DOUBLE_EQ(b.mean, 8.25);
  EXPECT_DOUBLE_EQ(cc.mean, 6.0);
  // A: deviations 4 0 -6 2, s^2 = 56/3; t(0.975; 3) = 3.1824463 (table).
  EXPECT_NEAR(a.ci95, 3.1824463 * std::sqrt(56.0 / 3.0) / 2.0, 1e-6);

  // Instance 2 has an infinite ratio (C against a best of 0): it is left out of every variant's
  // ratio means, which are over instances 0, 1 and 3.
  EXPECT_EQ(a.ratio_instances, 3u);
  EXPECT_EQ(cc.ratio_instances, 3u);
  EXPECT_DOUBLE_EQ(a.mean_ratio_to_best, (1 + 2 + 1.6) / 3);
  EXPECT_NEAR(a.geomean_ratio_to_best, std::cbrt(2 * 1.6), 1e-14);
  EXPECT_DOUBLE_EQ(b.mean_ratio_to_best, (2 + 1 + 2) / 3.0);
  EXPECT_NEAR(b.geomean_ratio_to_best, std::cbrt(4.0), 1e-14);
  EXPECT_DOUBLE_EQ(cc.mean_ratio_to_best, (1 + 4.0 / 3 + 1) / 3);
  EXPECT_NEAR(cc.geomean_ratio_to_best, std::cbrt(4.0 / 3), 1e-14);
  // Gaps to the best (10, 3, 0, 5) over all four instances, instance 2 included.
  EXPECT_DOUBLE_EQ(a.gap_to_best, (0 + 3 + 0 + 3) / 4.0);
  EXPECT_DOUBLE_EQ(b.gap_to_best, (10 + 0 + 0 + 5) / 4.0);
  EXPECT_DOUBLE_EQ(cc.gap_to_best, (0 + 1 + 5 + 0) / 4.0);

  // best counts every tied variant.
  EXPECT_EQ(a.best, 2u);
  EXPECT_EQ(b.best, 2u);
  EXPECT_EQ(cc.best, 2u);
  // A: inst 0 beats B, ties C; inst 1 loses to both; inst 2 ties B, beats C; inst 3 beats B, loses to C.
  EXPECT_EQ(a.wins, 3u);
  EXPECT_EQ(a.ties, 2u);
  EXPECT_EQ(a.losses, 3u);
  // B: loses twice on 0; wins twice on 1; ties A, beats C on 2; loses twice on 3.
  EXPECT_EQ(b.wins, 3u);
  EXPECT_EQ(b.ties, 1u);
  EXPECT_EQ(b.losses, 4u);
  // C: ties A, beats B on 0; beats A, loses to B on 1; loses twice on 2; wins twice on 3.
  EXPECT_EQ(cc.wins, 4u);
  EXPECT_EQ(cc.ties, 1u);
  EXPECT_EQ(cc.losses, 3u);
}

TEST(PairedComparison, PerPairColumnsWorkedByHand) {
  const Comparison c = compare_variants(Better::lower, kMakespans);
  ASSERT_EQ(c.pairs.size(), 3u);
  const PairComparison& ab = c.pairs[0];
  const PairComparison& ac = c.pairs[1];
  const PairComparison& bc = c.pairs[2];
  EXPECT_EQ(ab.variant_a, 0u);
  EXPECT_EQ(ab.variant_b, 1u);
  EXPECT_EQ(ac.variant_b, 2u);
  EXPECT_EQ(bc.variant_a, 1u);

  EXPECT_EQ(ab.instances, 4u);
  EXPECT_EQ(ab.a_better, 2u);  // instances 0 and 3
  EXPECT_EQ(ab.ties, 1u);      // instance 2
  EXPECT_EQ(ab.b_better, 1u);  // instance 1
  EXPECT_EQ(ac.a_better, 1u);
  EXPECT_EQ(ac.ties, 1u);
  EXPECT_EQ(ac.b_better, 2u);
  EXPECT_EQ(bc.a_better, 2u);
  EXPECT_EQ(bc.ties, 0u);
  EXPECT_EQ(bc.b_better, 2u);

  // A - B: -10 +3 (0 dropped) -2, ranks 3 2 1, W+ = 2; P(W+ <= 2) = 3/8 of the sign patterns.
  EXPECT_NEAR(ab.wilcoxon_p, 0.75, 1e-15);
  // A - C: (0 dropped) +2 -5 +3, ranks 1 3 2, W+ = 3 = n(n+1)/4, the centre: p = 1.
  EXPECT_NEAR(ac.wilcoxon_p, 1.0, 1e-15);
  // B - C: +10 -1 -5 +5, ranks 4 1 2.5 2.5, W+ = 6.5; 6 of the 16 patterns have W+ >= 6.5.
  EXPECT_NEAR(bc.wilcoxon_p, 0.75, 1e-15);
  // Holm: 0.75 x 3 and 0.75 x 2 cap at 1, and 1 stays 1.
  for (const auto& pair : c.pairs) EXPECT_DOUBLE_EQ(pair.holm_p, 1.0);
}

TEST(PairedComparison, HigherIsBetterInvertsRatiosAndWins) {
  // Speedups of A and B: A best on 0, tie at zero on 1, B best on 2 where A is 0.
  const ValueMatrix speedups{{4, 2}, {0, 0}, {0, 3}};
  const Comparison c = compare_variants(Better::higher, speedups);
  // Instance 2 (A's 0 against a best of 3) has an infinite ratio: out of the ratio means.
  EXPECT_EQ(c.variants[0].ratio_instances, 2u);
  EXPECT_DOUBLE_EQ(c.variants[1].mean_ratio_to_best, (2.0 + 1) / 2);
  EXPECT_DOUBLE_EQ(c.variants[0].mean_ratio_to_best, 1.0);
  EXPECT_DOUBLE_EQ(c.variants[0].gap_to_best, 3.0 / 3);  // best - value: 0, 0, 3
  EXPECT_DOUBLE_EQ(c.variants[1].gap_to_best, 2.0 / 3);  // 2, 0, 0
  EXPECT_EQ(c.variants[0].best, 2u);
  EXPECT_EQ(c.variants[1].best, 2u);
  EXPECT_EQ(c.variants[0].wins, 1u);
  EXPECT_EQ(c.variants[0].ties, 1u);
  EXPECT_EQ(c.variants[0].losses, 1u);
  EXPECT_EQ(c.pairs[0].a_better, 1u);
  EXPECT_EQ(c.pairs[0].ties, 1u);
  EXPECT_EQ(c.pairs[0].b_better, 1u);
}

TEST(PairedComparison, RatiosStayFiniteWhenTheBestScoresZero) {
  // LIF of three schedulers on three trees: the best is 0 on every tree, so every ratio of a
  // non-zero value is infinite; no instance is left for the ratio means, and they are NaN
  // (printed empty) rather than inf, while gap_to_best still ranks the variants.
  const ValueMatrix lif{{0, 2, 0}, {0, 1, 3}, {0, 0, 0}};
  const Comparison c = compare_variants(Better::lower, lif);
  for (const auto& v : c.variants) {
    EXPECT_EQ(v.ratio_instances, 1u);  // tree 2 only, where all tie at 0
    EXPECT_DOUBLE_EQ(v.mean_ratio_to_best, 1.0);
    EXPECT_TRUE(std::isfinite(v.gap_to_best));
  }
  EXPECT_DOUBLE_EQ(c.variants[0].gap_to_best, 0.0);
  EXPECT_DOUBLE_EQ(c.variants[1].gap_to_best, 1.0);
  EXPECT_DOUBLE_EQ(c.variants[2].gap_to_best, 1.0);
  const Comparison none = compare_variants(Better::lower, ValueMatrix{{0, 2}, {0, 1}});
  EXPECT_EQ(none.variants[1].ratio_instances, 0u);
  EXPECT_TRUE(std::isnan(none.variants[1].mean_ratio_to_best));
  EXPECT_TRUE(std::isnan(none.variants[1].geomean_ratio_to_best));
  EXPECT_DOUBLE_EQ(none.variants[1].gap_to_best, 1.5);
}

TEST(PairedComparison, OneInstanceHasNoInterval) {
  const Comparison one = compare_variants(Better::lower, ValueMatrix{{3, 4}});
  EXPECT_FALSE(one.variants[0].has_interval);
  const Comparison two = compare_variants(Better::lower, ValueMatrix{{3, 4}, {3, 5}});
  EXPECT_TRUE(two.variants[0].has_interval);
  EXPECT_EQ(two.variants[0].ci95, 0.0);  // constant data: exactly 0
}

TEST(PairedComparison, TiesUseTheSharedRelativeTolerance) {
  const ValueMatrix values{{1000.0, 1000.0 * (1 + 1e-12)}, {1000.0, 1000.0 * (1 + 1e-6)}};
  const Comparison c = compare_variants(Better::lower, values);
  EXPECT_EQ(c.pairs[0].ties, 1u);
  EXPECT_EQ(c.pairs[0].a_better, 1u);
  EXPECT_EQ(c.variants[1].best, 1u);
  EXPECT_NEAR(c.variants[1].geomean_ratio_to_best, std::sqrt(1 + 1e-6), 1e-15);
}

TEST(PairedComparison, HolmAdjustsAcrossThePairs) {
  // Twelve instances where A < B < C everywhere, by different amounts: each pair's exact
  // two-sided p is 2 / 2^12, and Holm multiplies the three equal p-values by 3.
  ValueMatrix values;
  for (int i = 1; i <= 12; ++i) values.push_back({10.0 + i, 10.0 + 3 * i, 10.0 + 7 * i});
  const Comparison c = compare_variants(Better::lower, values);
  for (const auto& pair : c.pairs) {
    EXPECT_NEAR(pair.wilcoxon_p, 2.0 / 4096, 1e-15);
    EXPECT_NEAR(pair.holm_p, 6.0 / 4096, 1e-15);
  }
  EXPECT_EQ(c.variants[0].wins, 24u);
  EXPECT_EQ(c.variants[2].losses, 24u);
}

TEST(PairedComparison, OneVariantHasNoPairs) {
  const Comparison c = compare_variants(Better::lower, ValueMatrix{{3}, {5}});
  ASSERT_EQ(c.variants.size(), 1u);
  EXPECT_TRUE(c.pairs.empty());
  EXPECT_EQ(c.variants[0].best, 2u);
  EXPECT_DOUBLE_EQ(c.variants[0].mean_ratio_to_best, 1.0);
}

TEST(PairedComparison, NegativeValuesLeaveRatiosUndefinedButTheRestComputed) {
  const Comparison c = compare_variants(Better::lower, ValueMatrix{{-1, 2}, {-3, 1}});
  EXPECT_TRUE(std::isnan(c.variants[0].mean_ratio_to_best));
  EXPECT_TRUE(std::isnan(c.variants[1].geomean_ratio_to_best));
  EXPECT_EQ(c.variants[0].wins, 2u);
  EXPECT_EQ(c.pairs[0].a_better, 2u);
}

TEST(PairedComparison, RefusesMissingValues) {
  EXPECT_THROW(compare_variants(Better::lower, ValueMatrix{{1, std::nan("")}}), std::invalid_argument);
  EXPECT_THROW(compare_variants(Better::lower, ValueMatrix{{1, 2}, {1}}), std::invalid_argument);
  EXPECT_THROW(compare_variants(Better::lower, ValueMatrix{{1, kInf}}), std::invalid_argument);
  EXPECT_THROW(compare_variants(Better::lower, ValueMatrix{}), std::invalid_argument);
  EXPECT_THROW(compare_variants(Better::lower, ValueMatrix{{}}), std::invalid_argument);
  try {
    compare_variants(Better::lower, ValueMatrix{{1, 2}, {3, std::nan("")}});
    FAIL() << "a NaN was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("instance 1, variant 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mpnsim

namespace mpnsim {
namespace {

// ratio_to optimum or bound: the ratios are to a reference per instance, worked by hand.
//   instance 0: 10 20   reference 8      ratios 1.25  2.5
//   instance 1:  6  3   reference NaN    left out (no proven optimum)
//   instance 2:  4  5   reference 4      ratios 1     1.25
TEST(PairedComparison, RatiosToAReferenceLeaveOutInstancesWithoutOne) {
  const ValueMatrix m{{10, 20}, {6, 3}, {4, 5}};
  const std::vector<double> reference{8, std::nan(""), 4};
  const Comparison c = compare_variants(Better::lower, m, reference);
  EXPECT_EQ(c.variants[0].ratio_instances, 2U);
  EXPECT_DOUBLE_EQ(c.variants[0].mean_ratio_to_best, (1.25 + 1) / 2);
  EXPECT_DOUBLE_EQ(c.variants[1].mean_ratio_to_best, (2.5 + 1.25) / 2);
  EXPECT_DOUBLE_EQ(c.variants[1].geomean_ratio_to_best, std::sqrt(2.5 * 1.25));
  // Wins and the gap still count against each instance's best, over all three instances.
  EXPECT_EQ(c.variants[0].instances, 3U);
  EXPECT_EQ(c.variants[0].best, 2U);
  EXPECT_DOUBLE_EQ(c.variants[0].gap_to_best, (0 + 3 + 0) / 3.0);
  EXPECT_THROW(compare_variants(Better::lower, m, std::vector<double>{1, 2}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
