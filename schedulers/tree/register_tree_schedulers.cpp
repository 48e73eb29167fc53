// The one place where task-tree schedulers are registered by name.
#include <stdexcept>

#include "schedulers/registry.hpp"
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

// Your own variants (docs/extending.md): declare each one's entry here, defined in its own file
// in this folder, and add it to the list in registry() below. No header changes.

namespace {

// The built-in schedulers; a program may append its own with register_tree_scheduler.
std::vector<TreeSchedulerEntry>& registry() {
  static std::vector<TreeSchedulerEntry> entries{
      mds_scheduler(),          mds_relay_scheduler(),          round_robin_scheduler(),
      minimum_load_scheduler(), dimension_exchange_scheduler(), hierarchical_balancing_scheduler(),
      gradient_model_scheduler(),
  };
  return entries;
}

}  // namespace

const std::vector<TreeSchedulerEntry>& tree_schedulers() { return registry(); }

void register_tree_scheduler(TreeSchedulerEntry entry) {
  if (find_tree_scheduler(entry.name) != nullptr)
    throw std::invalid_argument("a task-tree scheduler named '" + entry.name + "' is already registered");
  registry().push_back(std::move(entry));
}

const TreeSchedulerEntry* find_tree_scheduler(const std::string& name) {
  for (const auto& e : tree_schedulers())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<SchedulerEntry> tree_scheduler_listing() {
  std::vector<SchedulerEntry> out;
  for (const auto& e : tree_schedulers()) out.push_back({e.name, "tree", e.description, e.params});
  return out;
}

namespace detail {
ParamSpec min_distance_param() {
  return ParamSpec{"min_distance", ParamType::boolean, "true",
                   "move only tasks that stay within one hop of their parent's processor (thesis §4.2, §5.1); "
                   "false balances freely and the violations are counted",
                   0, 0, {}};
}
}  // namespace detail

}  // namespace mpnsim
