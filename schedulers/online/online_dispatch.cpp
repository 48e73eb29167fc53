// The scheduling instants of dynamic online policies, and what each policy may see at one.
#include "schedulers/online/online_dispatch.hpp"

#include <algorithm>
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
  for (int p : processors) {
    const double start = builder_.dispatch_start(task, p, now_);
    const double finish = start + problem().exec_time(task, p);
    if (finish < best_finish || (finish == best_finish && p < best.processor)) {
      best_finish = finish;
      best = {p, start, finish};
    }
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
  while (placed_ < n) {
    poll_interruption();
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
