// Workloads by name (task trees, DAGs, divisible loads), registered in register_all.cpp.
#pragma once

#include <string>
#include <vector>

#include "sim/parameters.hpp"

namespace mpnsim {

struct WorkloadEntry {
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;
};

// Every registered workload generator or reader, in the order `mpnsim list` prints them.
const std::vector<WorkloadEntry>& workload_registry();

}  // namespace mpnsim
