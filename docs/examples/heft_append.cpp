// Example of docs/extending.md: a DAG scheduler variant, HEFT without insertion.
//
// HEFT (Topcuoglu, Hariri & Wu 2002) takes tasks by decreasing upward rank and puts each on the
// processor where it finishes earliest, allowed to fill an idle gap between tasks already placed
// (insertion). This variant only appends: a task starts after the last task of its processor,
// which is how many list schedulers and the thesis's HLF and DLS place tasks. Comparing the two
// isolates what insertion is worth.
#include <algorithm>
#include <limits>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

namespace {

Schedule schedule_heft_append(const DagProblem& problem) {
  const std::vector<int> topo = topological_order(problem.graph);
  const std::vector<double> rank = upward_ranks(problem, topo);
  std::vector<int> order = topo;  // stable: equal ranks keep the topological order
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(b)];
  });
  ScheduleBuilder builder(problem, "heft-append");
  for (int task : order) {
    int best = 0;
    double best_start = 0, best_finish = std::numeric_limits<double>::infinity();
    for (int p = 0; p < problem.processors(); ++p) {
      const double start = builder.earliest_start(task, p);  // after p's last task: no insertion
      const double finish = start + problem.exec_time(task, p);
      if (finish < best_finish) {
        best = p;
        best_start = start;
        best_finish = finish;
      }
    }
    builder.place(task, best, best_start);
  }
  return builder.take();
}

}  // namespace

DagSchedulerEntry heft_append_scheduler() {
  return {"heft-append",
          "HEFT without insertion: upward rank order, earliest finish time after each processor's last task "
          "(example of docs/extending.md)",
          {},
          [](const DagProblem& problem, const ParamSet&) { return schedule_heft_append(problem); },
          {}};
}

}  // namespace mpnsim
