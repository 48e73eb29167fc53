// The replay plan of a DAG schedule plus one release (a wait) per workflow, played on the engine.
#include "schedulers/online/stream_replay.hpp"

#include "schedulers/dag/dag_problem.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

DagReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, const MachineSpec& machine,
                        bool keep_timeline) {
  const TaskGraph& graph = stream.graph;
  check_costs_fit(graph, machine);
  Engine engine;
  const MachineSpec played = replay_machine(graph, machine);
  Machine m(engine, played);
  m.timeline().keep_records(keep_timeline);
  Plan plan = replay_plan(graph, schedule, played, keep_timeline);
  for (int w = 0; w < stream.workflows(); ++w) {
    const double arrival = stream.arrival[static_cast<std::size_t>(w)];
    if (arrival <= 0) continue;
    const int release = plan.add_wait(arrival);
    for (int t = stream.first_task[static_cast<std::size_t>(w)]; t < stream.first_task[static_cast<std::size_t>(w) + 1]; ++t)
      if (graph.in_edges(t).empty()) plan.actions[static_cast<std::size_t>(t)].after.push_back(release);
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
