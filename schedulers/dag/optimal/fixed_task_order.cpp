// The test of Orr & Sinnen's fixed task order on the free tasks of a state (fixed_task_order.hpp).
#include "schedulers/dag/optimal/fixed_task_order.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace mpnsim {

std::vector<int> fixed_task_order(std::span<const int> free, std::span<const double> drt, int processors,
                                  const AdjacentExchange& exchange) {
  const std::size_t n = free.size();
  const auto P = static_cast<std::size_t>(processors);
  if (n < 2 || !exchange.enabled()) return {};
  std::vector<std::size_t> row(n);
  std::iota(row.begin(), row.end(), std::size_t{0});
  std::sort(row.begin(), row.end(), [&](std::size_t a, std::size_t b) { return exchange.rank(free[a]) < exchange.rank(free[b]); });
  // Each consecutive pair suffices: both the data-ready order and the covering of successors
  // are transitive, so every pair in rank order then passes too.
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const std::size_t a = row[i], b = row[i + 1];
    for (std::size_t p = 0; p < P; ++p)
      if (!exchange.dominated(free[b], drt[b * P + p], free[a], drt[a * P + p], static_cast<int>(p))) return {};
  }
  std::vector<int> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = free[row[i]];
  return order;
}

}  // namespace mpnsim
