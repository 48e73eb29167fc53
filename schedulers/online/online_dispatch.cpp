// The scheduling instants of dynamic online policies, and what each policy may see at one.
#include "schedulers/online/online_dispatch.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/dag/task_levels.hpp"
#include "sim/interruption.hpp"

namespace mpnsim {

OnlineDispatch::OnlineDispatch(const DagProblem& problem, const WorkflowStream& stream, std::string policy)
    : stream_(stream), builder_(problem, std::move(policy)) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  rank_ = upward_ranks(problem, topo);  // the workflows are disjoint: each rank is its own workflow's
  critical_path_.assign(static_cast<std::size_t>(stream.workflows()), 0.0);
  unplaced_.resize(static_cast<std::size_t>(stream.workflows()));
  for (int w = 0; w < stream.workflows(); ++w) {
    unplaced_[static_cast<std::size_t>(w)] = stream.size(w);
    for (int t = stream.first_task[static_cast<std::size_t>(w)]; t < stream.first_task[static_cast<std::size_t>(w) + 1]; ++t)
      critical_path_[static_cast<std::size_t>(w)] = std::max(critical_path_[static_cast<std::size_t>(w)], rank_[static_cast<std::size_t>(t)]);
  }
  ready_.resize(static_cast<std::size_t>(stream.workflows()));
  top_.assign(static_cast<std::size_t>(stream.workflows()), -1);
  waiting_on_.resize(static_cast<std::size_t>(g.size()));
  dispatched_.assign(static_cast<std::size_t>(g.size()), 0.0);
  for (int t = 0; t < g.size(); ++t) waiting_on_[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
}

void OnlineDispatch::admit_arrivals() {
  while (next_arrival_ < stream_.arrival.size() && stream_.arrival[next_arrival_] <= now_) {
    const int w = static_cast<int>(next_arrival_++);
    arrived_.push_back(w);
    if (stream_.size(w) > 0) active_.push_back(w);
    for (int t = stream_.first_task[static_cast<std::size_t>(w)]; t < stream_.first_task[static_cast<std::size_t>(w) + 1]; ++t)
      if (waiting_on_[static_cast<std::size_t>(t)] == 0) make_ready(w, t);
  }
}

void OnlineDispatch::make_ready(int w, int task) {
  ready_[static_cast<std::size_t>(w)].push_back(task);
  int& top = top_[static_cast<std::size_t>(w)];
  if (top == kUnknown) return;
  if (top < 0 || rank(task) > rank(top) || (rank(task) == rank(top) && task < top)) top = task;
}

void OnlineDispatch::release_finished() {
  const TaskGraph& g = stream_.graph;
  while (!finishing_.empty() && finishing_.top().first <= now_) {
    const int t = finishing_.top().second;
    finishing_.pop();
    for (int e : g.out_edges(t)) {
      const int s = g.edge(e).to;
      if (--waiting_on_[static_cast<std::size_t>(s)] == 0) make_ready(stream_.workflow_of(s), s);
    }
  }
}

void OnlineDispatch::refresh_free() {
  free_.clear();
  for (int p = 0; p < problem().processors(); ++p)
    if (builder_.processor_ready(p) <= now_) free_.push_back(p);
}

int OnlineDispatch::top_ready(int w) const {
  int& top = top_[static_cast<std::size_t>(w)];
  if (top != kUnknown) return top;
  int best = -1;
  for (int t : ready_[static_cast<std::size_t>(w)])
    if (best < 0 || rank(t) > rank(best) || (rank(t) == rank(best) && t < best)) best = t;
  return top = best;
}

ScheduleBuilder::Choice OnlineDispatch::earliest_finish(int task, std::span<const int> processors) const {
  ScheduleBuilder::Choice best;
  best.processor = -1;
  double best_finish = std::numeric_limits<double>::infinity();
  auto evaluate = [&](int p) {
    const double start = builder_.dispatch_start(task, p, now_);
    const double finish = start + problem().exec_time(task, p);
    if (finish < best_finish || (finish == best_finish && p < best.processor)) {
      best_finish = finish;
      best = {p, start, finish};
    }
  };
  if (!builder_.placements_interact()) {  // contention-free: each evaluation is a few sums
    for (int p : processors) evaluate(p);
    return best;
  }
  // Under contention each evaluation books the task's messages tentatively, hop by hop. OWM
  // asks about every processor for every candidate at every instant (most of a long stream's
  // time), so processors are taken in order of a cheap lower bound on their finish and
  // evaluated only while the bound can still beat (or tie at a lower index) the best so far:
  // the choice is the one evaluating them all gives (see bounds_ in the header).
  const TaskGraph& g = problem().graph;
  inputs_.clear();
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = builder_.placement(g.edge(e).from);
    inputs_.push_back({u.finish, g.edge(e).data, u.processor});
  }
  const bool engine_route = problem().options.route == RouteChoice::engine;
  bounds_.clear();
  for (int p : processors) {
    // A task starts no sooner than the instant and its processor's last task; a message from
    // another processor leaves no sooner than its producer's finish and the instant, and
    // takes at least its route's delay without waiting (the engine's route; any route with
    // route: earliest, which may take another, so no delay is counted then).
    double ready = std::max(now_, builder_.processor_ready(p));
    for (const Input& in : inputs_)
      ready = std::max(ready, in.processor == p ? in.finish
                                                : std::max(in.finish, now_) +
                                                      (engine_route ? problem().comm.delay(in.processor, p, in.data) : 0.0));
    // Shrunk by a margin far above the rounding of sums taken in another order, so that the
    // bound never passes the exact finish.
    const double finish = ready + problem().exec_time(task, p);
    bounds_.push_back({finish - 1e-12 * std::abs(finish), p});
  }
  // A heap rather than a sort: most processors never come out of it.
  const auto later = std::greater<std::pair<double, int>>();
  std::make_heap(bounds_.begin(), bounds_.end(), later);
  while (!bounds_.empty()) {
    std::pop_heap(bounds_.begin(), bounds_.end(), later);
    const auto [bound, p] = bounds_.back();
    bounds_.pop_back();
    if (bound > best_finish) break;
    if (bound == best_finish && p > best.processor) continue;
    evaluate(p);
  }
  return best;
}

