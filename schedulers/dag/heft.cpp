// HEFT (Topcuoglu, Hariri & Wu, IEEE TPDS 13(3), 2002): upward rank order, earliest finish time with insertion.
// comm (comm_model.hpp): the upward ranks count the contention-free mean delay of each edge,
// as the paper does, under either model; with comm: contention the earliest finish time of
// each processor books the task's messages on the links of their routes (ContentionBuilder).
#include <algorithm>
#include <limits>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

Schedule schedule_heft(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  const std::vector<double> rank = upward_ranks(problem, topo);
  // Decreasing rank; ties to the earlier task in topological order, which keeps every
  // task after its predecessors even when zero costs make ranks equal.
  std::vector<int> order = topo;
  sort_by_decreasing_priority(order, rank, positions(topo));
  ScheduleBuilder b(problem, "heft");
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int t = order[i];
    // Tasks by rank are far apart in the graph: ask early for what a later one will read.
    b.prefetch_ahead(order, i);
    // Earliest finish time with insertion, ties to the lowest index.
    const ScheduleBuilder::Choice best = b.best_processor(t, true, true);
    b.place(t, best.processor, best.start);
  }
  return b.take();
}

DagSchedulerEntry heft_scheduler() {
  return {"heft",
          "Heterogeneous Earliest Finish Time (Topcuoglu, Hariri & Wu 2002): upward rank with mean costs, "
          "earliest finish time with insertion into idle gaps",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_heft(p); },
          {}};
}

}  // namespace mpnsim
