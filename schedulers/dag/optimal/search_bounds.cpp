// Tables and the load bound of the exact search (search_bounds.hpp).
#include "schedulers/dag/optimal/search_bounds.hpp"

#include "schedulers/dag/lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mpnsim {

double SearchTables::load_of(int task) const {
  return related ? work[static_cast<std::size_t>(task)] : min_exec[static_cast<std::size_t>(task)];
}

SearchTables make_search_tables(const DagProblem& problem, std::span<const double> min_delay) {
  const TaskGraph& g = problem.graph;
  SearchTables t;
  t.tasks = g.size();
  t.processors = problem.processors();
  const auto n = static_cast<std::size_t>(t.tasks);
  const auto P = static_cast<std::size_t>(t.processors);
  t.exec.resize(n * P);
  t.min_exec.assign(n, std::numeric_limits<double>::infinity());
  for (int task = 0; task < t.tasks; ++task)
    for (int p = 0; p < t.processors; ++p) {
      const double x = problem.exec_time(task, p);
      t.exec[static_cast<std::size_t>(task) * P + static_cast<std::size_t>(p)] = x;
      t.min_exec[static_cast<std::size_t>(task)] = std::min(t.min_exec[static_cast<std::size_t>(task)], x);
    }
  t.related = g.costs() == nullptr;
  if (t.related) {
    for (int p = 0; p < t.processors; ++p)
      t.unit.push_back(problem.machine.processors[static_cast<std::size_t>(p)].w * problem.machine.Tcp);
    // A processor that takes no time per unit of work does any remaining work at once: the
    // load argument says nothing then.
    if (*std::min_element(t.unit.begin(), t.unit.end()) <= 0) t.related = false;
    if (t.related) t.least_unit = *std::min_element(t.unit.begin(), t.unit.end());
  }
  t.topo = topological_order(g);
  t.min_delay.assign(static_cast<std::size_t>(g.edge_count()), std::numeric_limits<double>::infinity());
  if (!min_delay.empty())
    t.min_delay.assign(min_delay.begin(), min_delay.end());
  else
    for (int e = 0; e < g.edge_count(); ++e)
      for (int p = 0; p < t.processors; ++p)
      for (int q = 0; q < t.processors; ++q)
        if (p != q) t.min_delay[static_cast<std::size_t>(e)] = std::min(t.min_delay[static_cast<std::size_t>(e)], problem.edge_delay(e, p, q));
  // Tails from the exits up. A successor s kept on the task's processor starts after it, and
  // those kept there run one after another: in order of decreasing tail (Jackson's rule) they
  // end soonest. One kept apart starts no sooner than the edge's least delay.
  t.tail.assign(n, 0.0);
  struct Next {
    double apart, time, tail;  // delay + time + tail if apart; its least time; its tail
  };
  std::vector<Next> next, kept;
  std::vector<double> apart, local;
  for (auto it = t.topo.rbegin(); it != t.topo.rend(); ++it) {
    next.clear();
    for (int e : g.out_edges(*it)) {
      const auto s = static_cast<std::size_t>(g.edge(e).to);
      next.push_back({t.min_delay[static_cast<std::size_t>(e)] + t.min_exec[s] + t.tail[s], t.min_exec[s], t.tail[s]});
    }
    std::sort(next.begin(), next.end(), [](const Next& a, const Next& b) { return a.apart > b.apart; });
    apart.clear();
    local.clear();
    for (std::size_t k = 0; k <= next.size(); ++k) {
      kept.assign(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(k));
      std::sort(kept.begin(), kept.end(), [](const Next& a, const Next& b) { return a.tail > b.tail; });
      double elapsed = 0, end = 0;
      for (const Next& x : kept) {
        elapsed += x.time;
        end = std::max(end, elapsed + x.tail);
      }
      local.push_back(end);
      if (k < next.size()) apart.push_back(next[k].apart);
    }
    t.tail[static_cast<std::size_t>(*it)] = best_split(apart, local);
  }
  // The static windows of the lower bound (schedulers/dag/lower_bound.hpp) see further than one
  // level of neighbours: each task takes the larger of the two tails, and their head.
  const TaskWindows windows = task_windows(problem);
  t.head = windows.start;
  for (std::size_t i = 0; i < n; ++i) t.tail[i] = std::max(t.tail[i], windows.tail[i]);
  // A join's predecessors (a fork's successors) that go apart share the other P - 1 processors
  // (shared_split_bound), from the sources down and the sinks up.
  std::vector<SplitNeighbour> around;
  for (int x : t.topo) {
    around.clear();
    for (int e : g.in_edges(x)) {
      const auto u = static_cast<std::size_t>(g.edge(e).from);
      around.push_back({t.head[u], t.min_exec[u], t.min_delay[static_cast<std::size_t>(e)]});
    }
    if (around.size() > 1)
      t.head[static_cast<std::size_t>(x)] = std::max(t.head[static_cast<std::size_t>(x)], shared_split_bound(around, 0, t.processors - 1));
  }
  for (auto it = t.topo.rbegin(); it != t.topo.rend(); ++it) {
    around.clear();
    for (int e : g.out_edges(*it)) {
      const auto v = static_cast<std::size_t>(g.edge(e).to);
      around.push_back({t.tail[v], t.min_exec[v], t.min_delay[static_cast<std::size_t>(e)]});
    }
    if (around.size() > 1)
      t.tail[static_cast<std::size_t>(*it)] = std::max(t.tail[static_cast<std::size_t>(*it)], shared_split_bound(around, 0, t.processors - 1));
  }
  // Ancestors and descendants, from the sinks up and the sources down. The bounds that read them
  // cost about n^2 per state, past the work estimate's (n + e) P on large graphs; an exact search
  // finishes on far smaller graphs than 128 tasks, so larger ones go without.
  if (t.tasks <= kClosureMaxTasks) {
    t.words = (t.tasks + 63) / 64;
    const auto W = static_cast<std::size_t>(t.words);
    t.ancestors.assign(n * W, 0);
    t.descendants.assign(n * W, 0);
    for (int task : t.topo)
      for (int e : g.in_edges(task)) {
        const auto u = static_cast<std::size_t>(g.edge(e).from), v = static_cast<std::size_t>(task);
        for (std::size_t w = 0; w < W; ++w) t.ancestors[v * W + w] |= t.ancestors[u * W + w];
        t.ancestors[v * W + u / 64] |= std::uint64_t{1} << (u % 64);
      }
    for (auto it = t.topo.rbegin(); it != t.topo.rend(); ++it)
      for (int e : g.out_edges(*it)) {
        const auto v = static_cast<std::size_t>(g.edge(e).to), u = static_cast<std::size_t>(*it);
        for (std::size_t w = 0; w < W; ++w) t.descendants[u * W + w] |= t.descendants[v * W + w];
        t.descendants[u * W + v / 64] |= std::uint64_t{1} << (v % 64);
      }
  }
  if (t.words > 0) {
    const double inf = std::numeric_limits<double>::infinity();
    t.crossing.assign(n * n, -inf);
    std::vector<double> chain(n), least(n);  // from one ancestor a: longest interior chain, least edge delay
    for (int a = 0; a < t.tasks; ++a) {
      std::fill(chain.begin(), chain.end(), -inf);
      std::fill(least.begin(), least.end(), inf);
      chain[static_cast<std::size_t>(a)] = 0;
      for (int v : t.topo)
        for (int e : g.in_edges(v)) {
          const auto u = static_cast<std::size_t>(g.edge(e).from);
          if (chain[u] == -inf) continue;  // u is not a or one of its descendants
          const auto vi = static_cast<std::size_t>(v);
          chain[vi] = std::max(chain[vi], static_cast<int>(u) == a ? 0.0 : chain[u] + t.min_exec[u]);
          least[vi] = std::min({least[vi], least[u], t.min_delay[static_cast<std::size_t>(e)]});
        }
      for (int x = 0; x < t.tasks; ++x)
        if (x != a && chain[static_cast<std::size_t>(x)] != -inf)
          t.crossing[static_cast<std::size_t>(a) * n + static_cast<std::size_t>(x)] =
              chain[static_cast<std::size_t>(x)] + least[static_cast<std::size_t>(x)];
    }
  }
  t.total_work = 0;
  for (int task = 0; task < t.tasks; ++task) {
    t.work.push_back(g.work(task));
    t.total_work += t.load_of(task);
  }
  return t;
}

