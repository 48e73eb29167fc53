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
  std::stable_sort(order.begin(), order.end(), [&](int a, int c) {
    return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(c)];
  });
  ScheduleBuilder b(problem, "heft");
  for (int t : order) {
    int best = 0;
    double best_start = 0, best_finish = std::numeric_limits<double>::infinity();
    for (int p = 0; p < problem.processors(); ++p) {
      const double start = b.insertion_start(t, p);
      const double finish = start + problem.exec_time(t, p);
      if (finish < best_finish) {
        best_finish = finish;
        best_start = start;
        best = p;
      }
    }
    b.place(t, best, best_start);
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
