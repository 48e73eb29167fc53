// The one place where strategies and schedulers are registered by name.
#include "schedulers/registry.hpp"

namespace mpnsim {

const std::vector<SchedulerEntry>& scheduler_registry() {
  // Divisible-load strategies, tree and DAG schedulers join as they land (issues 3-5).
  static const std::vector<SchedulerEntry> entries{};
  return entries;
}

}  // namespace mpnsim
