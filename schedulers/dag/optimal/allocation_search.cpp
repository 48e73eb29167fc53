// Branch and bound over allocations, then over each allocation's orders (allocation_search.hpp).
//
// The state space. Tasks are allocated one at a time in a fixed topological order (each time
// the ready task with the longest chain of least times and tails below it), so every allocation
// is reached once, and once per orbit of the machine's symmetries that fix the processors in use
// (ProcessorSymmetry: on a complete network of equal processors a task goes to a processor in use
// or to the first free one, Orr & Sinnen's processor normalisation). Every schedule has an
// allocation, and ListSearch finds the best schedule of each, so the space holds an optimum.
//
// Bounds of a partial allocation (every schedule that completes it takes at least):
//  - each allocated task's head (its chain of times and messages, a message only where its ends
//    are apart) plus its time and tail;
//  - each processor's allocated tasks one after another: for every release r, r + the times of
//    the tasks released at r or later + the least of their tails;
//  - each unallocated task's earliest finish on any processor, from its allocated predecessors'
//    finishes and messages, plus its tail;
//  - the processors' loads with the unallocated load shared at will (water-filling).
// Where the list search is weak, these are strong: a partition of whole works over a few
// processors is bounded by its loads long before any order is chosen, and a graph with costly
// messages by the messages its allocation cannot avoid.
#include "schedulers/dag/optimal/allocation_search.hpp"

#include <algorithm>
#include <limits>
#include <queue>

#include "schedulers/dag/optimal/symmetry_kinds.hpp"

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// A topological order taking, among the tasks whose predecessors are all in it, the one with the
// longest least chain to the end (least time + tail), then the least index.
std::vector<int> allocation_order(const TaskGraph& g, const SearchTables& tables) {
  const int n = g.size();
  std::vector<int> waiting(at(n));
  auto rank = [&](int t) { return tables.min_exec[at(t)] + tables.tail[at(t)]; };
  auto later = [&](int a, int b) { return rank(a) != rank(b) ? rank(a) < rank(b) : a > b; };
  std::priority_queue<int, std::vector<int>, decltype(later)> ready(later);
  for (int t = 0; t < n; ++t) {
    waiting[at(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[at(t)] == 0) ready.push(t);
  }
  std::vector<int> order;
  order.reserve(at(n));
  while (!ready.empty()) {
    const int t = ready.top();
    ready.pop();
    order.push_back(t);
    for (int e : g.out_edges(t))
      if (--waiting[at(g.edge(e).to)] == 0) ready.push(g.edge(e).to);
  }
  return order;
}

}  // namespace

AllocationSearch::AllocationSearch(const DagProblem& problem, const SearchTables& tables, Incumbent& best)
    : problem_(problem),
      g_(problem.graph),
      tables_(tables),
      best_(best),
      n_(g_.size()),
      P_(problem.processors()),
      orders_(problem, tables, best) {
  if (P_ <= 64) symmetry_.emplace(P_, free_model_kinds(problem, tables_));
  order_ = allocation_order(g_, tables_);
  alloc_.assign(at(n_), -1);
  head_.assign(at(n_), 0);
  finish_.assign(at(n_), 0);
  load_.assign(at(P_), 0);
  committed_.assign(at(P_), 0);
  used_.assign(at(n_) + 1, 0);
  frames_.resize(at(n_));
  next_.assign(at(n_), 0);
}

void AllocationSearch::start() {
  std::fill(alloc_.begin(), alloc_.end(), -1);
  std::fill(load_.begin(), load_.end(), 0.0);
  remaining_ = tables_.total_work;
  ordering_ = false;
  depth_ = -1;
  used_[0] = 0;
  if (n_ == 0) return;
  root_ = full_bound();
  if (root_ < best_.prune_level()) {
    depth_ = 0;
    children(root_, order_[0], frames_[0]);
    next_[0] = 0;
  }
}

// The earliest start of task t on p under the allocation so far (its predecessors are allocated:
// the order is topological).
double AllocationSearch::start_on(int t, int p) const {
  double s = tables_.head[at(t)];
  for (int e : g_.in_edges(t)) {
    const int u = g_.edge(e).from;
    const int q = alloc_[at(u)];
    s = std::max(s, head_[at(u)] + tables_.time(u, q) + (q == p ? 0.0 : problem_.edge_delay(e, q, p)));
  }
  return s;
}

void AllocationSearch::apply(int t, int p) {
  head_[at(t)] = start_on(t, p);
  alloc_[at(t)] = p;
  load_[at(p)] += tables_.time(t, p);
  remaining_ -= tables_.load_of(t);
}

void AllocationSearch::undo(int t) {
  const int p = alloc_[at(t)];
  load_[at(p)] -= tables_.time(t, p);
  remaining_ += tables_.load_of(t);
  alloc_[at(t)] = -1;
}

