// BSA, Bubble Scheduling and Allocation (Kwok & Ahmad), on the network's links: contention-aware by nature.
//
// Sources: Y.-K. Kwok and I. Ahmad, "Bubble Scheduling: A Quasi Dynamic Algorithm for Static
// Allocation of Tasks to Parallel Architectures", Proc. 7th IEEE SPDP, 1995, pp. 36-43; and
// "Link Contention-Constrained Scheduling and Mapping of Tasks and Messages to a Network of
// Heterogeneous Processors", Cluster Computing 3(2), 2000, pp. 113-124. The reading
// implemented here:
//  1. The CPN-Dominant sequence: critical-path nodes (CPNs, t-level + b-level = the critical
//     path, to kTimeRelTol) in topological order, each preceded by its not yet listed
//     ancestors (in-branch nodes), larger b-level first; then the other tasks (out-branch
//     nodes) by decreasing b-level, each after its predecessors. The levels count mean
//     execution times and contention-free mean message delays (HEFT's upward rank and CPOP's
//     downward rank, task_levels.hpp), as the papers do before any message is routed.
//  2. Every task starts on the pivot processor: the fastest (least total execution time),
//     ties to the most links, then to the lowest index.
//  3. The processors are visited breadth-first from the pivot (neighbours by index). At each
//     one that holds tasks, the schedule is rebuilt in the CPN-Dominant order, every message
//     booked on the links of its route (ScheduleBuilder with the `comm` model, contention by
//     default; insertion into idle time): a task of the visited processor "bubbles" to the
//     neighbour where it would finish earliest, if strictly earlier than at home, or as
//     early but with its VIP there (the predecessor whose data would arrive last, counted
//     without contention); ties go to the
//     lowest index. Other tasks stay where they are.
//  The schedule of the last rebuild is the result. With comm: free the same steps run on
// contention-free message delays (a baseline, not Kwok & Ahmad's algorithm).
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

std::vector<int> cpn_dominant_sequence(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const std::size_t n = static_cast<std::size_t>(g.size());
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> b = upward_ranks(problem, topo);
  const std::vector<double> t = downward_ranks(problem, topo);
  double cp = 0;
  for (std::size_t i = 0; i < n; ++i) cp = std::max(cp, b[i] + t[i]);
  // Larger b-level first, ties to the task earlier in topological order.
  auto before = [&](int x, int y) {
    const double bx = b[static_cast<std::size_t>(x)], by = b[static_cast<std::size_t>(y)];
    return !times_equal(bx, by) ? bx > by : pos[static_cast<std::size_t>(x)] < pos[static_cast<std::size_t>(y)];
  };
  std::vector<int> sequence;
  sequence.reserve(n);
  std::vector<char> listed(n, 0);
  // Lists `task` after its unlisted ancestors (iteratively: graphs may be deep).
  std::vector<std::pair<int, std::size_t>> stack;
  std::vector<int> preds;
  auto list_with_ancestors = [&](int task) {
    stack.assign(1, {task, 0});
    std::vector<std::vector<int>> pending;  // per stack entry: its unlisted predecessors, best first
    auto sorted_preds = [&](int x) {
      preds.clear();
      for (int e : g.in_edges(x))
        if (!listed[static_cast<std::size_t>(g.edge(e).from)]) preds.push_back(g.edge(e).from);
      std::sort(preds.begin(), preds.end(), before);
      preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
      return preds;
    };
    pending.push_back(sorted_preds(task));
    while (!stack.empty()) {
      auto& [x, next] = stack.back();
      auto& unlisted = pending.back();
      while (next < unlisted.size() && listed[static_cast<std::size_t>(unlisted[next])]) ++next;
      if (next < unlisted.size()) {
        const int p = unlisted[next++];
        stack.emplace_back(p, 0);
        pending.push_back(sorted_preds(p));
        continue;
      }
      if (!listed[static_cast<std::size_t>(x)]) {
        listed[static_cast<std::size_t>(x)] = 1;
        sequence.push_back(x);
      }
      stack.pop_back();
      pending.pop_back();
    }
  };
  for (int x : topo)
    if (times_equal(b[static_cast<std::size_t>(x)] + t[static_cast<std::size_t>(x)], cp)) list_with_ancestors(x);
  // Out-branch nodes: a ready list by b-level over what is left.
  std::vector<int> waiting(n, 0);
  auto worse = [&](int x, int y) { return before(y, x); };
  std::priority_queue<int, std::vector<int>, decltype(worse)> ready(worse);
  for (int x = 0; x < g.size(); ++x) {
    if (listed[static_cast<std::size_t>(x)]) continue;
    for (int e : g.in_edges(x))
      if (!listed[static_cast<std::size_t>(g.edge(e).from)]) ++waiting[static_cast<std::size_t>(x)];
    if (waiting[static_cast<std::size_t>(x)] == 0) ready.push(x);
  }
  while (!ready.empty()) {
    const int x = ready.top();
    ready.pop();
    sequence.push_back(x);
    for (int e : g.out_edges(x))
      if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) ready.push(g.edge(e).to);
  }
  return sequence;
}

