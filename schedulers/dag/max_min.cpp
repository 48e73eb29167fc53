// Max-Min (Braun et al., JPDC 61(6), 2001) over the ready tasks of a DAG.
// comm (comm_model.hpp): completion times book the messages on the links with comm: contention.
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_pairs.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

// As Min-Min (min_min.cpp), but the ready task whose minimum completion time is largest
// goes first, so that long tasks are not left to the end (ties to the task earlier in
// topological order).
Schedule schedule_max_min(const DagProblem& problem) {
  const std::vector<int> pos = positions(topological_order(problem.graph));
  return schedule_ready_pairs(
      problem, "maxmin", PairKey::finish,
      [&](const ReadyPair& x, const ReadyPair& y) {
        return x.finish != y.finish ? x.finish > y.finish
                                    : pos[static_cast<std::size_t>(x.task)] < pos[static_cast<std::size_t>(y.task)];
      },
      PairRanking::other);
}

DagSchedulerEntry max_min_scheduler() {
  return {"maxmin",
          "Max-Min (Braun et al. 2001) over the ready tasks: the task of largest minimum completion time first, on "
          "the processor giving it",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_max_min(p); },
          {}};
}

}  // namespace mpnsim
