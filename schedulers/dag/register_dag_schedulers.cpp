// The one place where DAG schedulers are registered by name.
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

const std::vector<DagSchedulerEntry>& dag_schedulers() {
  static const std::vector<DagSchedulerEntry> entries{
      lps_scheduler(), hlf_scheduler(), dls_scheduler(), dls_pairs_scheduler(), heft_scheduler(),
  };
  return entries;
}

const DagSchedulerEntry* find_dag_scheduler(const std::string& name) {
  for (const auto& e : dag_schedulers())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<SchedulerEntry> dag_scheduler_listing() {
  std::vector<SchedulerEntry> out;
  for (const auto& e : dag_schedulers()) out.push_back({e.name, "dag", e.description, e.params});
  return out;
}

}  // namespace mpnsim
