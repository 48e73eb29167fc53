// The exact DAG scheduler `optimal`, for callers that set its limits themselves (tests, benches).
#pragma once

#include <string>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_budget.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

// The shortest schedule of the problem's model (problem.options: comm free or contention),
// proven when Schedule::search->optimal; otherwise the best found within `limits`, with the
// proven lower bound. Starts from the best of the built-in heuristics. Throws
// std::invalid_argument, before any work, when the search's size would pass the work limits.
Schedule schedule_optimal(const DagProblem& problem, const SearchLimits& limits);

// The reason a search of `max_states` states on a graph of this size would pass the work
// limits (config/work_limits.hpp), with the estimate; "" when it would not. Each state costs
// about (tasks + edges + 1) * processors steps (its bound), and the path holds up to
// tasks * processors children a level.
// The limits are those of experiments/config/work_limits.hpp, which this layer cannot include
// (a test holds them equal).
inline constexpr double kOptimalMaxSteps = 1e11;
inline constexpr double kOptimalMaxBytes = 4.0 * 1024 * 1024 * 1024;
std::string optimal_search_problem(double tasks, double edges, double processors, double max_states);

}  // namespace mpnsim
