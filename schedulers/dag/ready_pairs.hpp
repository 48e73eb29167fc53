// Greedy mapping of ready tasks (ETF, Min-Min, Max-Min, DLS-pairs): each ready task's best processor, kept current as tasks are placed.
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

// Whether ready pair a goes before b: a strict total order (ties broken down to the task).
using PairOrder = std::function<bool(const ReadyPair& a, const ReadyPair& b)>;

// Whether the order ranks the pairs first by their key less an offset of the task, least first
// (ETF by start, Min-Min by finish, with no offsets; DLS-pairs by start less the static level,
// which is the highest dynamic level first), or by something else (Max-Min: largest finish
// first).
enum class PairRanking { least_key_first, other };

// Places every task, one ready pair at a time, the first of them by `before`.
// - Ranked least_key_first by start (ETF, DLS-pairs): `before` must rank by the value (start
//   less the offset) first, then by an order of the tasks alone, the same at every start. Each
//   processor keeps its ready tasks by when they could start there (ProcessorQueues): in the
//   free model the least of the processors' least pairs is the pick; with contention the
//   queues hold lower bounds that placements only raise, and pairs are evaluated one processor
//   each, least bound first, until a bound passes the best pair found. Near-linear in the tasks
//   (times the processors) where looking at every ready task again was quadratic.
// - Otherwise each ready task keeps its best processor. Placing a task on p only delays p, so
//   only the ready tasks whose best processor was p are looked at again. With contention any
//   ready task's data may be delayed by a placement: then, where the order ranks by least key
//   (Min-Min), the ready tasks are looked at in order of a lower bound on their key
//   (ScheduleBuilder::Choice::bound, which placements only raise), only until the bound passes
//   the best key found.
// Either way the choice is the one of looking at every ready pair again at each step.
// `offsets` (one per task, or empty: none) are what least_key_first subtracts from the key.
Schedule schedule_ready_pairs(const DagProblem& problem, std::string name, PairKey key, const PairOrder& before,
                              PairRanking ranking, const std::vector<double>& offsets = {});

}  // namespace mpnsim
