// The one place where workloads are registered by name.
#include "workloads/registry.hpp"

namespace mpnsim {

const std::vector<WorkloadEntry>& workload_registry() {
  // Task-tree and DAG workloads join this list as they land (issues 4 and 5).
  static const std::vector<WorkloadEntry> entries{};
  return entries;
}

}  // namespace mpnsim
