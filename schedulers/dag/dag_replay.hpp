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
// With a cost table, action t computes W[t][p] units instead of the task's work, to be
// played on replay_machine(), where a unit takes exactly one time unit.
// Actions are named after their tasks and edges ("T1", "T1->T2"), the timeline's tags;
// without `named` they have no names (a replay that keeps no timeline reads none).
Plan replay_plan(const TaskGraph& graph, const Schedule& schedule, bool named = true);
// The plan replay() plays: replay_plan for a contention-free schedule; for a
// contention-aware one, each hop as an action over the link the schedule booked, and every
// link direction, CPU and binding port serving its bookings in the schedule's order (as
// the processors serve their tasks), so that the replay gives the schedule's times.
Plan replay_plan(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine, bool named = true);

// Per processor, whether its send (receive) ports are resources of their own in a
// contention-aware replay: when fewer than its links in that direction; at or above that
// count the links bind first. Shared by replay_plan and the fed stream player, which must
// order the same resources.
struct BindingPorts {
  std::vector<char> send, recv;
};
BindingPorts binding_ports(const MachineSpec& machine);

// The machine the plan is played on: `machine` itself, or with a cost table the same
// network with w = 1 on every processor and Tcp = 1, so that the compute of task t on p
// takes W[t][p] exactly (the table's times replace w and Tcp; links are unchanged).
MachineSpec replay_machine(const TaskGraph& graph, const MachineSpec& machine);

struct DagReplay {
  double makespan = 0;         // end of the last computation or message
  std::vector<double> finish;  // per task
  std::uint64_t messages = 0;  // messages between processors
  std::uint64_t hops = 0;      // their hops
  // With keep_timeline only (empty otherwise): every computation and hop, and its summary.
  Timeline timeline;
  TimelineStats stats;
};

// Plays replay_plan on a fresh engine and replay_machine. Throws std::invalid_argument
// when the graph's cost table does not have one column per processor. Without contention (no two messages on
// one link direction at once, enough ports) every time equals the schedule's estimate;
// with it, messages queue and the replay is usually longer. Without keep_timeline the replay
// keeps no record of what happened, only the figures above: what a report without Gantt
// chart, trace or timeline file needs, in a fraction of the memory.
// `order`, when given, is schedule.processor_order(), made once by a caller that checks the
// schedule too.
DagReplay replay(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine,
                 bool keep_timeline = true, const ProcessorOrder* order = nullptr);

}  // namespace mpnsim
