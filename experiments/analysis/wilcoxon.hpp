// Wilcoxon signed-rank test of paired samples, two-sided: exact up to 50 pairs, normal above.
#pragma once

#include <cstddef>
#include <span>

namespace mpnsim {

// Up to this many non-zero differences the p-value is exact; above, the normal approximation.
inline constexpr std::size_t kWilcoxonExactMaxPairs = 50;

struct SignedRankTest {
  std::size_t pairs = 0;  // non-zero differences, the n of the test
  double w_plus = 0;      // sum of the (mid-)ranks of |x - y| over the pairs where x > y
  double p_value = 1;     // two-sided
  bool exact = true;      // false when the normal approximation was used
};

// Tests whether the differences x[i] - y[i] are symmetric about 0.
// - Zero differences (x[i], y[i] tied within the project tolerance, metric_direction.hpp) are
//   dropped before ranking (Wilcoxon's convention); with none left the p-value is 1.
// - Tied |differences| (within the same tolerance) share their mid-rank.
// - n <= kWilcoxonExactMaxPairs: the exact permutation distribution of W+ given the observed
//   mid-ranks, every sign pattern equally likely (the conditional permutation test; see Lehmann,
//   Nonparametrics, 1975, ch. 3). Without ties it is the classical exact null distribution.
//   p = min(1, 2 min(P(W+ <= w), P(W+ >= w))).
// - n > kWilcoxonExactMaxPairs: z = (W+ - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24 - sum(t^3 - t)/48),
//   t running over the sizes of the groups of tied |differences|, without continuity correction
//   (Hollander & Wolfe, Nonparametric Statistical Methods, §3.1); p = 2 (1 - Phi(|z|)), the value of
//   R's wilcox.test(x, y, paired = TRUE, exact = FALSE, correct = FALSE).
// Throws std::invalid_argument when the spans differ in length or hold a NaN or infinite value.
SignedRankTest wilcoxon_signed_rank(std::span<const double> x, std::span<const double> y);

}  // namespace mpnsim
