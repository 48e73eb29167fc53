// Placing tasks: data-ready times from the predecessors' placements, gaps for insertion, messages.
#include "schedulers/dag/schedule_builder.hpp"

#include <algorithm>
#include <cassert>
#include <limits>

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/dag/contention_builder.hpp"
#include "schedulers/dag/time_horizon.hpp"
#include "sim/interruption.hpp"
#include "sim/time_order_key.hpp"

namespace mpnsim {

ScheduleBuilder::ScheduleBuilder(const DagProblem& problem, std::string scheduler)
    : problem_(problem),
      ready_(static_cast<std::size_t>(problem.processors()), 0.0) {
  for (const ProcessorSpec& spec : problem.machine.processors) w_.push_back(spec.w);
  check_costs_fit(problem.graph, problem.machine);
  latest_start_ = latest_carried_start(problem);
  schedule_.scheduler = std::move(scheduler);
  schedule_.processors = problem.processors();
  schedule_.tasks.assign(static_cast<std::size_t>(problem.graph.size()), TaskPlacement{});
  // At most one message an edge. Reserved whole rather than grown by doubling, which copies
  // the list and holds both copies at once; pages never written are never resident.
  schedule_.messages.reserve(static_cast<std::size_t>(problem.graph.edge_count()));
  if (problem.options.model == CommModel::contention)
    contention_ = std::make_unique<ContentionBuilder>(problem, schedule_);
  else
    idle_.assign(static_cast<std::size_t>(problem.processors()), IdleIntervals(true));
}

ScheduleBuilder::~ScheduleBuilder() = default;

namespace {

// Contention-free: each predecessor's finish, processor and data, read once for all processors
// (into the builder's scratch list); then a processor's data-ready time is data_ready's own sum
// over that small local list.
template <class Arrivals>
void gather_arrivals(Arrivals& arrivals, const TaskGraph& g, const std::vector<TaskPlacement>& tasks, int task) {
  arrivals.clear();
  for (int e : g.in_edges(task)) {
    const DagEdge& edge = g.edge(e);
    const TaskPlacement& u = tasks[static_cast<std::size_t>(edge.from)];
    arrivals.push_back({u.finish, edge.data, u.processor});
  }
}

// data_ready's sum on every processor at once: `ready` gets one per processor. Each
// predecessor adds its delay row by row (startup_row, per_unit_row), with no branch for its
// own processor, where both rows hold 0: finish + (0 + data * 0) is finish + 0.0, as delay's
// 0 gives. The same sums in the same order as one processor at a time, to the bit.
template <class Arrivals>
void data_ready_all(const Arrivals& arrivals, const CommCost& comm, int procs, std::vector<double>& ready) {
  ready.assign(static_cast<std::size_t>(procs), 0.0);
  double* da = ready.data();
  for (const auto& a : arrivals) {
    const double* startup = comm.startup_row(a.processor);
    const double* per_unit = comm.per_unit_row(a.processor);
    const double finish = a.finish, data = a.data;
    for (int p = 0; p < procs; ++p) da[p] = std::max(da[p], finish + (startup[p] + data * per_unit[p]));
  }
}

}  // namespace

double ScheduleBuilder::data_ready(int task, int p) const {
  if (contention_) return contention_->data_ready(task, p);
  const TaskGraph& g = problem_.graph;
  double da = 0;
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = schedule_.tasks[static_cast<std::size_t>(g.edge(e).from)];
    assert(u.processor >= 0 && "predecessors are placed first");
    da = std::max(da, u.finish + problem_.edge_delay(e, u.processor, p));
  }
  return da;
}

void ScheduleBuilder::data_ready_everywhere(int task, std::vector<double>& ready) const {
  if (contention_) {
    contention_->data_ready_bounds(task, ready);
    return;
  }
  gather_arrivals(arrivals_, problem_.graph, schedule_.tasks, task);
  data_ready_all(arrivals_, problem_.comm, problem_.processors(), ready);
}


void ScheduleBuilder::prefetch_ahead(std::span<const int> order, std::size_t i) const {
  // Four places between steps, the distance LPS's earlier prefetch of two steps used: a few
  // hundred nanoseconds of placing, about what memory takes to answer.
  constexpr std::size_t kStep = 4;
  const TaskGraph& g = problem_.graph;
  const std::size_t n = order.size();
  if (i + 4 * kStep < n) g.prefetch_in_place(order[i + 4 * kStep]);
  if (i + 3 * kStep < n) g.prefetch_in_list(order[i + 3 * kStep]);
  if (i + 2 * kStep < n)
    for (int e : g.in_edges(order[i + 2 * kStep])) __builtin_prefetch(&g.edge(e));
  if (i + kStep < n)
    for (int e : g.in_edges(order[i + kStep]))
      __builtin_prefetch(&schedule_.tasks[static_cast<std::size_t>(g.edge(e).from)]);
}

