// What a DAG scheduler is given: the task graph, the machine and its route costs.
#pragma once

#include "schedulers/dag/comm_cost.hpp"
#include "sim/machine_spec.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct DagProblem {
  const TaskGraph& graph;
  const MachineSpec& machine;
  const CommCost& comm;  // built from `machine`

  int processors() const { return machine.size(); }
  // Time of task t on processor p: work * w_p * Tcp, what the engine's compute takes.
  double exec_time(int task, int p) const {
    return graph.task(task).work * machine.processors[static_cast<std::size_t>(p)].w * machine.Tcp;
  }
  // Mean of w_p * Tcp over the processors: time per unit of work on an average processor.
  double mean_unit_time() const;
  // Work times the mean w times Tcp: the execution time E_i of thesis eq (6.1).
  double mean_exec_time(int task) const { return graph.task(task).work * mean_unit_time(); }
  // Delay of edge e's data from processor p to q (0 when p == q).
  double edge_delay(int edge, int p, int q) const { return comm.delay(p, q, graph.edge(edge).data); }
};

}  // namespace mpnsim
