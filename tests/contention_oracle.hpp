// An independent judge of contention-aware DAG plans, written from docs/dag.md and docs/model.md alone.
#pragma once

#include <string>
#include <vector>

#include "schedulers/dag/schedule.hpp"
#include "sim/machine_spec.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::testing {

// It reads only the plain descriptions (the graph, the machine, the schedule) and shares no code
// with schedulers/dag/contention_builder.* nor with the checker (schedule_validity.*,
// link_validity.*) nor with the router: its own breadth-first search, its own interval lists.
// A plan is judged on three counts:
//  1. rules: every rule of "Contention-aware scheduling" in docs/dag.md (durations, routes,
//     hop times S + D*z*Tcm, store-and-forward, one hop per link direction, the port lanes, the
//     CPUs without a co-processor, precedence);
//  2. tightness: re-timing every operation as soon as possible under the plan's own order on
//     each resource (CPU, link direction, port lane) and its precedences gives the plan's times;
//  3. greedy: replaying the bookings in the plan's booking order (ScheduledHop::booked,
//     Schedule::task_booked), each hop lands where an earliest-fit booking on everything it
//     holds puts it (the lowest free lane), each message of route `earliest` arrives as early
//     as the best shortest path allows, by the way into each processor that ends first (ties
//     to the lower-numbered predecessor), and each task starts at its CPU's earliest fit from
//     its data (with insertion) or from its processor's last booked task too (without).
// The plan's numbers must be positive durations (work, and hop times S + D*z*Tcm > 0): a
// zero-length operation has no order of its own on a resource.
struct OracleVerdict {
  std::vector<std::string> errors;  // empty: the plan passes
  bool ok() const { return errors.empty(); }
  std::string first() const { return errors.empty() ? std::string() : errors.front(); }
};

enum class OracleRoute { engine, earliest };

// `greedy` false judges counts 1 and 2 only: plans that are not booked one greedy step at a
// time (the exact scheduler's, which takes any shortest route and any order).
OracleVerdict judge_contention_plan(const TaskGraph& graph, const MachineSpec& machine, const Schedule& schedule,
                                    OracleRoute route, bool greedy = true);

}  // namespace mpnsim::testing
