// The Friedman test of k variants ranked on n instances, with the Iman-Davenport F statistic.
#pragma once

#include <cstddef>
#include <vector>

#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

struct FriedmanTest {
  std::size_t instances = 0;      // N
  std::size_t variants = 0;       // k
  std::vector<double> mean_ranks;  // R_j, in the order of the matrix columns
  // Friedman's statistic with the correction for ties: the uncorrected statistic of Demšar (2006,
  // eq. after §3.2.2) divided by tie_correction. Equal to it without ties. The value SciPy's
  // friedmanchisquare and R's friedman.test give.
  double chi2 = 0;
  double tie_correction = 1;  // 1 - sum(t^3 - t) / (N k (k^2 - 1)), t over the sizes of tie groups
  double chi2_p = 1;          // upper tail of chi-square with k - 1 degrees of freedom
  // Iman & Davenport (1980): F = (N - 1) chi2 / (N (k - 1) - chi2), F-distributed with k - 1 and
  // (k - 1)(N - 1) degrees of freedom; less conservative than chi2_p (Demšar 2006, §3.2.2).
  // +inf with p = 0 when every instance ranks the variants the same way; NaN (undefined) for one
  // instance, where the second degrees of freedom are 0.
  double iman_davenport_f = 0;
  double iman_davenport_p = 1;
};

// Tests whether the k variants (columns) of ranks[instance][variant] are equivalent, each row
// holding the mid-ranks of one instance (rank_matrix). Needs k >= 2 and a complete matrix (throws
// std::invalid_argument otherwise). When every instance ties all variants, there is nothing to
// rank: chi2 = 0 and both p-values are 1.
// Friedman, "The use of ranks to avoid the assumption of normality implicit in the analysis of
// variance", JASA 32 (1937); Conover, Practical Nonparametric Statistics (1999), §5.8, for ties.
FriedmanTest friedman_test(const ValueMatrix& ranks);

}  // namespace mpnsim
