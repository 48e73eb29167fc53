// What a DAG scheduler is given: the task graph, the machine and its route costs.
#pragma once

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/comm_model.hpp"
#include "sim/machine_spec.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct DagProblem {
  const TaskGraph& graph;
  const MachineSpec& machine;
  const CommCost& comm;  // built from `machine`
  CommOptions options{};  // how list schedulers book messages (the `comm` and `route` parameters)
  // The serial horizon of a larger problem this one is a part of and whose times it shares (a
  // window of a workflow stream, whose tasks start at the stream's times), for
  // time_horizon.hpp to use in place of this graph's own; 0: this graph's own.
  double carried_horizon = 0;

  int processors() const { return machine.size(); }
  // Time of task t on processor p: W[t][p] when the graph has a cost table (the
  // heterogeneous model of Topcuoglu et al. 2002), else work * w_p * Tcp, what the
  // engine's compute takes.
  double exec_time(int task, int p) const {
    if (const CostTable* c = graph.costs()) return c->at(task, p);
    return graph.task(task).work * machine.processors[static_cast<std::size_t>(p)].w * machine.Tcp;
  }
  // Mean of w_p * Tcp over the processors: time per unit of work on an average processor.
  double mean_unit_time() const;
  // The execution time E_i of thesis eq (6.1) on an average processor: the mean of the
  // task's row of the cost table, else work times the mean w times Tcp.
  double mean_exec_time(int task) const {
    if (const CostTable* c = graph.costs()) return c->mean(task);
    return graph.task(task).work * mean_unit_time();
  }
  // The whole graph on the one processor that runs it soonest: t1 of the speedup.
  double best_single_processor_time() const;
  // Delay of edge e's data from processor p to q (0 when p == q).
  double edge_delay(int edge, int p, int q) const { return comm.delay(p, q, graph.edge(edge).data); }
};

// Throws std::invalid_argument when the graph's cost table has another number of
// processor columns than the machine has processors (no table: nothing to check).
void check_costs_fit(const TaskGraph& graph, const MachineSpec& machine);

}  // namespace mpnsim
