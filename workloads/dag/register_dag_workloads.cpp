// The one place where task-DAG workloads are registered by name.
#include "workloads/registry.hpp"

namespace mpnsim {

std::vector<WorkloadEntry> dag_workload_listing() { return {}; }

}  // namespace mpnsim