double ScheduleBuilder::earliest_start(int task, int p) const {
  if (contention_) return contention_->start_from(task, p, processor_ready(p));
  return std::max(data_ready(task, p), processor_ready(p));
}

void ScheduleBuilder::earliest_starts(int task, std::span<const int> candidates, std::span<double> starts) const {
  assert(starts.size() == candidates.size());
  if (contention_) {
    for (std::size_t i = 0; i < candidates.size(); ++i) starts[i] = earliest_start(task, candidates[i]);
    return;
  }
  // data_ready's sums, over the predecessors gathered once; a predecessor on the candidate
  // itself adds finish + (0 + data * 0), as in data_ready_all.
  gather_arrivals(arrivals_, problem_.graph, schedule_.tasks, task);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto p = static_cast<std::size_t>(candidates[i]);
    double da = 0;
    for (const Arrival& a : arrivals_)
      da = std::max(da, a.finish + (problem_.comm.startup_row(a.processor)[p] + a.data * problem_.comm.per_unit_row(a.processor)[p]));
    starts[i] = std::max(da, ready_[p]);
  }
}

double ScheduleBuilder::earliest_start_within(int task, int p, double key, double add, bool ties_lose) const {
  if (!contention_) return earliest_start(task, p);
  return contention_->start_from(task, p, processor_ready(p), ContentionBuilder::Cutoff{key, add, ties_lose});
}

double ScheduleBuilder::insertion_start(int task, int p) const {
  if (contention_) return contention_->start_from(task, p, 0.0);
  return earliest_gap(p, data_ready(task, p), problem_.exec_time(task, p));
}

double ScheduleBuilder::start_not_before(int task, int p, double not_before, bool insertion) const {
  if (contention_) return contention_->start_from(task, p, insertion ? not_before : std::max(not_before, processor_ready(p)));
  const double ready = std::max(data_ready(task, p), not_before);
  return insertion ? earliest_gap(p, ready, problem_.exec_time(task, p)) : std::max(ready, processor_ready(p));
}

double ScheduleBuilder::insertion_start_within(int task, int p, double finish_limit) const {
  if (!contention_) return insertion_start(task, p);
  // A start s loses when s + duration > finish_limit; the cutoff stops once a lower bound of
  // s does (a start no sooner than the bound gives a finish no sooner, in floating point too).
  const ContentionBuilder::Cutoff cutoff{finish_limit, problem_.exec_time(task, p), false};
  return contention_->start_from(task, p, 0.0, cutoff);
}

double ScheduleBuilder::lasting_start_bound(int task, int p) const {
  if (!contention_) return earliest_start(task, p);
  return contention_->cpu_fit(p, std::max(contention_->lasting_data_ready(), processor_ready(p)),
                              problem_.exec_time(task, p));
}

