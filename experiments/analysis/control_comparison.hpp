// Every variant against one control: paired counts and Wilcoxon tests, Holm-adjusted over the k - 1 tests.
#pragma once

#include <cstddef>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"
#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

struct ControlComparison {
  std::size_t variant = 0;  // column of the variant compared with the control's column
  std::size_t control = 0;
  std::size_t better = 0;  // instances where the variant is strictly better than the control
  std::size_t ties = 0;
  std::size_t worse = 0;
  double wilcoxon_p = 1;  // two-sided signed-rank test of variant - control (wilcoxon.hpp)
  double holm_p = 1;      // adjusted by Holm over the tests of this call only
};

// One pair per (variant, control) in `pairs`, in that order: [variant column, control column].
// Each pair is counted and tested on the instances (rows) of `values`; the p-values are then
// adjusted by Holm over these tests only. Comparing with one control asks k - 1 questions, not
// k (k - 1) / 2, so its adjusted p-values are smaller than those over every pair (Demšar 2006,
// §3.2.2, for the same reasoning with Bonferroni-Dunn). A factorial design passes one pair per
// level of the other factor and non-control level of this one.
// Throws std::invalid_argument for an incomplete matrix or a column out of range.
std::vector<ControlComparison> compare_with_control(Better better, const ValueMatrix& values,
                                                    const std::vector<std::pair<std::size_t, std::size_t>>& pairs);

}  // namespace mpnsim
