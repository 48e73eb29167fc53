// The one place where DAG schedulers are registered by name.
#include <stdexcept>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

namespace {

// The built-in schedulers; a program may append its own with register_dag_scheduler.
std::vector<DagSchedulerEntry>& registry() {
  static std::vector<DagSchedulerEntry> entries{
      lps_scheduler(),  hlf_scheduler(),  dls_scheduler(),     dls_pairs_scheduler(), heft_scheduler(),
      cpop_scheduler(), peft_scheduler(), etf_scheduler(),     min_min_scheduler(),   max_min_scheduler(),
  };
  return entries;
}

}  // namespace

const std::vector<DagSchedulerEntry>& dag_schedulers() { return registry(); }

void register_dag_scheduler(DagSchedulerEntry entry) {
  if (find_dag_scheduler(entry.name) != nullptr)
    throw std::invalid_argument("a DAG scheduler named '" + entry.name + "' is already registered");
  registry().push_back(std::move(entry));
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
