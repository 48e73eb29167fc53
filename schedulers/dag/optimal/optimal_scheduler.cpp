// `optimal`: an exact DAG scheduler, a branch and bound that proves its schedule shortest or says how close it is.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/lower_bound.hpp"
#include "schedulers/dag/optimal/allocation_descent.hpp"
#include "schedulers/dag/optimal/contention_search.hpp"
#include "schedulers/dag/optimal/free_search.hpp"
#include "schedulers/dag/optimal/list_search.hpp"
#include "schedulers/dag/optimal/time_lattice.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

// Every task on processor p, in a topological order: no message at all. When communication
// dominates this is often near the optimum, far below what list schedulers find (they spread
// the entry tasks), and the search needs it as a first bound.
Schedule serial_schedule(const DagProblem& problem, int p) {
  ScheduleBuilder b(problem, "optimal");
  for (int t : topological_order(problem.graph)) b.place(t, p, b.earliest_start(t, p));
  return b.take();
}

// The best schedule of the built-in heuristics and of the serial ones under the problem's
// model: the search's first upper bound, and its answer when nothing shorter exists.
Schedule best_heuristic(const DagProblem& problem) {
  using Heuristic = Schedule (*)(const DagProblem&);
  static constexpr Heuristic kHeuristics[] = {schedule_heft, schedule_cpop,      schedule_peft, schedule_etf,
                                              schedule_dls,  schedule_dls_pairs, schedule_hlf,  schedule_min_min,
                                              schedule_max_min, schedule_bsa};
  Schedule best = schedule_lps(problem, 1);
  for (int p = 0; p < problem.processors(); ++p)
    if (Schedule s = serial_schedule(problem, p); s.makespan() < best.makespan()) best = std::move(s);
  // Under contention every route choice: the search itself takes any shortest route.
  std::vector<RouteChoice> routes{problem.options.route};
  if (problem.options.model == CommModel::contention)
    routes = {RouteChoice::engine, RouteChoice::earliest};
  for (RouteChoice route : routes) {
    DagProblem p = problem;
    p.options.route = route;
    for (Heuristic h : kHeuristics) {
      Schedule s = h(p);
      if (s.makespan() < best.makespan()) best = std::move(s);
    }
  }
  return best;
}

}  // namespace

std::string optimal_search_problem(double n, double e, double P, double max_states) {
  const double steps = max_states * (n + e + 1) * P;
  // A child is 24 bytes; the memos of the fixed-order phases take at most 16 bytes a number kept;
  // the searches run forwards and backwards in time (free_search.cpp), each with its own.
  const double bytes = 2 * (n * n * P * 24.0 + static_cast<double>(kPhaseMemoBudget) * 16.0);
  if (steps <= kOptimalMaxSteps && bytes <= kOptimalMaxBytes) return "";
  return fmt::format(
      "the exact search on {:.0f} tasks, {:.0f} edges and {:.0f} processors could take about {:.2g} steps ({:.0f} s) "
      "and {:.2g} bytes for max_states = {:.0f}; at most {:.0e} steps and {:.2g} bytes are allowed: a smaller "
      "max_states or graph, or a heuristic",
      n, e, P, steps, steps * 1e-8, bytes, max_states, kOptimalMaxSteps, kOptimalMaxBytes);
}

namespace {

// States of a first, short search: most graphs are proven within it, and only the others pay
// for the kicks below.
constexpr std::uint64_t kProbeStates = 50'000;
constexpr int kKicks = 48;

// Without contention: a short search first; if it does not prove the incumbent, the allocation
// descent is kicked from the best schedule so far (iterated local search: a better first bound
// prunes far more) and the search starts over on the rest of the budget, so the run stays
// deterministic (both parts are counted in states; the clock, when set, covers both).
SearchOutcome search_free_with_kicks(const DagProblem& problem, Schedule& incumbent, const SearchLimits& limits) {
  const auto started = std::chrono::steady_clock::now();
  SearchLimits probe = limits;
  probe.max_states = std::min(limits.max_states, kProbeStates);
  SearchOutcome first = search_free(problem, incumbent.makespan(), probe);
  if (first.report.optimal || probe.max_states == limits.max_states || first.report.time_limited) return first;
  if (!first.placements.empty()) {
    ScheduleBuilder b(problem, incumbent.scheduler);
    for (const auto& [task, placed] : first.placements) b.place(task, placed.processor, placed.start);
    incumbent = b.take();
  }
  incumbent = descend_allocations(problem, std::move(incumbent), kKicks);
  SearchLimits rest = limits;
  rest.max_states = limits.max_states - first.report.states;
  if (limits.time_limit > 0) {
    rest.time_limit = limits.time_limit - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (rest.time_limit <= 0) return first;
  }
  SearchOutcome second = search_free(problem, incumbent.makespan(), rest);
  second.report.states += first.report.states;
  // The first search's bound holds too (it saw every schedule): the larger of the two.
  second.report.lower_bound = std::max(second.report.lower_bound, first.report.lower_bound);
  return second;
}

}  // namespace

