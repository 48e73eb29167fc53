// The contention-free exact search: the list and the allocation searches in turns, forwards and,
// where the delays allow, backwards in time (free_search.hpp).
//
// All are resumable; they take turns of kTurn states on one budget, so the run is deterministic
// (turns are counted in states, not time) and costs at most about as many times the fastest of
// them as there are searches. A schedule one finds lowers the others' pruning level at once. The
// first to finish proves the best schedule optimal; when the budget ends, every schedule not yet
// seen by a search is above its unexplored bound, so the largest of the bounds holds.
//
// Backwards (time_reversal.hpp): the same searches on the graph with its edges turned round,
// whose schedules are this graph's read backwards, with the same makespans. A join is then a
// fork, an in-tree an out-tree, and the bounds and the fixed task order see other things: on
// the literature's 30-task in-trees the backward searches prove in 10^4 states what the forward
// ones leave open after 10^6.
#include "schedulers/dag/optimal/free_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>

#include "schedulers/dag/optimal/allocation_search.hpp"
#include "schedulers/dag/optimal/list_search.hpp"
#include "schedulers/dag/optimal/time_lattice.hpp"
#include "schedulers/dag/optimal/time_reversal.hpp"

namespace mpnsim {

namespace {

constexpr std::uint64_t kTurn = 1 << 12;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The searches of one direction of time, with their own incumbent (its makespan kept equal to
// the other direction's best between turns).
struct Direction {
  Direction(const DagProblem& problem, double upper_bound, double step)
      : tables(make_search_tables(problem)),
        best{upper_bound, {}, step},
        list(problem, tables, best),
        allocation(problem, tables, best) {}
  SearchTables tables;
  Incumbent best;
  ListSearch list;
  AllocationSearch allocation;
};

}  // namespace

SearchOutcome search_free(const DagProblem& problem, double upper_bound, const SearchLimits& limits) {
  const FreeSearchSpace space = limits.space;
  const double step = time_step(problem);
  SearchBudget budget(limits);
  const bool use_list = space != FreeSearchSpace::allocation;
  const bool use_allocation = space != FreeSearchSpace::list;

  // The graph turned round, when its schedules mirror this one's.
  const bool backward_only = limits.direction == FreeSearchDirection::backward;
  std::optional<TaskGraph> turned;
  std::optional<DagProblem> backward_problem;
  if (limits.direction != FreeSearchDirection::forward && problem.graph.edge_count() > 0 && delays_symmetric(problem)) {
    turned.emplace(reversed_graph(problem.graph));
    backward_problem.emplace(DagProblem{*turned, problem.machine, problem.comm, problem.options});
  }
  // directions[0] walks forwards, directions[1] backwards (directions[0] too when asked for
  // backwards alone where that is possible).
  std::vector<std::unique_ptr<Direction>> directions;
  if (!(backward_only && backward_problem)) directions.push_back(std::make_unique<Direction>(problem, upper_bound, step));
  if (backward_problem) directions.push_back(std::make_unique<Direction>(*backward_problem, upper_bound, step));
  const auto is_backward = [&](int d) { return backward_problem && d == static_cast<int>(directions.size()) - 1; };

  for (auto& d : directions) {
    if (use_list) d->list.start();
    if (use_allocation) d->allocation.start();
  }
  int owner = -1;  // the direction whose placements are the best schedule (-1: the first upper bound)
  double best = upper_bound;
  bool proven = false, stopped = false;
  while (!proven && !stopped) {
    for (std::size_t k = 0; k < 2 * directions.size() && !proven && !stopped; ++k) {
      Direction& d = *directions[k / 2];
      const bool is_list = k % 2 == 0;
      if ((is_list && !use_list) || (!is_list && !use_allocation)) continue;
      const std::uint64_t pause_at = budget.states() + kTurn;
      const SearchProgress r = is_list ? d.list.advance(budget, pause_at) : d.allocation.advance(budget, pause_at);
      proven = r == SearchProgress::done;
      stopped = r == SearchProgress::stopped;
      if (d.best.makespan < best) {
        best = d.best.makespan;
        owner = static_cast<int>(k / 2);
        for (auto& other : directions) other->best.makespan = best;
      }
    }
  }
  SearchOutcome out;
  out.report.states = budget.states();
  out.report.time_limited = budget.stopped_by_clock();
  out.report.optimal = proven;
  if (proven) {
    out.report.lower_bound = best;
  } else {
    double unexplored = 0;
    for (auto& d : directions) {
      if (use_list) unexplored = std::max(unexplored, d->list.unexplored());
      if (use_allocation) unexplored = std::max(unexplored, d->allocation.unexplored());
    }
    // Every schedule shorter than the best is among those not yet seen; on a time grid the
    // least makespan is a whole number of steps.
    out.report.lower_bound = std::min(round_up_to_step(std::min(unexplored, best), step), best);
  }
  if (owner >= 0 && !is_backward(owner)) {
    out.placements = std::move(directions[at(owner)]->best.placements);
  } else if (owner >= 0) {
    out.placements = mirrored_placements(problem, directions[at(owner)]->best.placements);
    // Started as early as their orders allow, the tasks end no later than read backwards
    // (up to the rounding of sums: the bound stays at or below the schedule's makespan).
    double makespan = 0;
    for (const auto& [task, placed] : out.placements) makespan = std::max(makespan, placed.finish);
    out.report.lower_bound = std::min(out.report.lower_bound, makespan);
  }
  return out;
}

}  // namespace mpnsim
