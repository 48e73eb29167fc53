// Divisible-load strategies and task schedulers by name, registered in register_all.cpp.
#pragma once

#include <string>
#include <vector>

#include "sim/parameters.hpp"

namespace mpnsim {

struct SchedulerEntry {
  std::string name;
  std::string kind;  // "strategy" (divisible load), "tree" (task trees) or "dag" (task DAGs)
  std::string description;
  std::vector<ParamSpec> params;
};

// Every registered strategy and scheduler, in the order `mpnsim list` prints them.
const std::vector<SchedulerEntry>& scheduler_registry();

}  // namespace mpnsim
