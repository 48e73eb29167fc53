// The exact search for the contention-free model: branch and bound over partial schedules and over allocations.
#pragma once

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_budget.hpp"
#include "schedulers/dag/optimal/search_outcome.hpp"

namespace mpnsim {

// Which state spaces the search walks: the list search (list_search.hpp: tasks appended in order
// of start time), the allocation search (allocation_search.hpp: processors first, then orders),
// or both in turns, sharing the best schedule and the budget (the default: each is strong where
// the other is weak).
enum class FreeSearchSpace { list, allocation, both };

// Searches every schedule of problem.graph on problem.machine under comm: free (each message
// takes its route's delay from its producer's finish; tasks on one processor run one at a
// time) for one shorter than `upper_bound` by more than the time tolerance (kTimeRelTol),
// within `limits`.
SearchOutcome search_free(const DagProblem& problem, double upper_bound, const SearchLimits& limits,
                          FreeSearchSpace space = FreeSearchSpace::both);

}  // namespace mpnsim