void OnlineDispatch::place(int task, const ScheduleBuilder::Choice& choice) {
  const int w = stream_.workflow_of(task);
  auto& pool = ready_[static_cast<std::size_t>(w)];
  const auto it = std::find(pool.begin(), pool.end(), task);
  if (it == pool.end())
    throw std::logic_error(fmt::format("online policy placed task {}, which is not ready at {}", stream_.graph.task(task).name, now_));
  pool.erase(it);
  if (top_[static_cast<std::size_t>(w)] == task) top_[static_cast<std::size_t>(w)] = kUnknown;
  builder_.dispatch(task, choice.processor, std::max(choice.start, now_), now_);
  dispatched_[static_cast<std::size_t>(task)] = now_;
  if (--unplaced_[static_cast<std::size_t>(w)] == 0) active_.erase(std::find(active_.begin(), active_.end(), w));
  ++placed_;
  finishing_.emplace(builder_.placement(task).finish, task);
  refresh_free();
}

OnlineSchedule OnlineDispatch::run(const Step& step) {
  const int n = stream_.graph.size();
  now_ = stream_.arrival.empty() ? 0.0 : stream_.arrival.front();
  int placed_when_forgotten = 0;
  while (placed_ < n) {
    poll_interruption();
    // Nothing is placed or asked about before now from here on: the builder's timetables
    // forget the past, so that they hold what is in flight rather than the whole stream
    // (a few thousand placements apart: each call visits every timetable).
    if (placed_ - placed_when_forgotten >= kForgetEvery) {
      builder_.forget_before(now_);
      placed_when_forgotten = placed_;
    }
    admit_arrivals();
    release_finished();
    refresh_free();
    while (!free_.empty() && step(*this)) {
    }
    // The next instant: an arrival, or the first finish after now (a finish at now releases
    // its successors at once, at the same instant).
    double next = std::numeric_limits<double>::infinity();
    if (next_arrival_ < stream_.arrival.size()) next = stream_.arrival[next_arrival_];
    if (!finishing_.empty()) next = std::min(next, std::max(now_, finishing_.top().first));
    for (int p = 0; p < problem().processors(); ++p)
      if (builder_.processor_ready(p) > now_) next = std::min(next, builder_.processor_ready(p));
    if (placed_ == n) break;
    if (!(next < std::numeric_limits<double>::infinity()))
      throw std::logic_error(fmt::format("online policy {} left {} tasks unplaced with nothing to wait for",
                                         builder_.take().scheduler, n - placed_));
    now_ = next;
  }
  return {builder_.take(), std::move(dispatched_)};
}

}  // namespace mpnsim
