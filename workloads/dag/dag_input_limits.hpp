// What task graphs mpnsim accepts: how many tasks and edges (with a memory estimate) and which numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// Largest task graph a reader or the generator builds. Measured peaks of the `dag` command
// (schedule, check and replay on 64 processors): up to 1.5 KB a task (LPS) and 0.6 KB an edge
// (HEFT: 1.74 M edges of 20 000 tasks, 1.1 GB), so each limit alone is about 3 GB, like the
// topologies' (topologies/families.hpp).
inline constexpr std::int64_t kMaxDagTasks = 2'000'000;
inline constexpr std::int64_t kMaxDagEdges = std::int64_t{1} << 22;

// Bytes a graph of this size takes at peak while scheduled and replayed (the figures above).
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
