// Dynamic Level Scheduling after Sih & Lee, both variants of thesis §6.2.2 (dynamic level, eq 6.2).
// comm (comm_model.hpp): static levels count no communication; the dynamic level's start
// max(DA, TF) books the messages on the links with comm: contention.
#include <algorithm>
#include <functional>
#include <limits>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_tasks.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

namespace {

// Processor of earliest start max(DA, TF) for `task`, which maximises DL(T, P) =
// SL(T) - max(DA(T, P), TF(P)) of eq (6.2) over every processor, busy or idle; ties to
// the lowest index.
std::pair<int, double> best_processor(const ScheduleBuilder& b, int task) {
  const ScheduleBuilder::Choice c = b.best_processor(task, false, false);
  return {c.processor, c.start};
}

}  // namespace

// Variant (1): a task is ready once all its predecessors are placed; take the ready task
// of highest static level and put it on the processor that maximises its dynamic level.
Schedule schedule_dls(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);
  ReadyTasks ready(g, sl, pos);
  ScheduleBuilder b(problem, "dls");
  while (!ready.empty()) {
    const int t = ready.pop();
    const auto [p, start] = best_processor(b, t);
    b.place(t, p, start);
    ready.release(t);
  }
  return b.take();
}

// Variant (2): every ready task-processor pair is examined and the pair of highest dynamic
// level is scheduled. Each ready task remembers its best processor: placing a task on p
// only delays p, so only tasks whose best was p need another look (all of them with
// comm: contention, where a placement also books the network).
Schedule schedule_dls_pairs(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);
  struct Candidate {
    int task;
    int processor;
    double start;
  };
  std::vector<Candidate> ready;
  std::vector<int> waiting(static_cast<std::size_t>(g.size()));
  ScheduleBuilder b(problem, "dls-pairs");
  auto make = [&](int t) {
    const auto [p, start] = best_processor(b, t);
    return Candidate{t, p, start};
  };
  for (int t = 0; t < g.size(); ++t) {
    waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[static_cast<std::size_t>(t)] == 0) ready.push_back(make(t));
  }
  while (!ready.empty()) {
    // Highest DL = SL - start; ties to the higher static level, then the earlier task.
    std::size_t pick = 0;
    for (std::size_t i = 1; i < ready.size(); ++i) {
      const Candidate& x = ready[i];
      const Candidate& y = ready[pick];
      const double dx = sl[static_cast<std::size_t>(x.task)] - x.start;
      const double dy = sl[static_cast<std::size_t>(y.task)] - y.start;
      if (dx != dy ? dx > dy
                   : sl[static_cast<std::size_t>(x.task)] != sl[static_cast<std::size_t>(y.task)]
                         ? sl[static_cast<std::size_t>(x.task)] > sl[static_cast<std::size_t>(y.task)]
                         : pos[static_cast<std::size_t>(x.task)] < pos[static_cast<std::size_t>(y.task)])
        pick = i;
    }
    const Candidate chosen = ready[pick];
    ready[pick] = ready.back();
    ready.pop_back();
    b.place(chosen.task, chosen.processor, chosen.start);
    // With contention a placement books links and ports too: every candidate may change.
    for (auto& c : ready)
      if (c.processor == chosen.processor || b.placements_interact()) c = make(c.task);
    for (int e : g.out_edges(chosen.task))
      if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) ready.push_back(make(g.edge(e).to));
  }
  return b.take();
}

DagSchedulerEntry dls_scheduler() {
  return {"dls",
          "Dynamic Level Scheduling (Sih & Lee), thesis §6.2.2 case 1: the ready task of highest static level on "
          "the processor of highest dynamic level SL - max(DA, TF) (6.2)",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_dls(p); },
          {}};
}

DagSchedulerEntry dls_pairs_scheduler() {
  return {"dls-pairs",
          "Dynamic Level Scheduling (Sih & Lee), thesis §6.2.2 case 2: the ready task-processor pair of highest "
          "dynamic level (6.2)",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_dls_pairs(p); },
          {}};
}

}  // namespace mpnsim
