// Min-Min (Braun et al., JPDC 61(6), 2001) over the ready tasks of a DAG.
// comm (comm_model.hpp): completion times book the messages on the links with comm: contention.
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_pairs.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

// Braun et al. map independent tasks; on a DAG the set to map is the ready tasks (every
// predecessor placed), and a task's completion time on a processor counts its data-ready
// time. Each ready task's minimum completion time over the processors is found; the task
// whose minimum is smallest goes to the processor giving it (ties to the task earlier in
// topological order).
Schedule schedule_min_min(const DagProblem& problem) {
  const std::vector<int> pos = positions(topological_order(problem.graph));
  return schedule_ready_pairs(
      problem, "minmin", PairKey::finish,
      [&](const ReadyPair& x, const ReadyPair& y) {
        return x.finish != y.finish ? x.finish < y.finish
                                    : pos[static_cast<std::size_t>(x.task)] < pos[static_cast<std::size_t>(y.task)];
      },
      PairRanking::least_key_first);
}

DagSchedulerEntry min_min_scheduler() {
  return {"minmin",
          "Min-Min (Braun et al. 2001) over the ready tasks: the task of smallest minimum completion time first, on "
          "the processor giving it",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_min_min(p); },
          {}};
}

}  // namespace mpnsim
