// The exact search for the contention-free model: branch and bound over partial schedules and over allocations.
#pragma once

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_budget.hpp"
#include "schedulers/dag/optimal/search_outcome.hpp"

namespace mpnsim {

// Searches every schedule of problem.graph on problem.machine under comm: free (each message
// takes its route's delay from its producer's finish; tasks on one processor run one at a
// time) for one shorter than `upper_bound` by more than the time tolerance (kTimeRelTol),
// within `limits`, in the state spaces limits.space names.
SearchOutcome search_free(const DagProblem& problem, double upper_bound, const SearchLimits& limits);

}  // namespace mpnsim
