// The one place where DAG schedulers are registered by name.
#include "schedulers/registry.hpp"

namespace mpnsim {

std::vector<SchedulerEntry> dag_scheduler_listing() { return {}; }

}  // namespace mpnsim
