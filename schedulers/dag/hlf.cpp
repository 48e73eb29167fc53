// Highest Level First (thesis §6.2.1): whenever a processor is free, the ready task of highest static level.
// comm (comm_model.hpp): the static level counts no communication under either model; with
// comm: contention a task's start waits for its messages as booked on the links.
#include <functional>
#include <queue>
#include <tuple>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_tasks.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

Schedule schedule_hlf(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int n = g.size();
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);

  // A task is ready once all its predecessors have finished (in schedule time). Highest
  // static level first, ties to the earlier task in topological order.
  ReadyTasks ready(g, sl, pos);
  std::priority_queue<int, std::vector<int>, std::greater<>> idle;  // lowest index first
  for (int p = 0; p < problem.processors(); ++p) idle.push(p);
  // Completions: (finish time, processor, task), earliest first.
  using Event = std::tuple<double, int, int>;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> running;

  ScheduleBuilder b(problem, "hlf");
  double now = 0;
  int placed = 0;
  while (placed < n) {
    // Every free processor takes the best ready task; it starts once its data is there
    // (the choice ignores communication, which is what makes HLF weak with IPC).
    while (!idle.empty() && !ready.empty()) {
      const int p = idle.top();
      idle.pop();
      const int t = ready.pop();
      b.place(t, p, std::max(now, b.data_ready(t, p)));
      running.emplace(b.placement(t).finish, p, t);
      ++placed;
    }
    if (running.empty()) break;  // cannot happen on an acyclic graph
    // Advance to the next completion; every task finishing then frees its processor.
    now = std::get<0>(running.top());
    while (!running.empty() && std::get<0>(running.top()) <= now) {
      const auto [time, p, t] = running.top();
      running.pop();
      idle.push(p);
      ready.release(t);
    }
  }
  return b.take();
}

DagSchedulerEntry hlf_scheduler() {
  return {"hlf",
          "Highest Level First, thesis §6.2.1: list scheduling by static level (6.1); a free processor takes the "
          "ready task of highest level",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_hlf(p); },
          {}};
}

}  // namespace mpnsim
