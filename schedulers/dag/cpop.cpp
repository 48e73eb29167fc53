// CPOP, Critical-Path-on-a-Processor (Topcuoglu, Hariri & Wu, IEEE TPDS 13(3), 2002, §4.2).
// comm (comm_model.hpp): upward and downward ranks, hence the critical path, count the
// contention-free mean delays, as the paper does; with comm: contention every placement
// (critical path processor included) books the task's messages on the links.
#include <functional>
#include <limits>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_tasks.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

// The tasks of a critical path: from the entry task of highest priority (upward + downward
// rank), each step to the successor of highest priority, down to an exit task. Every task on
// a critical path has priority |CP| in exact arithmetic, but the ranks are sums of doubles
// in different orders, so two critical successors can differ by an ulp: with a shortcut
// a->c beside a->b->c, c may come out one ulp above b and the walk would skip b. Priorities
// equal to kTimeRelTol are therefore a tie, and a tie goes to the task earlier in
// topological order, which on a chain of critical tasks is the nearer one.
std::vector<bool> critical_path(const TaskGraph& g, const std::vector<double>& priority, const std::vector<int>& pos) {
  std::vector<bool> on_path(static_cast<std::size_t>(g.size()), false);
  auto better = [&](int a, int c) {
    const double x = priority[static_cast<std::size_t>(a)], y = priority[static_cast<std::size_t>(c)];
    return !times_equal(x, y) ? x > y : pos[static_cast<std::size_t>(a)] < pos[static_cast<std::size_t>(c)];
  };
  int at = -1;
  for (int t = 0; t < g.size(); ++t)
    if (g.in_edges(t).empty() && (at < 0 || better(t, at))) at = t;
  while (at >= 0) {
    on_path[static_cast<std::size_t>(at)] = true;
    int next = -1;
    for (int e : g.out_edges(at))
      if (next < 0 || better(g.edge(e).to, next)) next = g.edge(e).to;
    at = next;
  }
  return on_path;
}

}  // namespace

Schedule schedule_cpop(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int procs = problem.processors();
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> up = upward_ranks(problem, topo);
  const std::vector<double> down = downward_ranks(problem, topo);
  std::vector<double> priority(static_cast<std::size_t>(g.size()));
  for (int t = 0; t < g.size(); ++t)
    priority[static_cast<std::size_t>(t)] = up[static_cast<std::size_t>(t)] + down[static_cast<std::size_t>(t)];
  const std::vector<bool> critical = critical_path(g, priority, pos);

  // The critical-path processor: least total execution time of the critical tasks; ties
  // (to kTimeRelTol: the sums add the same tasks' times) to the lowest index.
  int cp_processor = 0;
  double least = std::numeric_limits<double>::infinity();
  for (int p = 0; p < procs; ++p) {
    double sum = 0;
    for (int t = 0; t < g.size(); ++t)
      if (critical[static_cast<std::size_t>(t)]) sum += problem.exec_time(t, p);
    if (p == 0 || (sum < least && !times_equal(sum, least))) {
      least = sum;
      cp_processor = p;
    }
  }

  // Ready tasks (every predecessor placed) by decreasing priority, ties to the task
  // earlier in topological order.
  ReadyTasks ready(g, priority, pos);
  ScheduleBuilder b(problem, "cpop");
  while (!ready.empty()) {
    const int t = ready.pop();
    int best = cp_processor;
    double best_start = b.insertion_start(t, cp_processor);
    if (!critical[static_cast<std::size_t>(t)]) {
      // Off the critical path: the processor of earliest finish, with insertion as in HEFT.
      const ScheduleBuilder::Choice c = b.best_processor(t, true, true);
      best = c.processor;
      best_start = c.start;
    }
    b.place(t, best, best_start);
    ready.release(t);
  }
  return b.take();
}

DagSchedulerEntry cpop_scheduler() {
  return {"cpop",
          "Critical-Path-on-a-Processor (Topcuoglu, Hariri & Wu 2002): priority upward + downward rank; the "
          "critical path on the processor of least total cost, the other tasks by earliest finish time with insertion",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_cpop(p); },
          {}};
}

}  // namespace mpnsim
