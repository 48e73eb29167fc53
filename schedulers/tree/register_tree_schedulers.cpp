// The one place where task-tree schedulers are registered by name.
#include "schedulers/registry.hpp"

namespace mpnsim {

std::vector<SchedulerEntry> tree_scheduler_listing() { return {}; }

}  // namespace mpnsim