int pivot_processor(const DagProblem& problem) {
  int best = 0;
  double best_time = std::numeric_limits<double>::infinity();
  std::size_t best_degree = 0;
  for (int p = 0; p < problem.processors(); ++p) {
    double time = 0;
    for (int t = 0; t < problem.graph.size(); ++t) time += problem.exec_time(t, p);
    const std::size_t degree = problem.comm.neighbours(p).size();
    const bool faster = time < best_time && !times_equal(time, best_time);
    if (p == 0 || faster || (times_equal(time, best_time) && degree > best_degree)) {
      best = p;
      best_time = time;
      best_degree = degree;
    }
  }
  return best;
}

// The predecessor of `task` whose data arrives last at p (its VIP), or -1 for an entry task.
int vip(const ScheduleBuilder& b, int task, int p) {
  const TaskGraph& g = b.problem().graph;
  int best = -1;
  double latest = -std::numeric_limits<double>::infinity();
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = b.placement(g.edge(e).from);
    const double arrives = u.finish + b.problem().edge_delay(e, u.processor, p);
    if (arrives > latest) {
      latest = arrives;
      best = g.edge(e).from;
    }
  }
  return best;
}

}  // namespace

Schedule schedule_bsa(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int procs = problem.processors();
  const std::vector<int> sequence = cpn_dominant_sequence(problem);
  const int pivot = pivot_processor(problem);
  std::vector<int> home(static_cast<std::size_t>(g.size()), pivot);

  // Breadth-first order of the processors from the pivot.
  std::vector<int> order{pivot};
  std::vector<char> seen(static_cast<std::size_t>(procs), 0);
  seen[static_cast<std::size_t>(pivot)] = 1;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int q : problem.comm.neighbours(order[i]))
      if (!seen[static_cast<std::size_t>(q)]) {
        seen[static_cast<std::size_t>(q)] = 1;
        order.push_back(q);
      }

  // The schedule with every task at home: the result when no processor is visited.
  auto build = [&](int visited) {
    ScheduleBuilder b(problem, "bsa");
    for (int t : sequence) {
      const int p = home[static_cast<std::size_t>(t)];
      if (p != visited) {
        // Stays at home: placed at its insertion start, its messages booked once.
        b.place_at_insertion_start(t, p);
        continue;
      }
      double start = b.insertion_start(t, p);
      int chosen = p;
      double finish = start + problem.exec_time(t, p);
      const int important = vip(b, t, p);
      for (int q : problem.comm.neighbours(p)) {
        // Only a finish below `finish` or equal to it (times_equal) can move the task: past
        // finish + 4e-9 * max(finish, 1) neither holds (times_equal allows 1e-9 of the
        // larger), so an evaluation that is sure to end past that stops early (infinity, which
        // times_equal would call equal to anything: skipped).
        const double limit = finish + 4 * kTimeRelTol * std::max(std::abs(finish), 1.0);
        const double s = b.insertion_start_within(t, q, limit);
        if (s == std::numeric_limits<double>::infinity()) continue;
        const double f = s + problem.exec_time(t, q);
        const bool earlier = f < finish && !times_equal(f, finish);
        const bool vip_there = times_equal(f, finish) && chosen == p && important >= 0 &&
                               b.placement(important).processor == q;
        if (earlier || vip_there) {
          chosen = q;
          start = s;
          finish = f;
        }
      }
      home[static_cast<std::size_t>(t)] = chosen;
      b.place(t, chosen, start);
    }
    return b.take();
  };
  Schedule result = build(-1);
  for (int visited : order) {
    const bool holds = std::any_of(home.begin(), home.end(), [&](int p) { return p == visited; });
    if (holds) result = build(visited);
  }
  return result;
}

DagSchedulerEntry bsa_scheduler() {
  return {"bsa",
          "Bubble Scheduling and Allocation (Kwok & Ahmad 1995, 2000): all tasks on a pivot processor in "
          "CPN-Dominant order, then processor by processor (breadth-first) tasks migrate to a neighbour where they "
          "finish earlier, every message booked on its route's links (contention-aware by default)",
          comm_params("contention"),
          [](const DagProblem& p, const ParamSet&) { return schedule_bsa(p); },
          {}};
}

}  // namespace mpnsim
