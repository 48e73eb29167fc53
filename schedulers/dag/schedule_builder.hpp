// Shared bookkeeping of list schedulers: data-ready times, processor availability, placing tasks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/idle_intervals.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

class ContentionBuilder;

// With problem.options.model == CommModel::free (the default) every message takes its
// route's delay from the producer's finish, as the papers count it. With
// CommModel::contention every call below books messages on the network instead
// (ContentionBuilder): data-ready times include waiting for links and ports, and the
// schedule carries the bookings, so that its replay on the engine gives the same times.
class ScheduleBuilder {
 public:
  // Throws std::invalid_argument when the graph's cost table does not fit the machine.
  ScheduleBuilder(const DagProblem& problem, std::string scheduler);
  ~ScheduleBuilder();
  ScheduleBuilder(const ScheduleBuilder&) = delete;
  ScheduleBuilder& operator=(const ScheduleBuilder&) = delete;

  // True when placing a task can change other tasks' data-ready times on every processor
  // (contention: it books links and ports), not only on its own: schedulers that cache
  // a start per ready task must then look again at all of them.
  bool placements_interact() const { return contention_ != nullptr; }

  const DagProblem& problem() const { return problem_; }
  bool placed(int task) const { return schedule_.tasks[static_cast<std::size_t>(task)].processor >= 0; }
  const TaskPlacement& placement(int task) const { return schedule_.tasks[static_cast<std::size_t>(task)]; }

  // DA(T_i, P_j) of thesis eq (6.2): when the data of every predecessor (all placed) is at
  // p: the predecessor's finish plus the route delay of its edge (0 on the same processor).
  double data_ready(int task, int p) const;
  // data_ready on every processor at once, the same sums as best_processor's: fills `ready`,
  // one per processor. With contention, where each is an evaluation, lower bounds instead
  // that stay so after later placements (best_processor's cheap ones, no waiting for links).
  void data_ready_everywhere(int task, std::vector<double>& ready) const;
  // TF(P_j) of thesis eq (6.2): when p finishes the last task placed on it.
  double processor_ready(int p) const { return ready_[static_cast<std::size_t>(p)]; }
  // The start of the second term of eq (6.2): max(DA, TF), appending to p's list.
  // (With contention, the earliest idle interval of p's CPU from there: a CPU without a
  // co-processor also sends and receives.)
  double earliest_start(int task, int p) const;
  // earliest_start(task, p) of each p of `candidates`, into `starts` (as many): in the free
  // model the task's predecessors are read once for all of them (LPS's minimum-distance set).
  void earliest_starts(int task, std::span<const int> candidates, std::span<double> starts) const;
  // earliest_start, or infinity once its key start + `add` is sure to pass `key` (or to equal
  // it, when `ties_lose`): with contention the evaluation then stops at the first message or
  // hop that says so (the free model always gives the start). For a caller that only wants a
  // pair that can beat one it has (ready_pairs.cpp).
  double earliest_start_within(int task, int p, double key, double add, bool ties_lose) const;
  // Right after earliest_start or earliest_start_within(task, p): a time no later than that
  // start which later placements leave so, stopped or not (with contention, each message's
  // arrival on the bookings alone, then p's CPU as booked now; in the free model the start).
  double lasting_start_bound(int task, int p) const;
  // Earliest start >= `ready` of a `duration` in an idle gap of p or after its last task
  // (the insertion policy of HEFT), searched in blocks of p's gaps (IdleIntervals), not task by task.
  double earliest_gap(int p, double ready, double duration) const;
  // EST(task, p) with insertion (Topcuoglu et al. 2002): the earliest gap of p from the
  // data-ready time that holds the task's execution time on p.
  double insertion_start(int task, int p) const;
  // The start of the task on p no sooner than `not_before` (a release time, or the instant
  // an online policy decides): insertion_start or earliest_start from there. Online policies
  // (schedulers/online/) place with it, so that no task starts before its workflow arrives.
  double start_not_before(int task, int p, double not_before, bool insertion) const;
  // insertion_start, or infinity once the finish on p is sure to pass `finish_limit`: with
  // contention the evaluation then stops at the first message or hop that says so (the free
  // model always gives the start). For a caller that only wants a finish at or below a limit.
  double insertion_start_within(int task, int p, double finish_limit) const;
  // A dynamic online policy's decision at instant `at`: the task goes to p after p's last task,
  // no sooner than `at`, and its messages from other processors leave no sooner than `at`
  // either (before it, the destination is not decided). dispatch_start is when it would start;
  // dispatch places it there (as place() does, with the messages' departures so bounded).
  double dispatch_start(int task, int p, double at) const;
  void dispatch(int task, int p, double start, double at);