double best_split(std::span<const double> apart, std::span<const double> local) {
  // The first k kept, the rest apart: the rest's latest is apart[k] (sorted, largest first).
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < local.size(); ++k)
    best = std::min(best, std::max(local[k], k < apart.size() ? apart[k] : 0.0));
  return best;
}

double one_machine_bound(std::vector<OneMachineJob>& jobs) {
  std::sort(jobs.begin(), jobs.end(), [](const OneMachineJob& a, const OneMachineJob& b) { return a.release < b.release; });
  // The released jobs by tail, longest first, each with the time it still needs.
  auto shorter_tail = [](const OneMachineJob& a, const OneMachineJob& b) { return a.tail < b.tail; };
  thread_local std::vector<OneMachineJob> released;  // a heap
  released.clear();
  double now = 0, bound = 0;
  std::size_t next = 0;
  while (next < jobs.size() || !released.empty()) {
    if (released.empty()) now = std::max(now, jobs[next].release);
    while (next < jobs.size() && jobs[next].release <= now) {
      released.push_back(jobs[next++]);
      std::push_heap(released.begin(), released.end(), shorter_tail);
    }
    std::pop_heap(released.begin(), released.end(), shorter_tail);
    OneMachineJob& j = released.back();
    // It runs until it ends or the next release, which may preempt it.
    const double until = next < jobs.size() ? jobs[next].release : std::numeric_limits<double>::infinity();
    if (now + j.time <= until) {
      now += j.time;
      bound = std::max(bound, now + j.tail);
      released.pop_back();
    } else {
      j.time -= until - now;
      now = until;
      std::push_heap(released.begin(), released.end(), shorter_tail);
    }
  }
  return bound;
}

