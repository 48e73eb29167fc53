// Replaying a static DAG schedule on the engine, where messages contend for links.
#pragma once

#include <vector>

#include "schedulers/dag/schedule.hpp"
#include "sim/machine_spec.hpp"
#include "sim/plan.hpp"
#include "sim/timeline.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// The schedule as a plan: action t (t < number of tasks) computes task t's work on its
// processor after the previous task of that processor (the schedule's order) and after
// each incoming edge: the producer's compute on the same processor, else a send of the
// edge's data from the producer's processor, issued when the producer finishes. Sends
// follow, one per edge between processors, in edge order.
Plan replay_plan(const TaskGraph& graph, const Schedule& schedule);

struct DagReplay {
  double makespan = 0;         // end of the last computation or message
  std::vector<double> finish;  // per task
  Timeline timeline;
  TimelineStats stats;
};

// Plays replay_plan on a fresh engine and machine. Without contention (no two messages on
// one link direction at once, enough ports) every time equals the schedule's estimate;
// with it, messages queue and the replay is usually longer.
DagReplay replay(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine);

}  // namespace mpnsim
