// Cost tables: checked on construction, row means kept for the schedulers' priorities.
#include "workloads/dag/cost_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

CostTable::CostTable(int tasks, int processors, std::vector<double> values)
    : tasks_(tasks), processors_(processors), values_(std::move(values)) {
  if (processors < 1) throw std::invalid_argument("a cost table needs at least one processor column");
  if (tasks < 0 || values_.size() != static_cast<std::size_t>(tasks) * static_cast<std::size_t>(processors))
    throw std::invalid_argument(fmt::format("a cost table of {} tasks on {} processors needs {} values, got {}", tasks,
                                            processors, static_cast<long long>(tasks) * processors, values_.size()));
  mean_.assign(static_cast<std::size_t>(tasks), 0.0);
  for (int t = 0; t < tasks; ++t) {
    double sum = 0;
    for (int p = 0; p < processors; ++p) {
      const double v = at(t, p);
      if (!(std::isfinite(v) && v >= 0))
        throw std::invalid_argument(fmt::format("cost of task {} on P{} must be a number >= 0, got {}", t, p, v));
      sum += v;
    }
    mean_[static_cast<std::size_t>(t)] = sum / processors;
  }
}

double CostTable::best_single_processor_time() const {
  if (processors_ == 0) return 0.0;
  double best = std::numeric_limits<double>::infinity();
  for (int p = 0; p < processors_; ++p) {
    double sum = 0;
    for (int t = 0; t < tasks_; ++t) sum += at(t, p);
    best = std::min(best, sum);
  }
  return best;
}

}  // namespace mpnsim
