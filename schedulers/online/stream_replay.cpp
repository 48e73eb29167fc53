// The replay plan of a DAG schedule plus a release (a wait) per dispatch instant, played on the engine.
#include "schedulers/online/stream_replay.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                        const MachineSpec& machine, bool keep_timeline) {
  const TaskGraph& graph = stream.graph;
  check_costs_fit(graph, machine);
  Engine engine;
  const MachineSpec played = replay_machine(graph, machine);
  Machine m(engine, played);
  m.timeline().keep_records(keep_timeline);
  Plan plan = replay_plan(graph, schedule, played, keep_timeline);
  // One wait per distinct dispatch instant, shared by the tasks dispatched then. The plan's
  // actions are reserved for them first: grown one wait at a time, the list of every task's and
  // hop's action was copied into one of twice its size (a third of the peak memory of a run).
  std::vector<double> instants;
  for (const double at : dispatched)
    if (at > 0) instants.push_back(at);
  std::sort(instants.begin(), instants.end());
  instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
  plan.actions.reserve(plan.actions.size() + instants.size());
  std::vector<int> waits;
  waits.reserve(instants.size());
  for (const double at : instants) waits.push_back(plan.add_wait(at));
  auto release = [&](double at) {
    return waits[static_cast<std::size_t>(std::lower_bound(instants.begin(), instants.end(), at) - instants.begin())];
  };
  for (int t = 0; t < graph.size(); ++t) {
    const double at = dispatched[static_cast<std::size_t>(t)];
    if (at > 0) plan.actions[static_cast<std::size_t>(t)].after.push_back(release(at));
  }
  // A message to a task leaves no sooner than the task's dispatch (ScheduleBuilder::dispatch):
  // its send, or its first hop, waits for it too. replay_plan puts the tasks first, then the
  // sends in message order, or the hops in the order of Schedule::hops.
  const std::size_t n = static_cast<std::size_t>(graph.size());
  for (std::size_t k = 0; k < schedule.messages.size(); ++k) {
    const ScheduledMessage& m = schedule.messages[k];
    const double at = dispatched[static_cast<std::size_t>(graph.edge(m.edge).to)];
    if (at <= 0) continue;
    const std::size_t a = n + (schedule.contention_aware ? static_cast<std::size_t>(m.first_hop) : k);
    PlanAction& first = plan.actions.at(a);
    const auto expected = schedule.contention_aware ? PlanAction::Op::hop : PlanAction::Op::send;
    if (first.op != expected || first.processor != schedule.tasks[static_cast<std::size_t>(graph.edge(m.edge).from)].processor)
      throw std::logic_error("replay_stream: the replay plan's message actions are not where they were expected");
    first.after.push_back(release(at));
  }
  const PlanOutcome outcome = play(std::move(plan), m);
  StreamReplay r;
  r.link_busy = m.timeline().hop_time();
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
