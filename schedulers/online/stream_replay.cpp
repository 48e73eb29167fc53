// The replay plan of a DAG schedule plus one release (a wait) per workflow, played on the engine.
#include "schedulers/online/stream_replay.hpp"

#include <map>

#include "schedulers/dag/dag_problem.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

DagReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                        const MachineSpec& machine, bool keep_timeline) {
  const TaskGraph& graph = stream.graph;
  check_costs_fit(graph, machine);
  Engine engine;
  const MachineSpec played = replay_machine(graph, machine);
  Machine m(engine, played);
  m.timeline().keep_records(keep_timeline);
  Plan plan = replay_plan(graph, schedule, played, keep_timeline);
  // One wait per distinct dispatch instant, shared by the tasks dispatched then.
  std::map<double, int> release;
  for (int t = 0; t < graph.size(); ++t) {
    const double at = dispatched[static_cast<std::size_t>(t)];
    if (at <= 0) continue;
    auto [it, added] = release.try_emplace(at, 0);
    if (added) it->second = plan.add_wait(at);
    plan.actions[static_cast<std::size_t>(t)].after.push_back(it->second);
  }
  const PlanOutcome outcome = play(std::move(plan), m);
  DagReplay r;
  r.finish.assign(outcome.completed.begin(), outcome.completed.begin() + graph.size());
  r.makespan = m.timeline().end();
  r.messages = m.timeline().messages();
  r.hops = m.timeline().hop_count();
  if (keep_timeline) {
    r.timeline = std::move(m.timeline());
    r.stats = summarize(r.timeline, machine.size());
  }
  return r;
}

}  // namespace mpnsim
