// The contention-free exact search: the list and the allocation searches in turns (free_search.hpp).
//
// Both are resumable; they take turns of kTurn states on one budget, so the run is deterministic
// (turns are counted in states, not time) and costs at most about twice the faster of the two.
// A schedule either finds lowers the other's pruning level at once. The first to finish proves
// the best schedule optimal; when the budget ends, every schedule not yet seen by a search is
// above its unexplored bound, so the larger of the two bounds holds.
#include "schedulers/dag/optimal/free_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "schedulers/dag/optimal/allocation_search.hpp"
#include "schedulers/dag/optimal/list_search.hpp"
#include "schedulers/dag/optimal/time_lattice.hpp"

namespace mpnsim {

namespace {

constexpr std::uint64_t kTurn = 1 << 12;

}  // namespace

SearchOutcome search_free(const DagProblem& problem, double upper_bound, const SearchLimits& limits) {
  const FreeSearchSpace space = limits.space;
  const SearchTables tables = make_search_tables(problem);
  Incumbent best{upper_bound, {}, time_step(problem)};
  SearchBudget budget(limits);
  ListSearch list(problem, tables, best);
  AllocationSearch allocation(problem, tables, best);
  const bool use_list = space != FreeSearchSpace::allocation;
  const bool use_allocation = space != FreeSearchSpace::list;
  if (use_list) list.start();
  if (use_allocation) allocation.start();
  bool proven = false, stopped = false;
  while (!proven && !stopped) {
    for (int turn = 0; turn < 2 && !proven && !stopped; ++turn) {
      if ((turn == 0 && !use_list) || (turn == 1 && !use_allocation)) continue;
      const std::uint64_t pause_at = budget.states() + kTurn;
      const SearchProgress r = turn == 0 ? list.advance(budget, pause_at) : allocation.advance(budget, pause_at);
      proven = r == SearchProgress::done;
      stopped = r == SearchProgress::stopped;
    }
  }
  SearchOutcome out;
  out.report.states = budget.states();
  out.report.time_limited = budget.stopped_by_clock();
  out.report.optimal = proven;
  if (proven) {
    out.report.lower_bound = best.makespan;
  } else {
    double unexplored = 0;
    if (use_list) unexplored = std::max(unexplored, list.unexplored());
    if (use_allocation) unexplored = std::max(unexplored, allocation.unexplored());
    // Every schedule shorter than the best is among those not yet seen; on a time grid the
    // least makespan is a whole number of steps.
    out.report.lower_bound = std::min(round_up_to_step(std::min(unexplored, best.makespan), best.step), best.makespan);
  }
  out.placements = std::move(best.placements);
  return out;
}

}  // namespace mpnsim
