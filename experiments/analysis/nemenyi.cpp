// Nemenyi's critical difference from the studentized range quantile (Demšar 2006, §3.2.2).
#include "experiments/analysis/nemenyi.hpp"

#include <cmath>
#include <stdexcept>

#include "experiments/analysis/studentized_range.hpp"

namespace mpnsim {

double nemenyi_critical_difference(std::size_t k, std::size_t n, double alpha) {
  if (k < 2 || n < 1) throw std::invalid_argument("Nemenyi test: needs at least two variants and one instance");
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("Nemenyi test: alpha must lie in (0, 1)");
  const double q = studentized_range_quantile(1 - alpha, static_cast<int>(k));
  const auto kk = static_cast<double>(k);
  return q / std::sqrt(2.0) * std::sqrt(kk * (kk + 1) / (6 * static_cast<double>(n)));
}

}  // namespace mpnsim