Schedule schedule_optimal(const DagProblem& problem, const SearchLimits& limits) {
  if (const std::string why = optimal_search_problem(problem.graph.size(), problem.graph.edge_count(),
                                                     problem.processors(), static_cast<double>(limits.max_states));
      !why.empty())
    throw std::invalid_argument("max_states: " + why);
  if (problem.options.model == CommModel::contention) check_contention_search(problem);
  Schedule incumbent = best_heuristic(problem);
  // Under comm: free, local moves from the best heuristic and from a serial schedule (costly
  // messages: start from no message at all and send only what pays).
  if (problem.options.model == CommModel::free) {
    incumbent = descend_allocations(problem, std::move(incumbent));
    if (Schedule s = descend_allocations(problem, serial_schedule(problem, 0)); s.makespan() < incumbent.makespan())
      incumbent = std::move(s);
  }
  // The cheap bound of every run (lower_bound.hpp) may already meet the incumbent: then nothing
  // is shorter and there is nothing to search.
  // On a time grid every makespan is a whole number of steps (time_lattice.hpp), and so is the
  // least one.
  const double floor = round_up_to_step(dag_lower_bound(problem).value, time_step(problem));
  SearchOutcome found;
  if (incumbent.makespan() <= floor + kTimeRelTol * std::abs(incumbent.makespan())) {
    found.report.optimal = true;
    found.report.lower_bound = incumbent.makespan();
  } else if (problem.options.model == CommModel::contention) {
    found = search_contention(problem, incumbent.makespan(), limits);
  } else {
    found = search_free_with_kicks(problem, incumbent, limits);
  }
  Schedule s;
  if (!found.placements.empty() && problem.options.model == CommModel::free) {
    ScheduleBuilder b(problem, "optimal");
    for (const auto& [task, placed] : found.placements) b.place(task, placed.processor, placed.start);
    s = b.take();
  } else if (found.schedule) {
    s = *found.schedule;
  } else {
    s = std::move(incumbent);
  }
  s.scheduler = "optimal";
  s.search = found.report;
  if (!s.search->optimal) {
    s.search->lower_bound = std::max(s.search->lower_bound, floor);
    if (s.search->lower_bound >= s.makespan() - kTimeRelTol * std::abs(s.makespan())) {
      s.search->optimal = true;
      s.search->lower_bound = s.makespan();
    }
  }
  return s;
}

DagSchedulerEntry optimal_scheduler() {
  return {"optimal",
          "exact: a depth-first branch and bound over every schedule of the model (comm: free, over partial schedules "
          "and over allocations in turns; or comm: contention on small graphs), with processor symmetries, equivalent "
          "tasks and admissible bounds; proves its schedule optimal or reports the proven lower bound when its budget "
          "ends (docs/dag.md)",
          {{"max_states", ParamType::integer, "1000000",
            "states the search may expand; the same input stops at the same state (deterministic)", 1, 2147483647, {}},
           {"time_limit", ParamType::real, "0",
            "seconds of wall clock the search may take, 0 for none; a run it stops is not deterministic", 0, 1e9, {}},
           {"space", ParamType::text, "both",
            "comm: free only: the state spaces searched, list (tasks in order of start), allocation (processors "
            "first, then orders) or both in turns; each forwards and, where delays are the same both ways, backwards in "
            "time (docs/dag.md)",
            -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), {"both", "list", "allocation"}}},
          [](const DagProblem& p, const ParamSet& params) {
            SearchLimits limits;
            limits.max_states = static_cast<std::uint64_t>(params.integer("max_states"));
            limits.time_limit = params.real("time_limit");
            const std::string space = params.text("space");
            limits.space = space == "list"         ? FreeSearchSpace::list
                           : space == "allocation" ? FreeSearchSpace::allocation
                                                   : FreeSearchSpace::both;
            return schedule_optimal(p, limits);
          },
          {}};
}

}  // namespace mpnsim
