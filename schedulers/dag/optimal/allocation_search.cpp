// Branch and bound over allocations, then over each allocation's orders (allocation_search.hpp).
//
// The state space. Tasks are allocated one at a time in a fixed order (allocation_order), so
// every allocation is reached once, and once per orbit of the machine's symmetries that fix the
// processors in use (ProcessorSymmetry: on a complete network of equal processors a task goes to
// a processor in use or to the first free one, Orr & Sinnen's processor normalisation). Every
// schedule has an allocation, and ListSearch finds the best schedule of each, so the space holds
// an optimum.
//
// Bounds of a partial allocation (every schedule that completes it takes at least). Each task's
// earliest start (head) and least time after its end (tail) are taken along the graph with a
// message wherever both ends of an edge are allocated apart (an unallocated end may yet join the
// other), an unallocated task on its best processor, an allocated one after its predecessors on
// its processor one after another (Al-Mouhamed's split for those not yet allocated); then
//  - each task's head, time and tail;
//  - each processor's allocated tasks one after another, with their heads and tails
//    (one_machine_bound_below);
//  - an unallocated task that only one processor can take without reaching the best makespan is
//    counted there (the bounds need only hold for better schedules);
//  - the processors' loads with the unallocated load shared at will (water-filling), each
//    processor working only between the least head and before the least tail of the tasks that
//    may run on it.
// Where the list search is weak, these are strong: a partition of whole works over a few
// processors is bounded by its loads long before any order is chosen, and a graph with costly
// messages by the messages its allocation cannot avoid.
#include "schedulers/dag/optimal/allocation_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "schedulers/dag/optimal/symmetry_kinds.hpp"

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kOneMachineNodes = 96;  // per processor and bound: a few orders of a few tasks

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The order of allocation: the decisions that weigh most first, so that bounds see them early:
// by least time plus the least delays of the task's edges (a fork's or a join's centre, then the
// large tasks), then by index. Any order is sound: the bounds read both ends of each edge.
std::vector<int> allocation_order(const TaskGraph& g, const SearchTables& tables) {
  const int n = g.size();
  std::vector<double> weight(at(n));
  for (int t = 0; t < n; ++t) {
    weight[at(t)] = tables.min_exec[at(t)];
    for (int e : g.in_edges(t)) weight[at(t)] += tables.min_delay[at(e)];
    for (int e : g.out_edges(t)) weight[at(t)] += tables.min_delay[at(e)];
  }
  std::vector<int> order(at(n));
  for (int t = 0; t < n; ++t) order[at(t)] = t;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return weight[at(a)] > weight[at(b)]; });
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
      orders_(problem, tables, best),
      packing_(tables, best.step) {
  if (P_ <= 64) symmetry_.emplace(P_, free_model_kinds(problem, tables_));
  order_ = allocation_order(g_, tables_);
  alloc_.assign(at(n_), -1);
  est_.assign(at(n_), 0);
  fin_.assign(at(n_), 0);
  tail_.assign(at(n_), 0);
  load_.assign(at(P_), 0);
  committed_.assign(at(P_), 0);
  first_.assign(at(P_), kInf);
  last_.assign(at(P_), kInf);
  extra_.assign(at(P_), 0);
  orbit_size_.assign(at(P_), 0);
  forced_.assign(at(n_), -1);
  forced_tail_.assign(at(n_), 0);
  start_at_.assign(at(n_) * at(P_), 0);
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

// The earliest start of task t on p from its predecessors' earliest finishes (fin_), with a
// message from each allocated elsewhere; an unallocated one may yet share p.
double AllocationSearch::start_on(int t, int p) const {
  double s = tables_.head[at(t)];
  for (int e : g_.in_edges(t)) {
    const int u = g_.edge(e).from;
    const int q = alloc_[at(u)];
    s = std::max(s, fin_[at(u)] + (q < 0 || q == p ? 0.0 : problem_.edge_delay(e, q, p)));
  }
  return s;
}

// The earliest start of t on p, with its predecessors allocated to p run there one after another
// before it, and each unallocated one either among them or sending from elsewhere after its
// edge's least delay (Al-Mouhamed's split, best_split: the least over which are kept).
double AllocationSearch::split_start(int t, int p) {
  double s = tables_.head[at(t)];
  kept_.clear();
  split_.clear();
  for (int e : g_.in_edges(t)) {
    const int u = g_.edge(e).from;
    const int q = alloc_[at(u)];
    if (q == p)
      kept_.push_back({0, est_[at(u)], tables_.time(u, p)});
    else if (q >= 0)
      s = std::max(s, fin_[at(u)] + problem_.edge_delay(e, q, p));
    else
      split_.push_back({fin_[at(u)] + tables_.min_delay[at(e)], est_[at(u)], tables_.time(u, p)});
  }
  if (kept_.empty() && split_.empty()) return s;
  std::sort(split_.begin(), split_.end(), [](const Pred& a, const Pred& b) { return a.apart > b.apart; });
  apart_.clear();
  local_.clear();
  const std::size_t forced = kept_.size();
  for (std::size_t k = 0; k <= split_.size(); ++k) {
    if (k > 0) kept_.push_back(split_[k - 1]);
    chain_.assign(kept_.begin(), kept_.end());
    std::sort(chain_.begin(), chain_.end(), [](const Pred& a, const Pred& b) { return a.release < b.release; });
    double end = 0;
    for (const Pred& x : chain_) end = std::max(end, x.release) + x.time;
    local_.push_back(end);
    if (k < split_.size()) apart_.push_back(split_[k].apart);
  }
  kept_.resize(forced);
  return std::max(s, best_split(apart_, local_));
}

// The least time from t's end to the end of the schedule with t on p (p < 0: not yet allocated),
// from its successors' tails: a message to each allocated elsewhere.
double AllocationSearch::tail_on(int t, int p) const {
  double tl = tables_.tail[at(t)];
  for (int e : g_.out_edges(t)) {
    const int v = g_.edge(e).to;
    const int q = alloc_[at(v)];
    const double message = p < 0 || q < 0 || q == p ? 0.0 : problem_.edge_delay(e, p, q);
    tl = std::max(tl, message + (q < 0 ? tables_.min_exec[at(v)] : tables_.time(v, q)) + tail_[at(v)]);
  }
  return tl;
}

void AllocationSearch::apply(int t, int p) {
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

// The child allocating t to p, from its parent's heads and tails (fin_, tail_ are the parent's:
// children are made right after its full bound).
double AllocationSearch::child_bound(double parent, int t, int p) {
  double bound = std::max(parent, split_start(t, p) + tables_.time(t, p) + tail_on(t, p));
  for (int q = 0; q < P_; ++q) committed_[at(q)] = load_[at(q)] + (q == p ? tables_.time(t, p) : 0.0);
  return std::max(bound, load_bound(tables_, committed_, remaining_ - tables_.load_of(t)));
}

double AllocationSearch::full_bound() {
  const std::uint64_t used = depth_ < 0 ? 0 : used_[at(depth_ + 1)];
  const std::vector<int>* lead = symmetry_ ? &symmetry_->leaders(used) : nullptr;
  if (lead) {
    std::fill(orbit_size_.begin(), orbit_size_.end(), 0);
    for (int p = 0; p < P_; ++p) ++orbit_size_[at((*lead)[at(p)])];
  }
  // first_[p], last_[p]: no task that may run on p starts there before first_[p] or leaves less
  // than last_[p] after its end (its tail there).
  std::fill(first_.begin(), first_.end(), kInf);
  std::fill(last_.begin(), last_.end(), kInf);
  // Forward: each task's earliest start and finish, on its processor or on the best one (one per
  // orbit of the symmetries fixing those in use: they look alike to every allocated task).
  for (int t : tables_.topo) {
    if (const int p = alloc_[at(t)]; p >= 0) {
      est_[at(t)] = split_start(t, p);
      fin_[at(t)] = est_[at(t)] + tables_.time(t, p);
      first_[at(p)] = std::min(first_[at(p)], est_[at(t)]);
      continue;
    }
    double earliest = kInf, earliest_start = kInf;
    for (int p = 0; p < P_; ++p) {
      if (lead && (*lead)[at(p)] != p) continue;
      const double s = start_on(t, p);
      start_at_[at(t) * at(P_) + at(p)] = s;
      earliest = std::min(earliest, s + tables_.time(t, p));
      earliest_start = std::min(earliest_start, s);
      first_[at(p)] = std::min(first_[at(p)], s);
    }
    est_[at(t)] = earliest_start;
    fin_[at(t)] = earliest;
  }
  // Backward: tails.
  double bound = 0;
  for (auto it = tables_.topo.rbegin(); it != tables_.topo.rend(); ++it) {
    const int t = *it;
    const int q = alloc_[at(t)];
    tail_[at(t)] = tail_on(t, q);
    bound = std::max(bound, fin_[at(t)] + tail_[at(t)]);
    if (q >= 0) {
      last_[at(q)] = std::min(last_[at(q)], tail_[at(t)]);
      continue;
    }
    // An unallocated task that every processor but one would make too long for the best
    // schedule must go to that one in every better schedule: it joins that processor's tasks
    // below (forced_), and none at all ends the branch.
    const double level = best_.prune_level();
    int fits = 0, where = -1;
    for (int p = 0; p < P_; ++p) {
      if (lead && (*lead)[at(p)] != p) continue;
      const double tl = tail_on(t, p);
      last_[at(p)] = std::min(last_[at(p)], tl);
      if (start_at_[at(t) * at(P_) + at(p)] + tables_.time(t, p) + tl < level) {
        fits += lead ? orbit_size_[at(p)] : 1;
        where = p;
        forced_tail_[at(t)] = tl;
      }
    }
    if (fits == 0) return kInf;
    forced_[at(t)] = fits == 1 ? where : -1;
  }
  double forced_load = 0;
  for (int p = 0; p < P_; ++p) {
    jobs_.clear();
    extra_[at(p)] = 0;
    for (int t = 0; t < n_; ++t) {
      if (alloc_[at(t)] == p) {
        jobs_.push_back({est_[at(t)], tables_.time(t, p), tail_[at(t)]});
      } else if (alloc_[at(t)] < 0 && forced_[at(t)] == p) {
        jobs_.push_back({start_at_[at(t) * at(P_) + at(p)], tables_.time(t, p), forced_tail_[at(t)]});
        extra_[at(p)] += tables_.time(t, p);
        forced_load += tables_.load_of(t);
      }
    }
    bound = std::max(bound, one_machine_bound_below(jobs_, best_.prune_level(), kOneMachineNodes));
  }
  // The load: processor p can work only between first_[p] and the end less last_[p], and its
  // allocated tasks take load_[p] of that; the unallocated load is shared at will over the rest.
  // (Processors of one orbit share their leader's window.)
  for (int p = 0; p < P_; ++p) {
    const int l = lead ? (*lead)[at(p)] : p;
    committed_[at(p)] = load_[at(p)] + extra_[at(p)] + (first_[at(l)] == kInf ? 0.0 : first_[at(l)] + last_[at(l)]);
  }
  bound = std::max(bound, load_bound(tables_, committed_, remaining_ - forced_load));
  // On a time grid, a better schedule ends a step before the best: the unallocated tasks must
  // then fit, as whole times, in the rooms the processors have left by that end.
  if (packing_.applies() && !std::isinf(best_.makespan) && bound < best_.prune_level()) {
    unallocated_.clear();
    for (int t = 0; t < n_; ++t)
      if (alloc_[at(t)] < 0 && forced_[at(t)] < 0) unallocated_.push_back(t);
    if (!packing_.fits(committed_, best_.makespan - best_.step, unallocated_)) return best_.makespan;
  }
  return bound;
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
