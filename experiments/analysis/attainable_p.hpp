// The smallest p-value a test can give on n instances: below it, no data can show a difference.
#pragma once

#include <cstddef>

namespace mpnsim {

// The smallest two-sided p-value of wilcoxon_signed_rank on n pairs: every difference non-zero,
// of one sign and distinct in size. Exact (n <= kWilcoxonExactMaxPairs): 2 / 2^n, the one sign
// pattern of the observed sum and its mirror. Above: the normal approximation's p for the largest
// W+ = n (n + 1) / 2. 1 for n = 0.
double smallest_wilcoxon_p(std::size_t n);

// The smallest Holm-adjusted p-value among `tests` Wilcoxon tests on n pairs each: Holm multiplies
// the smallest raw p by the number of tests, so min(1, tests * smallest_wilcoxon_p(n)). When it is
// at least the level (0.05), no adjusted p can fall below it, whatever the data: 8 variants
// (28 pairs) on 8 instances give 28 * 2 / 256 = 0.22.
double smallest_holm_p(std::size_t n, std::size_t tests);

}  // namespace mpnsim