ScheduleBuilder::Choice ScheduleBuilder::best_processor(int task, bool by_finish, bool insertion, bool tight_bound) const {
  const int procs = problem_.processors();
  Choice best;
  double best_key = std::numeric_limits<double>::infinity();
  auto evaluate = [&](int p) {
    double start = 0;
    if (contention_) {
      // Stopped as soon as it cannot beat the best so far (start infinite then): the same choice.
      const double duration = problem_.exec_time(task, p);
      const ContentionBuilder::Cutoff cutoff{best_key, by_finish ? duration : 0.0, p > best.processor};
      start = contention_->start_from(task, p, insertion ? 0.0 : processor_ready(p), cutoff);
    } else {
      start = insertion ? insertion_start(task, p) : earliest_start(task, p);
    }
    const double finish = start + problem_.exec_time(task, p);
    const double key = by_finish ? finish : start;
    if (key < best_key || (key == best_key && p < best.processor)) {
      best_key = key;
      best = {p, start, finish};
    }
  };
  if (!contention_) {
    // The gaps asked for once here, not per processor: HEFT's loop runs P times a task, and the
    // check in earliest_gap there took HEFT's command at 10^6 tasks on the 8-cube 6.1 -> 7.0 s.
    // The data-ready times and execution times first, each a plain loop over the processors;
    // then each processor's start, without a call where its timetable's tail answers (most
    // processors: HEFT's command at 10^5 tasks spent a third of its instructions, 81 a
    // processor, in this loop when it asked each processor in turn).
    if (insertion) keep_gaps();
    gather_arrivals(arrivals_, problem_.graph, schedule_.tasks, task);
    data_ready_all(arrivals_, problem_.comm, procs, ready_bounds_);
    const double* durations = exec_times(task);
    for (int p = 0; p < procs; ++p) {
      const double da = ready_bounds_[static_cast<std::size_t>(p)];
      const double duration = durations[p];
      double start;
      if (insertion) {
        const IdleIntervals& idle = idle_[static_cast<std::size_t>(p)];
        start = idle.fits_at_tail(da, duration) ? std::max(da, idle.tail_start()) : idle.earliest_fit(da, duration);
      } else {
        start = std::max(da, processor_ready(p));
      }
      const double finish = start + duration;
      const double key = by_finish ? finish : start;
      if (key < best_key || (key == best_key && p < best.processor)) {
        best_key = key;
        best = {p, start, finish, key};
      }
    }
    return best;
  }
  // Bounds first, then processors in order of their bound: once a bound passes the best
  // key (or equals it at a higher index), no later processor can win. Each processor comes
  // up first with a cheap bound (its CPU searched, not its receive port); with route: earliest
  // or tight_bound, then refined (the receive port searched too), once more before it is
  // evaluated: most are never refined. The refined bound is never below the cheap one, so the
  // first refined bound to come up is the least of them.
  //
  // Each processor has one bound at a time, so they sit in a tree of minima over the
  // processors (a leaf each): built in P - 1 comparisons, the least taken out or replaced by
  // its refined bound in log P. A node holds the least time_order_key of its leaves, a single
  // 64-bit integer ordered as the times are; the least key's lowest processor is the leftmost
  // leaf under the root that holds it (a left subtree holds the lower indices), found in log P
  // steps down. A heap of (double, index) pairs did the same with more work: its building, and
  // the ties its comparisons broke by index, were most of ETF's time; 128-bit nodes holding
  // the processor and its level as well took two comparisons a node (callgrind, HEFT at 10^4
  // tasks: the building alone 3 800 instructions a task, a third of the bounds' loop).
  contention_->data_ready_bounds(task, ready_bounds_);
  std::size_t leaves = 1;
  while (leaves < static_cast<std::size_t>(procs)) leaves *= 2;
  constexpr std::uint64_t kGone = ~std::uint64_t{0};  // no time's key: NaN and infinity are below it
  bounds_.resize(2 * leaves);  // the nodes are all written below
  levels_.assign(static_cast<std::size_t>(procs), 0);
  std::fill(bounds_.begin() + static_cast<std::ptrdiff_t>(leaves) + procs, bounds_.end(), kGone);
  // exec_time on every processor in one pass (the same products), as the free loop takes them.
  // The leaves in a loop without a branch on the times (cpu_fit's `ready >= tail` went either
  // way at random); the few CPUs whose timetable must be searched are listed and done after.
  const double* durations = exec_times(task);
  const double* ready_bounds = ready_bounds_.data();
  const double* tf = ready_.data();
  std::uint64_t* leaf = bounds_.data() + leaves;
  searched_.clear();
  for (int p = 0; p < procs; ++p) {
    const double duration = durations[p];
    const double ready = std::max(ready_bounds[p], insertion ? 0.0 : tf[p]);
    double start;
    if (!contention_->cpu_fit_at_tail(p, ready, duration, start)) searched_.push_back(p);
    leaf[p] = time_order_key(by_finish ? start + duration : start);
  }
  for (const int p : searched_) {
    const double duration = durations[p];
    const double ready = std::max(ready_bounds[p], insertion ? 0.0 : tf[p]);
    const double start = contention_->cpu_fit(p, ready, duration);
    leaf[p] = time_order_key(by_finish ? start + duration : start);
  }
  for (std::size_t i = leaves - 1; i >= 1; --i) bounds_[i] = std::min(bounds_[2 * i], bounds_[2 * i + 1]);
  auto set_leaf = [&](int p, std::uint64_t value, unsigned level) {
    std::size_t i = leaves + static_cast<std::size_t>(p);
    bounds_[i] = value;
    levels_[static_cast<std::size_t>(p)] = static_cast<unsigned char>(level);
    for (i /= 2; i >= 1; i /= 2) bounds_[i] = std::min(bounds_[2 * i], bounds_[2 * i + 1]);
  };
  auto least_processor = [&] {
    std::size_t i = 1;
    while (i < leaves) i = bounds_[2 * i] == bounds_[i] ? 2 * i : 2 * i + 1;
    return static_cast<int>(i - leaves);
  };
  // With the engine's route a processor whose refined bound comes up is bounded once more
  // before it is evaluated: its first-leaving message's route fitted on the committed
  // timetables alone (routed_data_ready_bound). Those are the hops its evaluation books first,
  // kept in the reach tree for it, so the bound costs about what the start of the evaluation
  // did; and the waits on the way put the candidates closer to the order of their keys, so
  // that fewer are evaluated in full only to lose to the next one (callgrind, HEFT at 10^4
  // tasks on the one-port 8-cube: 5.1 evaluations a task before, 2.6 after).
  const bool routed = problem_.options.route == RouteChoice::engine;
  double least = std::numeric_limits<double>::infinity();
  bool least_known = false;
  while (bounds_[1] != kGone) {
    const double key = time_from_order_key(bounds_[1]);
    const int p = least_processor();
    unsigned level = levels_[static_cast<std::size_t>(p)];
    // Bounds come out in (key, index) order and a refined one is no lower: once one loses to
    // the best (a larger key, or the same at a higher index), so does every other.
    if (key > best_key || (key == best_key && p > best.processor)) break;
    const double duration = problem_.exec_time(task, p);
    const double not_before = insertion ? 0.0 : processor_ready(p);
    // With the engine's route and without tight_bound a processor goes from its cheap bound
    // straight on to its routed bound. The refined bound searched its receive port once a message,
    // which the route then searched again for its last hop, from its own time; and a candidate it
    // raised nearly always came up again before the best was known (HEFT at 10^5 tasks, counted:
    // 5.7 refined a task, 3.2 raised, 3.1 of those up again at level 1): 16 of the task's 74
    // timetable searches that decided almost nothing (docs/performance_log.md, ninth pass).
    if (level == 0 && !tight_bound && routed) level = 1;
    if (level == 0) {  // not refined yet
      const double cheap = ready_bounds_[static_cast<std::size_t>(p)];
      const double refined = contention_->refined_data_ready_bound(p);
      if (refined > cheap) {  // else the key is the same
        const double start = contention_->cpu_fit(p, std::max(refined, not_before), duration);
        set_leaf(p, time_order_key(by_finish ? start + duration : start), 1);
        continue;
      }
      level = 1;
    }
    // The least refined key: the first to come up at level 1 (as when it was evaluated at once);
    // without tight_bound, the least cheap one.
    if (!least_known) {
      least = key;
      least_known = true;
    }
    if (level == 1 && routed) {
      const ContentionBuilder::Cutoff cutoff{best_key, by_finish ? duration : 0.0, p > best.processor};
      const double ready = contention_->routed_data_ready_bound(p, cutoff);
      if (ready == std::numeric_limits<double>::infinity()) {  // its evaluation would be cut
        set_leaf(p, kGone, 0);
        continue;
      }
      const double start = contention_->cpu_fit(p, std::max(ready, not_before), duration);
      const double routed_key = std::max(key, by_finish ? start + duration : start);  // both bound it
      if (routed_key > key) {  // else the key is the same: evaluated now
        set_leaf(p, time_order_key(routed_key), 2);
        continue;
      }
    }
    set_leaf(p, kGone, 0);
    evaluate(p);
  }
  best.bound = std::min(least, best_key);
  return best;
}

