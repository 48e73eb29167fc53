// The replay plan of a stream's schedule plus a release (a wait) per dispatch instant, played on
// the engine whole, or fed workflow by workflow (fed_stream_player.hpp).
#include "schedulers/online/stream_replay.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/online/fed_stream_player.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

namespace {

// Plays the stream's whole replay plan on a fresh engine and machine, the timeline (its
// running totals, or its records) carried in and out. `completed` gets every action's
// completion (the tasks' first). fed_stream_player.cpp makes the same plan as it plays.
void play_whole(const TaskGraph& graph, const Schedule& schedule, std::span<const double> dispatched,
                  const MachineSpec& played, bool named, Timeline& timeline, std::vector<double>& completed) {
  Engine engine;
  Machine m(engine, played);
  m.timeline() = std::move(timeline);
  Plan plan = replay_plan(graph, schedule, played, named);
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
    const ScheduledMessage& msg = schedule.messages[k];
    const double at = dispatched[static_cast<std::size_t>(graph.edge(msg.edge).to)];
    if (at <= 0) continue;
    const std::size_t a = n + (schedule.contention_aware ? static_cast<std::size_t>(msg.first_hop) : k);
    PlanAction& first = plan.actions.at(a);
    const auto expected = schedule.contention_aware ? PlanAction::Op::hop : PlanAction::Op::send;
    if (first.op != expected || first.processor != schedule.tasks[static_cast<std::size_t>(graph.edge(msg.edge).from)].processor)
      throw std::logic_error("replay_stream: the replay plan's message actions are not where they were expected");
    first.after.push_back(release(at));
  }
  completed = play(std::move(plan), m).completed;
  timeline = std::move(m.timeline());
}

}  // namespace

StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                           const MachineSpec& machine, bool keep_timeline, int min_feed_tasks, Timeline* carried) {
  const TaskGraph& graph = stream.graph;
  check_costs_fit(graph, machine);
  const MachineSpec played = replay_machine(graph, machine);
  StreamReplay r;
  Timeline timeline;
  if (carried != nullptr) timeline = *carried;
  timeline.keep_records(keep_timeline);
  FedReplay fed;
  fed.timeline = timeline;
  // A single workflow (each workflow alone, for makespan_alone) is in flight whole anyway.
  if (!keep_timeline && stream.workflows() > 1 && play_fed(stream, schedule, dispatched, played, min_feed_tasks, fed)) {
    r.finish = std::move(fed.finish);
    timeline = std::move(fed.timeline);
    r.feeds = fed.feeds;
  } else {
    // The whole plan at once: with a timeline, which holds the whole stream anyway (the Gantt
    // chart, the trace), for one workflow, or for a schedule the fed player cannot follow.
    std::vector<double> completed;
    play_whole(graph, schedule, dispatched, played, keep_timeline, timeline, completed);
    r.finish.assign(completed.begin(), completed.begin() + graph.size());
    r.feeds = 0;
  }
  r.link_busy = timeline.hop_time();
  r.makespan = timeline.end();
  r.messages = timeline.messages();
  r.hops = timeline.hop_count();
  if (carried != nullptr) *carried = timeline;
  if (keep_timeline) {
    r.timeline = std::move(timeline);
    r.stats = summarize(r.timeline, machine.size());
  }
  return r;
}

}  // namespace mpnsim
