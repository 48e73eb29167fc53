// Dynamic Level Scheduling after Sih & Lee, both variants of thesis §6.2.2 (dynamic level, eq 6.2).
// comm (comm_model.hpp): static levels count no communication; the dynamic level's start
// max(DA, TF) books the messages on the links with comm: contention.
#include <utility>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_pairs.hpp"
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
// level SL - start is scheduled (ready_pairs.cpp keeps each processor's ready tasks by start:
// on a processor the earliest start maximises the dynamic level); ties to the higher static
// level, then the earlier task. Ranked as start - SL, least first: the same order, negated
// exactly (rounding is symmetric), and among equal values by the task alone, as
// ready_pairs.hpp asks.
Schedule schedule_dls_pairs(const DagProblem& problem) {
  const std::vector<int> topo = topological_order(problem.graph);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);
  return schedule_ready_pairs(
      problem, "dls-pairs", PairKey::start,
      [&](const ReadyPair& x, const ReadyPair& y) {
        const double lx = sl[static_cast<std::size_t>(x.task)], ly = sl[static_cast<std::size_t>(y.task)];
        const double dx = lx - x.start, dy = ly - y.start;
        return dx != dy ? dx > dy : lx != ly ? lx > ly : pos[static_cast<std::size_t>(x.task)] < pos[static_cast<std::size_t>(y.task)];
      },
      PairRanking::least_key_first, sl);
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
