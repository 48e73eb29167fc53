// The one place where task-tree workloads are registered by name.
#include "workloads/registry.hpp"

namespace mpnsim {

std::vector<WorkloadEntry> tree_workload_listing() { return {}; }

}  // namespace mpnsim