namespace {

// Depth-first over the orders of a few jobs on one machine: each step runs next a job that can
// start before any other could end (an active schedule: one of them is optimal for a regular
// objective), longest tail first. True when an order ends below the cutoff.
class OneMachineOrders {
 public:
  OneMachineOrders(std::span<const OneMachineJob> jobs, double cutoff, int node_limit)
      : jobs_(jobs.begin(), jobs.end()), cutoff_(cutoff), nodes_left_(node_limit) {
    std::sort(jobs_.begin(), jobs_.end(), [](const OneMachineJob& a, const OneMachineJob& b) { return a.tail > b.tail; });
    done_.assign(jobs_.size(), false);
  }
  bool aborted() const { return aborted_; }

  bool below(double now, double value, std::size_t left) {
    if (left == 0) return value < cutoff_;
    if (--nodes_left_ < 0) {
      aborted_ = true;
      return false;
    }
    rest_.clear();
    for (std::size_t i = 0; i < jobs_.size(); ++i)
      if (!done_[i]) rest_.push_back({std::max(jobs_[i].release, now), jobs_[i].time, jobs_[i].tail});
    if (std::max(value, one_machine_bound(rest_)) >= cutoff_) return false;
    double first_end = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < jobs_.size(); ++i)
      if (!done_[i]) first_end = std::min(first_end, std::max(jobs_[i].release, now) + jobs_[i].time);
    for (std::size_t i = 0; i < jobs_.size() && !aborted_; ++i) {
      if (done_[i]) continue;
      const double start = std::max(jobs_[i].release, now);
      if (start >= first_end) continue;
      const double end = start + jobs_[i].time;
      done_[i] = true;
      const bool found = below(end, std::max(value, end + jobs_[i].tail), left - 1);
      done_[i] = false;
      if (found) return true;
    }
    return false;
  }

 private:
  std::vector<OneMachineJob> jobs_;
  std::vector<bool> done_;
  std::vector<OneMachineJob> rest_;
  double cutoff_;
  int nodes_left_;
  bool aborted_ = false;
};

}  // namespace

