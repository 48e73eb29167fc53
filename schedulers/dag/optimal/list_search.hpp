// The exact searches' list search without contention: partial schedules grown one task at a time, in order of start time.
//
// Internal to schedulers/dag/optimal/: free_search.cpp runs it over every schedule, and
// allocation_search.cpp runs it over the orders of one allocation at a time.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/adjacent_exchange.hpp"
#include "schedulers/dag/optimal/closure_bounds.hpp"
#include "schedulers/dag/optimal/packing_bound.hpp"
#include "schedulers/dag/optimal/dominance_memo.hpp"
#include "schedulers/dag/optimal/processor_symmetry.hpp"
#include "schedulers/dag/optimal/search_budget.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"
#include "schedulers/dag/schedule.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

// The best schedule found so far, shared by the searches of one run: each prunes against it, so
// a schedule one finds shortens the others' work at once.
struct Incumbent {
  double makespan;                                          // infinite while there is none
  std::vector<std::pair<int, TaskPlacement>> placements;    // empty while only the first bound is known
  double step = 0;  // the instance's time grid (time_lattice.hpp), 0 for none

  // A bound at or past it cannot lead to a shorter schedule: the best makespan less the time
  // tolerance, or, on a time grid, less one step (plus the tolerance, for the rounding of sums).
  double prune_level() const {
    if (std::isinf(makespan)) return makespan;
    const double tol = kTimeRelTol * std::abs(makespan);
    return step > 2 * tol ? makespan - step + tol : makespan - tol;
  }
};

// The numbers the dominance memos of one list search's nested phases keep in all (32 MB of
// keys; with their tables at most 64 MB, dominance_memo.hpp): counted in the exact search's
// memory estimate (optimal_scheduler.cpp).
inline constexpr std::size_t kPhaseMemoBudget = std::size_t{1} << 22;

// Where a resumable search stands after advance().
enum class SearchProgress { done, paused, stopped };

// Depth-first branch and bound over partial schedules (the state space and its rules: list_search.cpp).
// Resumable: start() sets up the root, advance() explores until the search is done, a number of
// states has been counted, or the budget ends.
class ListSearch {
 public:
  ListSearch(const DagProblem& problem, const SearchTables& tables, Incumbent& best);

  // Starts over from the empty schedule. With `allocation` (a processor per task), only the
  // schedules that place each task there are searched (the ordering half of the allocation
  // search), and bounds that know the allocation are used; empty for every schedule.
  void start(std::span<const int> allocation = {});
  // Explores until done, until budget.states() reaches `pause_at`, or until the budget ends.
  SearchProgress advance(SearchBudget& budget, std::uint64_t pause_at);
  // A lower bound on every schedule the search has not yet seen: +inf when done.
  double unexplored() const;

 private:
  struct Child {
    double bound;
    double start;
    int task;
    int proc;
  };
  struct Undo {
    int task;
    double ready, last_start, makespan, remaining;
    int last, last_on;
    std::uint64_t used;
  };

  // A stretch of the path where the free tasks go in a fixed order (fixed_task_order.hpp).
  struct Phase {
    int begin;                    // tasks placed when it began
    std::vector<int> order;       // the free tasks then, in the order they are placed
    std::vector<int> successors;  // their unplaced successors: what the order's placements pass on
    std::uint64_t settled;        // processors holding a task when it began
    bool compared;                // whether its states are compared (memo)
    DominanceMemo memo;
  };

  bool fixed() const { return !allocation_.empty(); }
  bool in_phase() const {
    return !phases_.empty() && placed_ - phases_.back().begin < static_cast<int>(phases_.back().order.size());
  }
  // Tasks placed before this position of the sequence are out of the adjacent-exchange rule.
  int exchange_floor() const {
    return phases_.empty() ? 0 : phases_.back().begin + static_cast<int>(phases_.back().order.size());
  }
  void enter_phase_if_fixed_order();
  bool dominated_in_phase();
  double arrival(int c, int p) const;
  const std::vector<int>* leaders() { return symmetry_ && !fixed() ? &symmetry_->leaders(used_) : nullptr; }
  double data_ready(int t, int p) const;
  bool needs(int t, int u) const;
  double tail(int t) const { return fixed() ? fixed_tail_[static_cast<std::size_t>(t)] : tables_.tail[static_cast<std::size_t>(t)]; }
  void apply(const Child& c, Undo& u);
  void undo(const Undo& u);
  double head(int t);
  double full_bound();
  double per_processor_bound();
  bool some_processor_stuck();
  double child_bound(double parent, int t, int p, double s);
  void children(double parent_bound, std::vector<Child>& out);
  void fix_heads_and_tails();

  const DagProblem& problem_;
  const TaskGraph& g_;
  const SearchTables& tables_;
  Incumbent& best_;
  AdjacentExchange exchange_;
  int n_, P_;
  std::optional<ProcessorSymmetry> symmetry_;
  std::vector<int> equivalent_;
  std::vector<int> allocation_;  // empty: any processor
  std::vector<double> fixed_head_, fixed_tail_;  // heads and tails that know the allocation
  // The partial schedule.
  std::vector<int> proc_;
  std::vector<double> start_, finish_;
  std::vector<int> waiting_;  // predecessors not yet placed
  std::vector<double> ready_;  // per processor: finish of its last task
  std::vector<int> last_on_;   // per processor: its last task (-1: none)
  std::vector<double> drt_;    // per placed task: its data-ready time on its processor
  std::uint64_t used_ = 0;     // processors holding a task (bit p; symmetry only)
  int last_ = -1;              // the task placed last
  double last_start_ = 0;
  double makespan_ = 0;
  double remaining_ = 0;  // load of the unplaced tasks (SearchTables::load_of)
  std::vector<std::uint64_t> unplaced_;  // the unplaced tasks as a bit set (SearchTables::words)
  int placed_ = 0;
  // The walk: a frame of children per depth, the cursor in each, the undo records.
  std::vector<std::vector<Child>> frames_;
  std::vector<std::size_t> next_;
  std::vector<Undo> undo_log_;
  int depth_ = -1;  // -1: done
  double root_ = 0;
  std::vector<int> sequence_;
  std::vector<int> position_;  // per placed task: its index in sequence_
  std::vector<Phase> phases_;  // along the path; only the last may still be placing its order
  bool alike_ = false;         // every processor and every pair alike (complete network): keys sorted
  // Scratch.
  std::vector<double> committed_, eft_, est_, first_;
  std::vector<std::vector<double>> heads_;  // per empty orbit leader: the unplaced tasks' earliest starts there
  std::vector<int> taken_;                  // per orbit leader: its empty processors given a head so far
  LoadProfile profile_;
  ClosureBounds closure_;
  PackingBound packing_;
  std::vector<int> unplaced_list_;
  struct Pred {
    double apart, release, time;
  };
  std::vector<Pred> split_, kept_;
  std::vector<double> apart_, local_;
  std::vector<OneMachineJob> on_processor_;
  std::vector<int> free_;
  std::vector<double> drt_rows_, key_, tuples_;
  std::vector<std::size_t> tuple_order_;
  std::vector<std::uint64_t> common_;
  std::vector<std::uint64_t> stuck_;  // some_processor_stuck: stuck tasks and their descendants  // the unplaced tasks of one processor (per_processor_bound)
};

// Per task, the task of lower index it is interchangeable with (-1 for none): same time on
// every processor, the same predecessors and successors with the same data on each edge.
std::vector<int> equivalent_predecessors(const DagProblem& problem, const SearchTables& tables);

}  // namespace mpnsim
