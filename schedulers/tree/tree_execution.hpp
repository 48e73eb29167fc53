// Event-driven execution of a placed task tree on the engine (SPEC §4): spawn, move, combine, return.
#pragma once

#include <cstdint>
#include <span>

#include "sim/machine_spec.hpp"
#include "sim/plan.hpp"
#include "sim/timeline.hpp"
#include "topologies/topology.hpp"
#include "workloads/tree/task_tree.hpp"

namespace mpnsim {

struct TreeExecutionParams {
  double grain = 1;        // g: time to spawn a task's children, and again to combine their results
  double startup = 0;      // S: per message per hop
  double per_unit = 1;     // C: per unit of message size per hop (the links' z, Tcm = 1)
  double task_size = 1;    // size of the message that moves a task
  double result_size = 1;  // size of the message that returns a result
  bool coprocessor = true;
  int send_ports = 1;      // kAllPorts (0) = one per link
  int recv_ports = 1;
};

// The plan of one execution: every task computes g once it has arrived (its spawn; the whole
// work of a leaf); a task then sends each child that runs elsewhere to the child's processor
// (task_size), children in order; an internal task computes g again (its combine) once every
// child's result is back; a finished task sends its result (result_size) to its parent's
// processor. Tasks on their parent's processor need no message. Throws std::invalid_argument
// when `processor` does not fit the tree.
Plan tree_execution_plan(const TaskTree& tree, std::span<const int> processor, const TreeExecutionParams& params);

// The machine the plan runs on: the topology's links with z = C and startup S, every processor
// with w = 1 (Tcp = Tcm = 1) and the given co-processor flag and ports.
MachineSpec tree_execution_machine(const Topology& topology, const TreeExecutionParams& params);

struct TreeExecution {
  double makespan = 0;
  double serial_time = 0;  // the same tree on one processor: g * (tasks + internal tasks)
  double speedup = 0;      // serial_time / makespan
  double utilization = 0;  // busy time / (N * makespan)
  std::uint64_t messages = 0;
  std::uint64_t hops = 0;
  Timeline timeline;
  MachineSpec machine;
};

// Plays the plan on a fresh engine and machine and summarises the timeline.
TreeExecution execute_tree(const TaskTree& tree, std::span<const int> processor, const Topology& topology,
                           const TreeExecutionParams& params);

}  // namespace mpnsim
