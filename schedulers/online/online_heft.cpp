// Online HEFT: HEFT (Topcuoglu, Hariri & Wu 2002) over each workflow when it arrives, on the
// machine as the workflows before it have booked it.
//
// Each arriving workflow's tasks are taken by decreasing upward rank (mean costs, its own graph;
// ties keep the topological order) and each goes to the processor where it finishes first, with
// insertion into the idle time the earlier workflows left, never before the workflow's arrival.
// The plan of a workflow is fixed once made: later workflows only fill around it. Under
// `comm: contention` its messages are booked on the links and ports the earlier ones hold.
#include <algorithm>
#include <limits>

#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "schedulers/online/online_policies.hpp"
#include "sim/interruption.hpp"

namespace mpnsim {

namespace {

OnlineSchedule schedule_online_heft(const DagProblem& problem, const WorkflowStream& stream) {
  const std::vector<int> topo = topological_order(problem.graph);
  const std::vector<double> rank = upward_ranks(problem, topo);
  // Topological positions, so that each workflow's order is its own topological order by rank.
  ScheduleBuilder builder(problem, "online-heft");
  std::vector<int> order;
  std::vector<double> dispatched(static_cast<std::size_t>(problem.graph.size()), 0.0);
  int placed = 0, placed_when_forgotten = 0;
  for (int w = 0; w < stream.workflows(); ++w) {
    poll_interruption();
    const int first = stream.first_task[static_cast<std::size_t>(w)], last = stream.first_task[static_cast<std::size_t>(w) + 1];
    const double arrival = stream.arrival[static_cast<std::size_t>(w)];
    // This workflow and the later ones book nothing before its arrival (their tasks start no
    // sooner, their messages leave after their producers): the timetables forget the time
    // before it, every few thousand tasks (each call visits every timetable).
    if (placed - placed_when_forgotten >= 2048) {
      builder.forget_before(arrival);
      placed_when_forgotten = placed;
    }
    placed += last - first;
    order.clear();
    for (int t : topo)
      if (t >= first && t < last) order.push_back(t);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(b)];
    });
    for (int t : order) {
      int best = 0;
      double best_start = 0, best_finish = std::numeric_limits<double>::infinity();
      for (int p = 0; p < problem.processors(); ++p) {
        const double start = builder.start_not_before(t, p, arrival, true);
        const double finish = start + problem.exec_time(t, p);
        if (finish < best_finish) {
          best = p;
          best_start = start;
          best_finish = finish;
        }
      }
      builder.place(t, best, best_start);
      dispatched[static_cast<std::size_t>(t)] = arrival;
    }
  }
  return {builder.take(), std::move(dispatched)};
}

}  // namespace

OnlinePolicyEntry online_heft_policy() {
  return {"online-heft",
          "HEFT over each workflow as it arrives (Topcuoglu et al. 2002): rank_u order, earliest finish with insertion "
          "into the idle time the earlier workflows left, never before the arrival",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return schedule_online_heft(problem, stream);
          }};
}

}  // namespace mpnsim