  // The processor where the task would finish first (`by_finish`) or start first, ties to
  // the lowest index, with HEFT's insertion or after each processor's last task: the loop
  // of HEFT, CPOP, DLS, ETF, Min-Min and Max-Min. With contention, processors whose
  // cheap bound (no waiting for links) cannot beat the best so far are not evaluated;
  // the choice is the same as evaluating them all.
  struct Choice {
    int processor = 0;
    double start = 0;
    double finish = 0;
    // A lower bound on the key (finish or start) that stays one after later placements: with
    // contention the least of the processors' cheap bounds, which placements only raise (with
    // `tight_bound`, of their refined bounds); in the free model the key itself.
    double bound = 0;
  };
  // `tight_bound`: for callers that rank tasks by Choice::bound (ETF, DLS-pairs). With contention
  // and the engine's route the bounds are then refined by the receive ports before the route, which
  // only the bound needs (the same choice without; with route: earliest they are refined anyway).
  Choice best_processor(int task, bool by_finish, bool insertion, bool tight_bound = false) const;

  // Cache hints (nothing visible changes) for a loop that places the tasks of `order` one
  // after another, now at position i: what a task some places later will read (its in-edge
  // list, its edges, its predecessors' placements) is asked for in steps, each reading only
  // what the step before brought near. For orders that jump about the graph (by rank, by
  // level): each task's reads would otherwise wait on memory four times in a chain.
  void prefetch_ahead(std::span<const int> order, std::size_t i) const;

  // Places the task on p from `start` (its predecessors must be placed) and records a
  // message for every incoming edge from another processor, leaving when the producer
  // finishes and arriving after the route delay. With contention the messages are booked
  // and the task starts at the earliest idle time of p from max(start, data-ready): `start`
  // as earliest_start or insertion_start gave it, unless other placements came between.
  // Throws std::invalid_argument for a start that is not finite, negative, or past
  // latest_carried_start (time_horizon.hpp).
  void place(int task, int p, double start);
  // place(task, p, insertion_start(task, p)); returns that start. With contention the
  // messages are booked once, where the evaluation and then the placement booked them twice.
  double place_at_insertion_start(int task, int p);

  // The timetables (processors' idle time; links' and ports' under contention) forget what
  // ends before t, for a caller that places nothing and asks about no time before t from now
  // on: an online policy at its instant, or at the arrival of the workflow it plans. They then
  // hold what is in flight, not the whole past; the answers at t and later are the same.
  void forget_before(double t);
  Schedule take() { return std::move(schedule_); }

 private:
  // data_ready with the messages leaving no sooner than `depart` (free model).
  double data_ready_leaving(int task, int p, double depart) const;
  void place_leaving(int task, int p, double start, double depart);
  // Throws std::invalid_argument for a start place() refuses (see there).
  void check_start(int task, double start) const;
  // The free model's gaps (idle_) are made only once something asks about them
  // (earliest_gap, best_processor with insertion, forget_before): until then the placements
  // are logged, and the first question books them in the order they were made, which gives the
  // same gaps as booking each at once. Schedulers that only append (LPS, HLF, DLS, ETF) never
  // ask: booking every task was 6 % of LPS's `mpnsim dag` at 10^5 tasks (perf), its scheduler
  // 83 -> 63 ms.
  void keep_gaps() const {
    if (!gaps_kept_) book_unbooked();
  }
  void book_unbooked() const;  // keep_gaps' first call, out of line
  const DagProblem& problem_;
  Schedule schedule_;
  std::vector<double> ready_;       // TF per processor
  std::vector<double> w_;           // w per processor, in one array for best_processor's loop
  double latest_start_ = 0;         // latest_carried_start of the problem
  mutable std::vector<IdleIntervals> idle_;  // each processor's idle time between and after its tasks (free model)
  mutable bool gaps_kept_ = false;           // idle_ holds every placement, and place() books there at once
  mutable std::vector<int> unbooked_;        // until then: the tasks placed, in the order placed
  std::unique_ptr<ContentionBuilder> contention_;  // set for CommModel::contention
  // Scratch of best_processor: its lower bounds on the processors' keys (start or finish) as
  // time_order_key(key), in a tree of minima with a leaf per processor (node i over 2i and
  // 2i + 1); and each processor's level: 0 cheap, 1 once refined_data_ready_bound and the
  // CPU's idle time are counted, 2 once routed_data_ready_bound is too (the engine's route).
  mutable std::vector<std::uint64_t> bounds_;
  mutable std::vector<unsigned char> levels_;
  mutable std::vector<double> ready_bounds_;            // scratch of best_processor: data-ready bounds
  mutable std::vector<int> searched_;                   // scratch of best_processor: CPUs whose cheap bound takes a search
  mutable std::vector<double> durations_;               // scratch of exec_times
  // exec_time(task, p) of every processor p, as an array indexed by p: the cost table's row, or
  // durations_ filled. Valid until the next call.
  const double* exec_times(int task) const;
  struct Arrival {
    double finish, data;
    int processor;
  };
  mutable std::vector<Arrival> arrivals_;  // scratch of best_processor: the task's predecessors
};

}  // namespace mpnsim
