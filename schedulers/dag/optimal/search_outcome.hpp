// What an exact search hands back: its best schedule (when it beat the first upper bound) and its report.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

struct SearchOutcome {
  // Contention-free search: the best schedule found, task by task in the order it placed
  // them; empty when nothing beat the upper bound.
  std::vector<std::pair<int, TaskPlacement>> placements;
  // Contention search: the best schedule found with its bookings, when it beat the bound.
  std::optional<Schedule> schedule;
  SearchReport report;  // report.lower_bound <= the best makespan; optimal when proven
};

}  // namespace mpnsim
