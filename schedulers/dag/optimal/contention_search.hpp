// The exact search under contention: every allocation, every order on every CPU, link and port, every shortest route.
#pragma once

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_budget.hpp"
#include "schedulers/dag/optimal/search_outcome.hpp"

namespace mpnsim {

// Throws std::invalid_argument when the machine is beyond what the search handles (more than
// 64 processors).
void check_contention_search(const DagProblem& problem);

// Searches every schedule the engine can play of problem.graph on problem.machine under its
// contention rules (docs/dag.md, "Contention-aware scheduling"): which processor each task
// runs on, the order of operations on every CPU, link direction and port, and each message's
// route among the shortest paths; for one shorter than `upper_bound` by more than the time
// tolerance, within `limits`. The schedule it returns carries its bookings, so that its replay
// is the plan. See contention_search.cpp for the state space.
SearchOutcome search_contention(const DagProblem& problem, double upper_bound, const SearchLimits& limits);

}  // namespace mpnsim
