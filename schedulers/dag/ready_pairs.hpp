// Greedy mapping of ready tasks (ETF, Min-Min, Max-Min): each ready task's best processor, kept current as tasks are placed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

// A ready task (every predecessor placed) and the processor where it would start or
// finish soonest, appended after that processor's last task.
struct ReadyPair {
  int task = 0;
  int processor = 0;
  double start = 0;   // max(data ready, processor free)
  double finish = 0;  // start + execution time on that processor
};

// What a processor is chosen by, for each ready task: the earliest start (ETF) or the
// earliest completion (Min-Min, Max-Min); ties to the lowest index.
enum class PairKey { start, finish };

// Which ready pair to place next: the index of the chosen one in `ready` (never empty).
using PairChoice = std::function<std::size_t(const std::vector<ReadyPair>& ready)>;

// Places every task, one ready pair at a time, as `choose` picks them. Placing a task on p
// only delays p, so only the ready tasks whose best processor was p are looked at again.
Schedule schedule_ready_pairs(const DagProblem& problem, std::string name, PairKey key, const PairChoice& choose);

}  // namespace mpnsim
