// Nemenyi's critical difference from the studentized range quantile (Demšar 2006, §3.2.2).
#include "experiments/analysis/nemenyi.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
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

std::vector<std::vector<std::size_t>> nemenyi_groups(std::span<const double> mean_ranks, double cd) {
  std::vector<std::size_t> order(mean_ranks.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mean_ranks[a] < mean_ranks[b]; });
  std::vector<std::vector<std::size_t>> groups;
  std::size_t last_end = 0;  // end of the latest group: a run inside it is not maximal
  for (std::size_t first = 0; first < order.size(); ++first) {
    std::size_t end = first + 1;
    while (end < order.size() && mean_ranks[order[end]] - mean_ranks[order[first]] < cd) ++end;
    if (end - first < 2 || end <= last_end) continue;
    groups.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(first), order.begin() + static_cast<std::ptrdiff_t>(end));
    last_end = end;
  }
  return groups;
}

}  // namespace mpnsim
