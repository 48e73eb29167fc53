// Building the replay plan of a DAG schedule and playing it on the engine.
#include "schedulers/dag/dag_replay.hpp"

#include <string>
#include <utility>

#include "schedulers/dag/dag_problem.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

Plan replay_plan(const TaskGraph& graph, const Schedule& schedule) {
  const int n = graph.size();
  Plan plan;
  plan.actions.reserve(static_cast<std::size_t>(n) + schedule.messages.size());
  const CostTable* costs = graph.costs();
  for (int t = 0; t < n; ++t) {
    const auto& p = schedule.tasks[static_cast<std::size_t>(t)];
    plan.add_compute(p.processor, costs ? costs->at(t, p.processor) : graph.task(t).work, graph.task(t).name);
  }
  for (const auto& order : schedule.processor_order())
    for (std::size_t i = 1; i < order.size(); ++i)
      plan.actions[static_cast<std::size_t>(order[i])].after.push_back(order[i - 1]);
  std::vector<int> send_of(static_cast<std::size_t>(graph.edge_count()), -1);
  for (const auto& m : schedule.messages) {
    const DagEdge& e = graph.edge(m.edge);
    // "producer->consumer", joined by hand: fmt::format was a tenth of a replay of 10^5 tasks.
    const std::string& a = graph.task(e.from).name;
    const std::string& b = graph.task(e.to).name;
    std::string name;
    name.reserve(a.size() + 2 + b.size());
    name.append(a).append("->").append(b);
    send_of[static_cast<std::size_t>(m.edge)] = plan.add_send(m.from, m.to, e.data, std::move(name), {e.from});
  }
  for (int ei = 0; ei < graph.edge_count(); ++ei) {
    const DagEdge& e = graph.edge(ei);
    const int s = send_of[static_cast<std::size_t>(ei)];
    plan.actions[static_cast<std::size_t>(e.to)].after.push_back(s >= 0 ? s : e.from);
  }
  return plan;
}

MachineSpec replay_machine(const TaskGraph& graph, const MachineSpec& machine) {
  MachineSpec unit = machine;
  if (graph.costs()) {
    for (auto& p : unit.processors) p.w = 1.0;
    unit.Tcp = 1.0;
  }
  return unit;
}

DagReplay replay(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine) {
  check_costs_fit(graph, machine);
  Engine engine;
  const MachineSpec played = replay_machine(graph, machine);
  Machine m(engine, played);
  Plan plan = replay_plan(graph, schedule);
  const PlanOutcome outcome = play(std::move(plan), m);
  DagReplay r;
  r.finish.assign(outcome.completed.begin(), outcome.completed.begin() + graph.size());
  r.timeline = std::move(m.timeline());
  r.stats = summarize(r.timeline, machine.size());
  r.makespan = r.stats.makespan;
  return r;
}

}  // namespace mpnsim
