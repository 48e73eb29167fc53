// Admissible bounds of the exact search: what any completion of a partial schedule must still take.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

inline constexpr int kClosureMaxTasks = 128;

// Facts about the graph and machine that the bounds read, computed once per search.
struct SearchTables {
  int tasks = 0;
  int processors = 0;
  std::vector<double> exec;      // exec[t * processors + p]: task t's time on p
  std::vector<double> min_exec;  // per task: its least time on any processor
  // Per task: a bound on the time from its finish to the end of any schedule (its "tail"):
  // each successor either runs on the task's processor, after it and one after another, or
  // elsewhere, after the edge's least delay (comm_tail below). Without its own time.
  std::vector<double> tail;
  // Per task: no schedule starts it sooner (lower_bound.hpp's task windows, which see the
  // communication no schedule avoids from the entry tasks on).
  std::vector<double> head;
  // Per edge: its least delay between two distinct processors (infinite on one processor).
  std::vector<double> min_delay;
  std::vector<int> topo;  // a topological order
  // True when task t's time on p is work_t * unit[p] (no cost table): the load bound can then
  // share remaining work by speed (water-filling); with a cost table it uses min_exec.
  bool related = true;
  std::vector<double> unit;  // w_p * Tcp per processor (related machines)
  double least_unit = 1;     // min_exec[t] == least_unit * load_of(t) (related: the least unit; else 1)
  std::vector<double> work;  // per task (related machines)
  double total_work = 0;     // related: total work; else the sum of min_exec
  // Per task, its ancestors and its descendants as bit sets of `words` 64-bit words each (task
  // t's set starts at t * words); empty on graphs of more than kClosureMaxTasks tasks (the
  // bounds that read them are then skipped).
  int words = 0;
  std::vector<std::uint64_t> ancestors, descendants;
  // crossing[a * tasks + x], for a an ancestor of x: the least time from a's end to x's start
  // when they run on different processors: the longest chain of least execution times strictly
  // between them, plus the least delay of any edge on a path from a to x (one of the chain's
  // edges crosses). Empty with the bit sets.
  std::vector<double> crossing;

  double time(int task, int p) const {
    return exec[static_cast<std::size_t>(task) * static_cast<std::size_t>(processors) + static_cast<std::size_t>(p)];
  }
  // The amount of "remaining work" a task stands for in load_bound: its work (related
  // machines) or its least time (cost tables).
  double load_of(int task) const;
};

// `min_delay`, when given, is each edge's least delay between two distinct processors under the
// caller's model (the contention search takes the cheapest shortest route, which may beat the
// engine's route on heterogeneous links); else the engine's route delays (CommCost).
SearchTables make_search_tables(const DagProblem& problem, std::span<const double> min_delay = {});

// The least of max(local, remote) over which neighbours of a task share its processor, after
// Al-Mouhamed (IEEE TSE 16(12), 1990): `local(k)` is the time the k neighbours most costly to
// keep apart take one after another on the task's processor, `remote` the latest of the others
// apart. `items` holds (cost apart, ...) sorted by cost apart, largest first; callers pass the
// local time of each prefix. Shared by the tails (successors) and the heads (predecessors).
double best_split(std::span<const double> apart_sorted_desc, std::span<const double> local_of_prefix);

// A neighbour of a task x that is either kept on x's processor or apart on one of `others`
// processors, seen from x's start (predecessors; for successors read time backwards: release is
// the successor's tail, delay the message's). Kept neighbours run one after another on x's
// processor, no sooner than the least release; an apart one must run (after its release) and
// send its message by x's start, and the apart ones share the other processors.
struct SplitNeighbour {
  double release, time, delay;
};

// A lower bound on x's start over every way of splitting `items` into kept and apart, with
// `fixed_local` more time already kept on x's processor: the least S at which the work that the
// other processors can take away by S (split at will, each neighbour's message at least its delay,
// those of delay at least θ all done by S − θ, for every θ) leaves the kept work, started at
// the least release, done by S. Where Al-Mouhamed's split (best_split) lets every apart neighbour
// run alone, this counts that `others` processors are all they have (a join with more
// predecessors than processors). Sorts `items`; 0 for none.
double shared_split_bound(std::vector<SplitNeighbour>& items, double fixed_local, int others);

// A task bound to one processor: it starts no sooner than `release`, runs `time`, and the
// schedule goes on at least `tail` after its end.
struct OneMachineJob {
  double release, time, tail;
};

// A lower bound on the end of any schedule that runs `jobs` one after another on one processor:
// the preemptive schedule that always runs the released job of longest tail (Jackson's rule),
// whose largest end + tail is the least any preemptive, so any whole, order reaches (Carlier
// 1982). Sorts `jobs`. 0 for none.
double one_machine_bound(std::vector<OneMachineJob>& jobs);

// The same question without preemption, where it decides a pruning: `cutoff` when a search over
// the orders (active schedules only, each node bounded by one_machine_bound) proves that no order
// ends below it, else one_machine_bound. The search stops after `node_limit` nodes, and is not
// tried past kOneMachineMaxJobs jobs (one_machine_bound then). Sorts `jobs`.
inline constexpr std::size_t kOneMachineMaxJobs = 24;
double one_machine_bound_below(std::vector<OneMachineJob>& jobs, double cutoff, int node_limit);

// Least T such that the processors, each free from committed[p] on, can do `remaining` (as
// SearchTables::load_of sums it) by T if work could be split at will: a bound on the makespan
// of any completion (Fernandez & Bussell's load argument, with speeds by water-filling).
// 0 when nothing remains. A processor committed past T takes no part: committed times say when a
// processor could start more work, not that it will.
double load_bound(const SearchTables& tables, std::span<const double> committed, double remaining);

// The same water-filling for many loads of one state: the processors sorted once by committed
// time, each with its rate (1 / unit time of work for related machines; 1 with a cost table,
// whose loads are least times).
class LoadProfile {
 public:
  void reset(const SearchTables& tables, std::span<const double> committed);
  // Least T by which `remaining` can be done, no processor starting before max(committed, floor).
  double level(double remaining, double floor = 0) const;
  // The least such T when any one processor is left out (the work must be done on the others):
  // with equal rates, leaving out the one committed last; with other rates, none left out (a
  // weaker bound, still sound).
  double level_without_one(double remaining) const;

 private:
  double fill(double remaining, double floor, std::size_t processors) const;
  std::vector<std::pair<double, double>> order_;  // (committed, rate), by committed
  bool equal_rates_ = true;
};

}  // namespace mpnsim