double AllocationSearch::child_bound(double parent, int t, int p) {
  double bound = std::max(parent, start_on(t, p) + tables_.time(t, p) + tables_.tail[at(t)]);
  for (int q = 0; q < P_; ++q) committed_[at(q)] = load_[at(q)] + (q == p ? tables_.time(t, p) : 0.0);
  return std::max(bound, load_bound(tables_, committed_, remaining_ - tables_.load_of(t)));
}

double AllocationSearch::full_bound() {
  double bound = 0;
  const std::uint64_t used = depth_ < 0 ? 0 : used_[at(depth_ + 1)];
  const std::vector<int>* lead = symmetry_ ? &symmetry_->leaders(used) : nullptr;
  for (int t : tables_.topo) {
    if (const int p = alloc_[at(t)]; p >= 0) {
      finish_[at(t)] = head_[at(t)] + tables_.time(t, p);
      bound = std::max(bound, finish_[at(t)] + tables_.tail[at(t)]);
      continue;
    }
    // Unallocated: the least finish over the processors (one per orbit), its allocated
    // predecessors' data after their messages, the others' at their least finishes.
    double earliest = kInf;
    for (int p = 0; p < P_; ++p) {
      if (lead && (*lead)[at(p)] != p) continue;
      double s = tables_.head[at(t)];
      for (int e : g_.in_edges(t)) {
        const int u = g_.edge(e).from;
        const int q = alloc_[at(u)];
        s = std::max(s, finish_[at(u)] + (q < 0 || q == p ? 0.0 : problem_.edge_delay(e, q, p)));
      }
      earliest = std::min(earliest, s + tables_.time(t, p));
    }
    finish_[at(t)] = earliest;
    bound = std::max(bound, earliest + tables_.tail[at(t)]);
  }
  for (int p = 0; p < P_; ++p) {
    jobs_.clear();
    for (int t = 0; t < n_; ++t)
      if (alloc_[at(t)] == p) jobs_.push_back({head_[at(t)], tables_.time(t, p), tables_.tail[at(t)]});
    std::sort(jobs_.begin(), jobs_.end(), [](const Job& a, const Job& b) { return a.release > b.release; });
    double work = 0, least_tail = kInf;
    for (const Job& j : jobs_) {
      work += j.time;
      least_tail = std::min(least_tail, j.tail);
      bound = std::max(bound, j.release + work + least_tail);
    }
  }
  return std::max(bound, load_bound(tables_, load_, remaining_));
}

void AllocationSearch::children(double parent_bound, int t, std::vector<Child>& out) {
  out.clear();
  const std::vector<int>* lead = symmetry_ ? &symmetry_->leaders(used_[at(depth_)]) : nullptr;
  const double level = best_.prune_level();
  for (int p = 0; p < P_; ++p) {
    if (lead && (*lead)[at(p)] != p) continue;
    const double b = child_bound(parent_bound, t, p);
    if (b < level) out.push_back({b, p});
  }
  std::sort(out.begin(), out.end(), [](const Child& a, const Child& b) { return a.bound != b.bound ? a.bound < b.bound : a.proc < b.proc; });
}

SearchProgress AllocationSearch::advance(SearchBudget& budget, std::uint64_t pause_at) {
  while (depth_ >= 0) {
    if (ordering_) {
      const SearchProgress r = orders_.advance(budget, pause_at);
      if (r != SearchProgress::done) return r;
      ordering_ = false;
      undo(order_[at(depth_)]);
      continue;
    }
    std::vector<Child>& frame = frames_[at(depth_)];
    std::size_t& i = next_[at(depth_)];
    if (i == frame.size() || frame[i].bound >= best_.prune_level()) {
      i = frame.size();
      --depth_;
      if (depth_ >= 0) undo(order_[at(depth_)]);
      continue;
    }
    if (budget.states() >= pause_at) return SearchProgress::paused;
    if (budget.exhausted()) return SearchProgress::stopped;
    const Child c = frame[i++];
    const int t = order_[at(depth_)];
    apply(t, c.proc);
    used_[at(depth_ + 1)] = used_[at(depth_)] | (c.proc < 64 ? std::uint64_t{1} << c.proc : 0);
    if (depth_ + 1 == n_) {
      orders_.start(alloc_);
      ordering_ = true;
      continue;
    }
    const double bound = std::max(c.bound, full_bound());
    if (bound >= best_.prune_level()) {
      undo(t);
      continue;
    }
    ++depth_;
    children(bound, order_[at(depth_)], frames_[at(depth_)]);
    next_[at(depth_)] = 0;
  }
  return SearchProgress::done;
}

double AllocationSearch::unexplored() const {
  double least = ordering_ ? orders_.unexplored() : kInf;
  for (int d = 0; d <= depth_; ++d) {
    const std::vector<Child>& frame = frames_[at(d)];
    if (next_[at(d)] < frame.size()) least = std::min(least, frame[next_[at(d)]].bound);
  }
  return std::max(least, root_);
}

}  // namespace mpnsim
