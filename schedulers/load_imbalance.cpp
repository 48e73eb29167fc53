// Load imbalance factor.
#include "schedulers/load_imbalance.hpp"

#include <algorithm>
#include <vector>

namespace mpnsim {

double load_imbalance_factor(std::span<const double> loads, bool at_least_one_task) {
  if (loads.empty()) return 0;
  double total = 0, max_load = 0;
  for (double l : loads) {
    total += l;
    max_load = std::max(max_load, l);
  }
  double ideal = total / static_cast<double>(loads.size());
  if (at_least_one_task) ideal = std::max(1.0, ideal);
  if (!(ideal > 0)) return 0;
  return (max_load - ideal) / ideal * 100.0;
}

double task_count_lif(std::span<const int> tasks_per_processor) {
  std::vector<double> loads(tasks_per_processor.begin(), tasks_per_processor.end());
  return load_imbalance_factor(loads, true);
}

}  // namespace mpnsim
