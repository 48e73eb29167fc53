// A first upper bound for the exact search: a schedule improved by moving tasks to other processors.
#pragma once

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

// Local search over allocations under comm: free. An allocation is played by appending the
// tasks, in order of decreasing upward rank under that allocation (a topological order), each on
// its processor at its earliest start. From the allocation of `start`, it moves one task to another
// processor, or a task with its ancestors (or descendants) on its processor to another, or swaps
// two tasks' processors, or, where none of these helps, shares the tasks of a processor that ends
// last and of one other anew in every way (at most 10 tasks), while that improves the played
// schedule: shorter, or as long with the processors' finishes, latest first, lexicographically
// smaller (first improvement, at most 64 sweeps and about 2·10^8 steps in all; Ctrl-C stops it);
// then, `kicks` times, sends two to four tasks drawn at random (a fixed seed) to random processors
// from the best allocation so far and descends again (iterated local search; the step limit covers
// the kicks too), and returns the played schedule of the best allocation, or `start` when nothing
// it played was shorter. Deterministic. A list scheduler spreads a join's predecessors or keeps
// too many together; the moves find, for instance, which few predecessors are worth sending
// from elsewhere when messages are costly, where the search alone would take long; the finishes
// and the sharing anew pack whole works where two processors end last together.
Schedule descend_allocations(const DagProblem& problem, Schedule start, int kicks = 0);

}  // namespace mpnsim
