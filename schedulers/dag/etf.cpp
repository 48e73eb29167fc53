// ETF, Earliest Task First (Hwang, Chow, Anger & Lee, SIAM J. Comput. 18(2), 1989).
// comm (comm_model.hpp): the earliest start of each ready task on each processor books its
// messages on the links with comm: contention (a placement can then delay messages anywhere:
// ready_pairs.cpp evaluates pairs by lower bounds until none can beat the best).
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/ready_pairs.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

// At each step, of every ready task on every processor, the pair that can start earliest
// (data ready and processor free, no insertion) is scheduled; ties go to the task of
// higher static level, as in Hwang et al., then to the task earlier in topological order.
Schedule schedule_etf(const DagProblem& problem) {
  const std::vector<int> topo = topological_order(problem.graph);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);
  return schedule_ready_pairs(
      problem, "etf", PairKey::start,
      [&](const ReadyPair& x, const ReadyPair& y) {
        const double lx = sl[static_cast<std::size_t>(x.task)], ly = sl[static_cast<std::size_t>(y.task)];
        return x.start != y.start ? x.start < y.start
               : lx != ly         ? lx > ly
                                  : pos[static_cast<std::size_t>(x.task)] < pos[static_cast<std::size_t>(y.task)];
      },
      PairRanking::least_key_first);
}

DagSchedulerEntry etf_scheduler() {
  return {"etf",
          "Earliest Task First (Hwang, Chow, Anger & Lee 1989): the ready task-processor pair of earliest start, "
          "ties to the higher static level",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_etf(p); },
          {}};
}

}  // namespace mpnsim
