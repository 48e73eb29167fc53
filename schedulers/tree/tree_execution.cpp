// The execution of a placed task tree as a Plan played on the engine.
#include "schedulers/tree/tree_execution.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

Plan tree_execution_plan(const TaskTree& tree, std::span<const int> processor, const TreeExecutionParams& p) {
  const int n = tree.size();
  if (static_cast<int>(processor.size()) != n)
    throw std::invalid_argument(fmt::format("a placement of {} tasks for a tree of {}", processor.size(), n));
  auto proc = [&](int t) { return processor[static_cast<std::size_t>(t)]; };
  Plan plan;
  plan.actions.reserve(static_cast<std::size_t>(4 * n));
  // Forward, breadth first: a task's spawn, then the messages carrying its children.
  std::vector<int> arrival(static_cast<std::size_t>(n), -1), spawn(static_cast<std::size_t>(n), -1);
  for (int t = 0; t < n; ++t) {
    std::vector<int> after;
    if (arrival[static_cast<std::size_t>(t)] >= 0) after.push_back(arrival[static_cast<std::size_t>(t)]);
    spawn[static_cast<std::size_t>(t)] = plan.add_compute(proc(t), p.grain, fmt::format("spawn {}", t), std::move(after));
    for (int c = tree.first_child(t); c < tree.first_child(t) + tree.children(t); ++c)
      arrival[static_cast<std::size_t>(c)] =
          proc(c) == proc(t) ? spawn[static_cast<std::size_t>(t)]
                             : plan.add_send(proc(t), proc(c), p.task_size, fmt::format("task {}", c),
                                             {spawn[static_cast<std::size_t>(t)]});
  }
  // Backward: children before parents, so every combine finds its children's results made.
  std::vector<int> finish(static_cast<std::size_t>(n), -1);
  for (int t = n - 1; t >= 0; --t) {
    if (tree.is_leaf(t)) {
      finish[static_cast<std::size_t>(t)] = spawn[static_cast<std::size_t>(t)];
      continue;
    }
    std::vector<int> after;
    for (int c = tree.first_child(t); c < tree.first_child(t) + tree.children(t); ++c) {
      const int done = finish[static_cast<std::size_t>(c)];
      after.push_back(proc(c) == proc(t) ? done
                                         : plan.add_send(proc(c), proc(t), p.result_size,
                                                         fmt::format("result {}", c), {done}));
    }
    finish[static_cast<std::size_t>(t)] = plan.add_compute(proc(t), p.grain, fmt::format("combine {}", t), std::move(after));
  }
  return plan;
}

MachineSpec tree_execution_machine(const Topology& topology, const TreeExecutionParams& p) {
  ProcessorSpec proc;
  proc.w = 1;
  proc.coprocessor = p.coprocessor;
  proc.send_ports = p.send_ports;
  proc.recv_ports = p.recv_ports;
  return uniform_machine(topology.size(), topology.links(), topology.directed(), proc, p.per_unit, p.startup);
}

TreeExecution execute_tree(const TaskTree& tree, std::span<const int> processor, const Topology& topology,
                           const TreeExecutionParams& p) {
  const Plan plan = tree_execution_plan(tree, processor, p);
  TreeExecution out;
  out.machine = tree_execution_machine(topology, p);
  Engine engine;
  Machine machine(engine, out.machine);
  play(plan, machine);
  const TimelineStats stats = summarize(machine.timeline(), topology.size());
  out.makespan = stats.makespan;
  out.serial_time = p.grain * (tree.size() + tree.internal_tasks());
  out.speedup = out.makespan > 0 ? out.serial_time / out.makespan : 0;
  out.utilization = stats.utilization;
  out.messages = stats.messages;
  out.hops = stats.hops;
  out.timeline = machine.timeline();
  return out;
}

}  // namespace mpnsim
