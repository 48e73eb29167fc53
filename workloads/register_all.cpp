// The listing of every workload: task trees, then task DAGs (each family registers its own).
#include "workloads/registry.hpp"

namespace mpnsim {

const std::vector<WorkloadEntry>& workload_registry() {
  static const std::vector<WorkloadEntry> entries = [] {
    std::vector<WorkloadEntry> v = tree_workload_listing();
    for (auto& e : dag_workload_listing()) v.push_back(std::move(e));
    return v;
  }();
  return entries;
}

}  // namespace mpnsim
