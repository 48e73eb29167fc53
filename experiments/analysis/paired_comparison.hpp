// Paired comparison of variants measured on the same instances: per-variant and per-pair statistics.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"
#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

struct VariantComparison {
  std::size_t instances = 0;
  double mean = 0;                   // mean value over the instances
  double ci95 = 0;                   // half-width of its 95 % interval (exact Student t)
  bool has_interval = false;         // false for one instance: ci95 is then undefined (printed empty)
  double mean_ratio_to_best = 0;     // arithmetic mean of ratio_to_best over the ratio instances
  double geomean_ratio_to_best = 0;  // geometric mean of the same ratios
  std::size_t ratio_instances = 0;   // instances the two ratio means are over (see compare_variants)
  double gap_to_best = 0;            // mean of the distance to the instance's best value, 0 = always best
  std::size_t best = 0;              // instances where it is best, ties counting for every tied variant
  std::size_t wins = 0;              // (instance, other variant) pairs where it is strictly better
  std::size_t ties = 0;              // ... where the two values are tied
  std::size_t losses = 0;            // ... where it is strictly worse
};

struct PairComparison {
  std::size_t variant_a = 0;  // indices of the two variants, variant_a < variant_b
  std::size_t variant_b = 0;
  std::size_t instances = 0;
  std::size_t a_better = 0;  // instances where a is strictly better than b
  std::size_t ties = 0;
  std::size_t b_better = 0;
  double wilcoxon_p = 1;  // two-sided signed-rank test of a - b (wilcoxon.hpp)
  double holm_p = 1;      // wilcoxon_p adjusted by Holm across all pairs of this comparison
};

struct Comparison {
  std::vector<VariantComparison> variants;  // in the order of the matrix columns
  std::vector<PairComparison> pairs;        // (0,1), (0,2), ..., (1,2), ...: every unordered pair once
};

// Compares the variants (columns) of values[instance][variant] for a metric that improves in
// direction `better`. Ties are values_tied (relative 1e-9). The matrix must be complete
// (check_value_matrix throws otherwise): missing or NaN values are refused, never skipped.
// Ratios follow ratio_to_best: a tie with the best is 1, x > 0 against a best of 0 is +inf.
// An instance with an infinite ratio (a best of 0 that some variant misses: LIF 0 is common) is
// left out of the two ratio means of every variant, so that all are over the same instances
// and stay finite; ratio_instances says how many remain (the means are NaN when none does).
// The performance profile keeps such instances (an infinite ratio never counts as within tau),
// and gap_to_best keeps them too: it is the mean over all instances of value - best (lower is
// better) or best - value (higher is better), exactly 0 for a value tied with the best, always
// finite and >= 0, in the metric's own unit.
// Ratios need non-negative values: with any negative value in the matrix both ratio columns are
// NaN and ratio_instances 0, while the other statistics (gap_to_best included) are computed.
// `reference`, when given (one value per instance), replaces each instance's best as what the
// two ratio means are taken to (an optimum, a lower bound): the ratio of v to reference r is
// ratio_to_best(better, v, r). An instance whose reference is NaN is left out of the ratio
// means, as one with an infinite ratio is; gap_to_best, wins and ties still count the best.
Comparison compare_variants(Better better, const ValueMatrix& values, std::span<const double> reference = {});

}  // namespace mpnsim