double one_machine_bound_below(std::vector<OneMachineJob>& jobs, double cutoff, int node_limit) {
  const double preemptive = one_machine_bound(jobs);
  if (preemptive >= cutoff || std::isinf(cutoff) || jobs.size() < 2 || jobs.size() > kOneMachineMaxJobs) return preemptive;
  OneMachineOrders orders(jobs, cutoff, node_limit);
  const bool found = orders.below(0, 0, jobs.size());
  return found || orders.aborted() ? preemptive : cutoff;
}

namespace {

// The most work `others` processors can take from `items` (sorted by delay, least first) by S:
// with nested limits (those of delay at least d_j share others · (S − d_j − r)), the greatest
// total is the least over j of the caps of the items before j plus the limit at j (a min-cut of
// the chain), where an item's cap is its time if it can arrive by S, else 0.
double work_taken_away(std::span<const SplitNeighbour> items, double S, double least_release, int others) {
  double before = 0, best = std::numeric_limits<double>::infinity();
  for (const SplitNeighbour& x : items) {
    best = std::min(best, before + others * std::max(0.0, S - x.delay - least_release));
    if (x.release + x.time + x.delay <= S) before += x.time;
  }
  return std::min(best, before);
}

}  // namespace

double shared_split_bound(std::vector<SplitNeighbour>& items, double fixed_local, int others) {
  if (items.empty()) return 0;
  std::sort(items.begin(), items.end(), [](const SplitNeighbour& a, const SplitNeighbour& b) { return a.delay < b.delay; });
  double least_release = std::numeric_limits<double>::infinity(), total = 0;
  for (const SplitNeighbour& x : items) {
    least_release = std::min(least_release, x.release);
    total += x.time;
  }
  // S is feasible when the kept work fits: least release + fixed + total − taken away <= S. The
  // left side falls as S grows, so bisect between the all-kept end (feasible) and the start.
  double hi = least_release + fixed_local + total;
  if (others <= 0) return hi;
  double lo = least_release + fixed_local;
  auto fits = [&](double S) { return least_release + fixed_local + total - work_taken_away(items, S, least_release, others) <= S; };
  if (fits(lo)) return lo;
  for (int i = 0; i < 50 && hi - lo > 1e-12 * std::max(1.0, hi); ++i) {
    const double mid = 0.5 * (lo + hi);
    (fits(mid) ? hi : lo) = mid;
  }
  return lo;
}

double load_bound(const SearchTables& tables, std::span<const double> committed, double remaining) {
  if (remaining <= 0) return 0;
  thread_local LoadProfile profile;
  profile.reset(tables, committed);
  return profile.level(remaining);
}

void LoadProfile::reset(const SearchTables& tables, std::span<const double> committed) {
  order_.clear();
  for (std::size_t p = 0; p < committed.size(); ++p)
    order_.emplace_back(committed[p], tables.related ? 1.0 / tables.unit[p] : 1.0);
  std::sort(order_.begin(), order_.end());
  equal_rates_ = true;
  for (const auto& [committed_at, rate] : order_) equal_rates_ = equal_rates_ && rate == order_[0].second;
}

double LoadProfile::level(double remaining, double floor) const { return fill(remaining, floor, order_.size()); }

double LoadProfile::level_without_one(double remaining) const {
  // Leaving out the processor committed last removes the least capacity when rates are equal.
  return equal_rates_ && order_.size() > 1 ? fill(remaining, 0, order_.size() - 1) : fill(remaining, 0, order_.size());
}

// Water-filling over the first P processors by committed time: they join in that order, each
// doing `rate` of work per time unit, until the work done reaches `remaining`.
double LoadProfile::fill(double remaining, double floor, std::size_t P) const {
  if (remaining <= 0 || P == 0) return 0;
  double rate = 0, done = 0;
  for (std::size_t k = 0; k < P; ++k) {
    rate += order_[k].second;
    const double from = std::max(order_[k].first, floor);
    const double until = k + 1 < P ? std::max(order_[k + 1].first, floor) : std::numeric_limits<double>::infinity();
    if (done + rate * (until - from) >= remaining) return from + (remaining - done) / rate;
    done += rate * (until - from);
  }
  return std::max(order_[P - 1].first, floor);  // not reached: the last interval is unbounded
}

}  // namespace mpnsim
