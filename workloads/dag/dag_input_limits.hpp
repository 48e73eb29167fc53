// What task graphs mpnsim accepts: how many tasks and edges (with a memory estimate) and which numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// Largest task graph a reader or the generator builds. The `dag` command (generate, schedule,
// check and replay) peaks at less than 32 MiB + 112 bytes a task + 84 an edge
// (dag_memory_estimate, fitted to measured peaks): 10^7 tasks at the generator's default
// degrees (1.43 edges a task) are estimated at 2.4 GB (2.0 GB measured), the task limit at the
// same degrees at 3.8 GB, the edge limit alone at 2.9 GB.
inline constexpr std::int64_t kMaxDagTasks = 16'000'000;
inline constexpr std::int64_t kMaxDagEdges = std::int64_t{1} << 25;

// Bytes a graph of this size takes at peak while scheduled, checked and replayed by the `dag`
// command without a timeline (the figures above; dag_input_limits.cpp says how they were fitted).
double dag_memory_estimate(double tasks, double edges);

// Empty when a graph of `tasks` tasks and `edges` edges fits the limits; otherwise a sentence
// saying what was asked, the memory it would take and the limit. Doubles: counts may be
// estimates that do not fit an integer. Readers and the generator call it before allocating.
std::optional<std::string> dag_size_problem(double tasks, double edges);

// The numbers of a graph must leave the model's arithmetic meaningful. A schedule's times are
// sums of works and data sizes (times machine factors), and the time tolerance is relative
// (sim/time_tolerance.hpp). So mpnsim refuses, besides negative and non-finite values:
//  - a total (all work plus all data) above kMaxDagTotal: it leaves at least 10^150 of
//    headroom for the machine's factors (w Tcp, hops z Tcm) and the schedulers' sums, so
//    no time, rank or level can overflow to infinity;
//  - a nonzero work or size below the total times 2^-53 (kMaxDagDynamicRange): added to
//    times of the order of the total it is lost entirely (less than half a unit in the last
//    place), so the schedule would depend on rounding, not on the graph.
// A value within the range but below kTimeRelTol of the total is kept: its duration is
// resolved to the shared tolerance, which is what the validity checker asks for.
inline constexpr double kMaxDagTotal = 1e150;
inline constexpr double kMaxDagDynamicRange = 9007199254740992.0;  // 2^53

struct DagNumberProblem {
  bool on_task = true;  // the value is a task's work (else an edge's data)
  int index = 0;        // the task or edge
  std::string text;     // what is wrong, naming the task or edge and the numbers
};

// The first value of `graph` the rules above refuse, if any.
std::optional<DagNumberProblem> dag_number_problem(const TaskGraph& graph);

}  // namespace mpnsim
