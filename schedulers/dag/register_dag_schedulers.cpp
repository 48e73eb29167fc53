// The one place where DAG schedulers are registered by name.
#include <algorithm>
#include <stdexcept>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

// Your own variants (docs/extending.md): declare each one's entry here, defined in its own file
// in this folder, and add it to the list in registry() below. No header changes.

namespace {

// Every DAG scheduler takes `comm` and `route` (comm_model.hpp): the entry's function sets
// DagProblem::options from them, which ScheduleBuilder reads. A scheduler that declares
// `comm` itself keeps its default.
DagSchedulerEntry with_comm_params(DagSchedulerEntry e) {
  const bool declares = std::any_of(e.params.begin(), e.params.end(), [](const ParamSpec& p) { return p.name == "comm"; });
  if (!declares)
    for (auto& p : comm_params()) e.params.push_back(std::move(p));
  e.schedule = [inner = std::move(e.schedule)](const DagProblem& problem, const ParamSet& params) {
    if (!params.has("comm") && !params.has("route")) return inner(problem, params);
    DagProblem chosen = problem;
    chosen.options = comm_options(params);
    return inner(chosen, params);
  };
  return e;
}

// The built-in schedulers; a program may append its own with register_dag_scheduler.
std::vector<DagSchedulerEntry>& registry() {
  static std::vector<DagSchedulerEntry> entries = [] {
    std::vector<DagSchedulerEntry> list{
        lps_scheduler(),  hlf_scheduler(),  dls_scheduler(), dls_pairs_scheduler(), heft_scheduler(),
        cpop_scheduler(), peft_scheduler(), etf_scheduler(), min_min_scheduler(),   max_min_scheduler(),
        bsa_scheduler(),
        optimal_scheduler(),
    };
    for (auto& e : list) e = with_comm_params(std::move(e));
    return list;
  }();
  return entries;
}

}  // namespace

const std::vector<DagSchedulerEntry>& dag_schedulers() { return registry(); }

void register_dag_scheduler(DagSchedulerEntry entry) {
  if (find_dag_scheduler(entry.name) != nullptr)
    throw std::invalid_argument("a DAG scheduler named '" + entry.name + "' is already registered");
  registry().push_back(with_comm_params(std::move(entry)));
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
