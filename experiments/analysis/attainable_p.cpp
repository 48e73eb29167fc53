// Floors of the Wilcoxon and Holm p-values for a number of instances and of tests.
#include "experiments/analysis/attainable_p.hpp"

#include <algorithm>
#include <cmath>

#include "experiments/analysis/wilcoxon.hpp"

namespace mpnsim {

double smallest_wilcoxon_p(std::size_t n) {
  if (n == 0) return 1;
  const auto nn = static_cast<double>(n);
  if (n <= kWilcoxonExactMaxPairs) return std::min(1.0, std::ldexp(2.0, -static_cast<int>(n)));
  // The normal approximation of wilcoxon.cpp at the largest W+, without ties.
  const double z = (nn * (nn + 1) / 2 - nn * (nn + 1) / 4) / std::sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
  return std::erfc(z / std::sqrt(2.0));
}

double smallest_holm_p(std::size_t n, std::size_t tests) {
  return std::min(1.0, static_cast<double>(std::max<std::size_t>(tests, 1)) * smallest_wilcoxon_p(n));
}

}  // namespace mpnsim
