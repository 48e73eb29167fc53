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

// The listings of each family of workloads, each defined beside its own registry
// (workloads/tree/register_tree_workloads.cpp, workloads/dag/register_dag_workloads.cpp).
std::vector<WorkloadEntry> tree_workload_listing();
std::vector<WorkloadEntry> dag_workload_listing();

}  // namespace mpnsim