const double* ScheduleBuilder::exec_times(int task) const {
  if (const CostTable* c = problem_.graph.costs()) return c->row(task);
  // exec_time's product, in its order: (work * w) * Tcp.
  const std::size_t procs = w_.size();
  durations_.resize(procs);
  double* __restrict times = durations_.data();
  const double* __restrict w = w_.data();
  const double work = problem_.graph.task(task).work, tcp = problem_.machine.Tcp;
  for (std::size_t p = 0; p < procs; ++p) times[p] = work * w[p] * tcp;
  return times;
}

double ScheduleBuilder::earliest_gap(int p, double ready, double duration) const {
  if (contention_) return contention_->cpu_fit(p, ready, duration);
  keep_gaps();
  return idle_[static_cast<std::size_t>(p)].earliest_fit(ready, duration);
}

void ScheduleBuilder::book_unbooked() const {
  gaps_kept_ = true;
  // A logged task has kept its placement: placing one again books the log first.
  for (int task : unbooked_) {
    const TaskPlacement& t = schedule_.tasks[static_cast<std::size_t>(task)];
    idle_[static_cast<std::size_t>(t.processor)].occupy(t.start, t.finish);
  }
  unbooked_ = {};
}

double ScheduleBuilder::data_ready_leaving(int task, int p, double depart) const {
  const TaskGraph& g = problem_.graph;
  double da = 0;
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = schedule_.tasks[static_cast<std::size_t>(g.edge(e).from)];
    da = std::max(da, u.processor == p ? u.finish : std::max(u.finish, depart) + problem_.edge_delay(e, u.processor, p));
  }
  return da;
}

