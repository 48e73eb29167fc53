// The one load imbalance factor (LIF) of mpnsim, thesis chapter 4 (SPEC §4).
#pragma once

#include <span>

namespace mpnsim {

// LIF = (max_i load_i - ideal) / ideal, in percent, with ideal = total / N.
// For task counts the thesis's tables use ideal = max(1, total / N): a level
// with fewer tasks than processors is perfectly balanced at one task each
// (`at_least_one_task`). An all-zero load gives 0.
double load_imbalance_factor(std::span<const double> loads, bool at_least_one_task);

// Task counts per processor, with the thesis convention ideal = max(1, total / N).
double task_count_lif(std::span<const int> tasks_per_processor);

}  // namespace mpnsim
