// Holm's step-down adjustment: sort, scale by the number of hypotheses left, keep it monotone.
#include "experiments/analysis/holm.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace mpnsim {

std::vector<double> holm_adjust(std::span<const double> p_values) {
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    if (!(p_values[i] >= 0 && p_values[i] <= 1)) {
      throw std::invalid_argument("Holm correction: p-value " + std::to_string(i) + " (" +
                                  std::to_string(p_values[i]) + ") is not in [0, 1]");
    }
  }
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });

  std::vector<double> adjusted(m);
  double running_max = 0;  // the step-down procedure stops at the first acceptance: never decrease
  for (std::size_t k = 0; k < m; ++k) {
    const double scaled = std::min(1.0, static_cast<double>(m - k) * p_values[order[k]]);
    running_max = std::max(running_max, scaled);
    adjusted[order[k]] = running_max;
  }
  return adjusted;
}

}  // namespace mpnsim
