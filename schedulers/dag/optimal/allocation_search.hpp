// The exact search in two halves without contention: first where each task runs, then, per allocation, the orders.
//
// Internal to schedulers/dag/optimal/ (free_search.cpp runs it beside the list search).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/list_search.hpp"
#include "schedulers/dag/optimal/packing_bound.hpp"
#include "schedulers/dag/optimal/processor_symmetry.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"

namespace mpnsim {

// Orr & Sinnen's allocation-ordering state space (Euro-Par 2015): a depth-first branch and bound
// over allocations, task by task in a fixed order, one processor of each orbit of
// the symmetries fixing those in use; at each complete allocation whose bounds leave room, a
// ListSearch over its orders. Bounds and the walk: allocation_search.cpp. Resumable like
// ListSearch.
class AllocationSearch {
 public:
  AllocationSearch(const DagProblem& problem, const SearchTables& tables, Incumbent& best);

  void start();
  SearchProgress advance(SearchBudget& budget, std::uint64_t pause_at);
  // A lower bound on every schedule not yet seen (the allocations left and the orders left of the
  // allocation in hand); +inf when done.
  double unexplored() const;

 private:
  struct Child {
    double bound;
    int proc;
  };
  double start_on(int t, int p) const;
  double split_start(int t, int p);
  double tail_on(int t, int p) const;
  double child_bound(double parent, int t, int p);
  double full_bound();
  void apply(int t, int p);
  void undo(int t);
  void children(double parent_bound, int t, std::vector<Child>& out);

  const DagProblem& problem_;
  const TaskGraph& g_;
  const SearchTables& tables_;
  Incumbent& best_;
  int n_, P_;
  std::optional<ProcessorSymmetry> symmetry_;
  std::vector<int> order_;   // the order of allocation (allocation_order)
  std::vector<int> alloc_;   // per task: its processor, -1 while unallocated
  // Per task, from the last full bound: no completion starts it before est_, ends it before fin_,
  // or ends the schedule sooner than tail_ after its end.
  std::vector<double> est_, fin_, tail_;
  std::vector<double> load_;  // per processor: the time of its tasks
  std::vector<std::uint64_t> used_;  // per depth: the processors in use (bit p)
  double remaining_ = 0;     // load of the unallocated tasks (SearchTables::load_of)
  std::vector<std::vector<Child>> frames_;
  std::vector<std::size_t> next_;
  int depth_ = -1;  // tasks allocated on the path is depth_ + 1 once a child is applied; -1: done
  double root_ = 0;
  ListSearch orders_;
  PackingBound packing_;
  bool ordering_ = false;  // orders_ is searching the orders of the complete allocation
  // Scratch.
  std::vector<double> committed_, first_, last_, extra_;
  std::vector<int> orbit_size_, forced_;  // per processor: its orbit's size; per task: its only processor (-1)
  std::vector<double> forced_tail_;       // per task forced to one processor: its tail there
  std::vector<double> start_at_;          // per (task, processor): the unallocated task's start there
  std::vector<OneMachineJob> jobs_;
  std::vector<int> unallocated_;
  struct Pred {
    double apart, release, time;
  };
  std::vector<Pred> kept_, split_, chain_;
  std::vector<double> apart_, local_;
};

}  // namespace mpnsim