double ScheduleBuilder::dispatch_start(int task, int p, double at) const {
  const double not_before = std::max(at, processor_ready(p));
  if (!contention_) return std::max(data_ready_leaving(task, p, at), not_before);
  contention_->set_departure_floor(at);
  const double start = contention_->start_from(task, p, not_before);
  contention_->set_departure_floor(0);
  return start;
}

void ScheduleBuilder::dispatch(int task, int p, double start, double at) { place_leaving(task, p, start, at); }

void ScheduleBuilder::forget_before(double t) {
  if (!contention_) keep_gaps();
  for (IdleIntervals& r : idle_) r.forget_before(t);
  if (contention_) contention_->forget_before(t);
}

void ScheduleBuilder::place(int task, int p, double start) { place_leaving(task, p, start, 0); }

double ScheduleBuilder::place_at_insertion_start(int task, int p) {
  if (!contention_) {
    const double start = insertion_start(task, p);
    place(task, p, start);
    return start;
  }
  // ContentionBuilder::place starts the task at the earliest idle time of p's CPU from its
  // data-ready time, which is insertion_start's answer (nothing is booked in between): given
  // 0, it finds that start itself, booking each message once. The start is checked after.
  place(task, p, 0.0);
  const double start = schedule_.tasks[static_cast<std::size_t>(task)].start;
  check_start(task, start);
  return start;
}

void ScheduleBuilder::check_start(int task, double start) const {
  // Refused here rather than found by the checks afterwards: at such times the checks'
  // tolerance and the sums themselves swallow whole tasks (time_horizon.hpp).
  if (!std::isfinite(start) || start < 0 || start > latest_start_)
    throw std::invalid_argument(fmt::format(
        "task {}: start {} is {}", problem_.graph.task(task).name, start,
        !std::isfinite(start) || start < 0
            ? "not a time (finite, at least 0)"
            : fmt::format("past {:.6g}, twice the time every task and message of the problem take one after another: "
                          "the model's times do not carry durations that far (an overlap could pass unseen)",
                          latest_start_)));
}

void ScheduleBuilder::place_leaving(int task, int p, double start, double depart) {
  poll_interruption();  // once a task: every list scheduler's outer loop places one
  check_start(task, start);
  if (contention_) {
    contention_->set_departure_floor(depart);
    contention_->place(task, p, start);
    contention_->set_departure_floor(0);
    const double finish = schedule_.tasks[static_cast<std::size_t>(task)].finish;
    ready_[static_cast<std::size_t>(p)] = std::max(ready_[static_cast<std::size_t>(p)], finish);
    return;
  }
  const TaskGraph& g = problem_.graph;
  TaskPlacement& t = schedule_.tasks[static_cast<std::size_t>(task)];
  if (t.processor >= 0) keep_gaps();  // placed again: the log holds its first placement, booked now
  t.processor = p;
  t.start = start;
  t.finish = start + problem_.exec_time(task, p);
  if (gaps_kept_)
    idle_[static_cast<std::size_t>(p)].occupy(t.start, t.finish);
  else
    unbooked_.push_back(task);
  ready_[static_cast<std::size_t>(p)] = std::max(ready_[static_cast<std::size_t>(p)], t.finish);
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = schedule_.tasks[static_cast<std::size_t>(g.edge(e).from)];
    if (u.processor == p) continue;
    const double leaves = std::max(u.finish, depart);
    schedule_.messages.push_back(ScheduledMessage{e, leaves, leaves + problem_.edge_delay(e, u.processor, p)});
  }
}

}  // namespace mpnsim
