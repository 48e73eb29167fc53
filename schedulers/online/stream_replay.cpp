// The replay plan of a stream's schedule plus a release (a wait) per dispatch instant, played on
// the engine piece by piece between instants where nothing is in flight.
#include "schedulers/online/stream_replay.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

namespace {

// Plays a schedule of whole workflows on a fresh engine and machine, from time 0, the timeline
// (its running totals, or its records) carried in and out. `completed` gets every action's
// completion (the tasks' first); returns the time of the engine's last event.
double play_piece(const TaskGraph& graph, const Schedule& schedule, std::span<const double> dispatched,
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
  return engine.now();
}

// The stream's workflows, their tasks, edges and messages, and where it may be cut.
class StreamPieces {
 public:
  StreamPieces(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched)
      : stream_(stream), schedule_(schedule), dispatched_(dispatched) {
    const int workflows = stream.workflows();
    const TaskGraph& g = stream.graph;
    // Edges lie workflow by workflow (merge_workflows), so each workflow's are a range too.
    first_edge_.assign(static_cast<std::size_t>(workflows) + 1, g.edge_count());
    for (int e = g.edge_count() - 1; e >= 0; --e) first_edge_[static_cast<std::size_t>(stream.workflow_of(g.edge(e).from))] = e;
    for (int w = workflows - 1; w >= 0; --w)
      first_edge_[static_cast<std::size_t>(w)] = std::min(first_edge_[static_cast<std::size_t>(w)], first_edge_[static_cast<std::size_t>(w) + 1]);
    // The plan's last end of each workflow (tasks, messages, hops) and its first dispatch.
    std::vector<double> end(static_cast<std::size_t>(workflows), 0.0);
    std::vector<double> first_dispatch(static_cast<std::size_t>(workflows), std::numeric_limits<double>::infinity());
    for (int w = 0; w < workflows; ++w) {
      double& e = end[static_cast<std::size_t>(w)];
      for (int t = stream.first_task[static_cast<std::size_t>(w)]; t < stream.first_task[static_cast<std::size_t>(w) + 1]; ++t) {
        e = std::max(e, schedule.tasks[static_cast<std::size_t>(t)].finish);
        first_dispatch[static_cast<std::size_t>(w)] = std::min(first_dispatch[static_cast<std::size_t>(w)], dispatched[static_cast<std::size_t>(t)]);
      }
    }
    for (std::size_t k = 0; k < schedule.messages.size(); ++k) {
      double& e = end[static_cast<std::size_t>(stream.workflow_of(g.edge(schedule.messages[k].edge).from))];
      e = std::max(e, schedule.messages[k].arrive);
      if (schedule.contention_aware)
        for (int h = schedule.messages[k].first_hop; h < schedule.hop_end(k); ++h) e = std::max(e, schedule.hops[static_cast<std::size_t>(h)].finish);
    }
    // release_[b]: the first dispatch of workflow b or later (infinity at the end). The stream
    // may be cut before b when everything before b ends, in the plan, before that.
    release_.assign(static_cast<std::size_t>(workflows) + 1, std::numeric_limits<double>::infinity());
    for (int w = workflows - 1; w >= 0; --w)
      release_[static_cast<std::size_t>(w)] = std::min(release_[static_cast<std::size_t>(w) + 1], first_dispatch[static_cast<std::size_t>(w)]);
    cut_.assign(static_cast<std::size_t>(workflows) + 1, false);
    cut_[static_cast<std::size_t>(workflows)] = true;
    double before = 0;
    for (int w = 0; w < workflows; ++w) {
      before = std::max(before, end[static_cast<std::size_t>(w)]);
      cut_[static_cast<std::size_t>(w) + 1] = w + 1 == workflows || before < release_[static_cast<std::size_t>(w) + 1];
    }
  }

  // The first cut after workflow a with at least `tasks` tasks before it from a's first.
  int next_cut(int a, long long tasks) const {
    int b = a + 1;
    while (b < stream_.workflows() &&
           (!cut_[static_cast<std::size_t>(b)] ||
            stream_.first_task[static_cast<std::size_t>(b)] - stream_.first_task[static_cast<std::size_t>(a)] < tasks))
      ++b;
    return b;
  }
  double release(int b) const { return release_[static_cast<std::size_t>(b)]; }

  // Each workflow's messages, in schedule order (a counting sort by workflow): what piece()
  // reads, made only when the stream is cut (a stream played whole needs none of it).
  void index_messages() {
    const int workflows = stream_.workflows();
    first_message_.assign(static_cast<std::size_t>(workflows) + 1, 0);
    for (const ScheduledMessage& m : schedule_.messages)
      ++first_message_[static_cast<std::size_t>(stream_.workflow_of(stream_.graph.edge(m.edge).from)) + 1];
    for (int w = 0; w < workflows; ++w) first_message_[static_cast<std::size_t>(w) + 1] += first_message_[static_cast<std::size_t>(w)];
    messages_.resize(schedule_.messages.size());
    std::vector<int> at(first_message_.begin(), first_message_.end() - 1);
    for (std::size_t k = 0; k < schedule_.messages.size(); ++k) {
      const int w = stream_.workflow_of(stream_.graph.edge(schedule_.messages[k].edge).from);
      messages_[static_cast<std::size_t>(at[static_cast<std::size_t>(w)]++)] = static_cast<int>(k);
    }
  }

  // Workflows [a, b) as a graph, schedule and dispatch instants of their own, every task,
  // edge, message and hop in the stream's order, renumbered from 0 (after index_messages).
  struct Piece {
    TaskGraph graph{"piece"};
    Schedule schedule;
    std::vector<double> dispatched;
  };
  Piece piece(int a, int b) const {
    const TaskGraph& g = stream_.graph;
    const int t0 = stream_.first_task[static_cast<std::size_t>(a)], t1 = stream_.first_task[static_cast<std::size_t>(b)];
    const int e0 = first_edge_[static_cast<std::size_t>(a)], e1 = first_edge_[static_cast<std::size_t>(b)];
    Piece p;
    p.graph.reserve(t1 - t0, e1 - e0);
    for (int t = t0; t < t1; ++t) p.graph.add_task(g.task(t).name, g.work(t));
    for (int e = e0; e < e1; ++e) p.graph.add_edge(g.edge(e).from - t0, g.edge(e).to - t0, g.edge(e).data);
    p.graph.finalize();
    if (const CostTable* c = g.costs()) {
      std::vector<double> values;
      values.reserve(static_cast<std::size_t>(t1 - t0) * static_cast<std::size_t>(c->processors()));
      for (int t = t0; t < t1; ++t)
        for (int q = 0; q < c->processors(); ++q) values.push_back(c->at(t, q));
      p.graph.set_costs(CostTable(t1 - t0, c->processors(), std::move(values)));
    }
    Schedule& s = p.schedule;
    s.scheduler = schedule_.scheduler;
    s.processors = schedule_.processors;
    s.contention_aware = schedule_.contention_aware;
    s.tasks.assign(schedule_.tasks.begin() + t0, schedule_.tasks.begin() + t1);
    if (!schedule_.task_booked.empty())
      s.task_booked.assign(schedule_.task_booked.begin() + t0, schedule_.task_booked.begin() + t1);
    p.dispatched.assign(dispatched_.begin() + t0, dispatched_.begin() + t1);
    // The messages in the schedule's order: at one instant the engine serves them in that order.
    std::vector<int> ks(messages_.begin() + first_message_[static_cast<std::size_t>(a)],
                        messages_.begin() + first_message_[static_cast<std::size_t>(b)]);
    std::sort(ks.begin(), ks.end());
    s.messages.reserve(ks.size());
    for (const int k : ks) {
      const ScheduledMessage& m = schedule_.messages[static_cast<std::size_t>(k)];
      s.messages.emplace_back(m.edge - e0, m.depart, m.arrive, static_cast<int>(s.hops.size()));
      if (!schedule_.contention_aware) continue;
      for (int h = m.first_hop; h < schedule_.hop_end(static_cast<std::size_t>(k)); ++h) {
        s.hops.push_back(schedule_.hops[static_cast<std::size_t>(h)]);
        s.hops.back().message = static_cast<int>(s.messages.size()) - 1;
      }
    }
    return p;
  }

 private:
  const WorkflowStream& stream_;
  const Schedule& schedule_;
  std::span<const double> dispatched_;
  std::vector<int> first_edge_;     // per workflow, and the edge count
  std::vector<int> first_message_;  // per workflow into messages_ (index_messages)
  std::vector<int> messages_;       // message numbers, workflow by workflow (index_messages)
  std::vector<double> release_;
  std::vector<bool> cut_;           // cut_[b]: the stream may be cut before workflow b
};

}  // namespace

StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                           const MachineSpec& machine, bool keep_timeline, int min_piece_tasks) {
  const TaskGraph& graph = stream.graph;
  check_costs_fit(graph, machine);
  const MachineSpec played = replay_machine(graph, machine);
  StreamReplay r;
  Timeline timeline;
  timeline.keep_records(keep_timeline);
  const int workflows = stream.workflows();
  std::vector<double> completed;
  std::optional<StreamPieces> pieces;
  if (!keep_timeline && workflows > 1) pieces.emplace(stream, schedule, dispatched);
  if (!pieces || pieces->next_cut(0, min_piece_tasks) == workflows) {
    // The whole stream at once: with a timeline, which holds the whole stream anyway (the Gantt
    // chart, the trace), or where no instant with nothing in flight cuts it.
    play_piece(graph, schedule, dispatched, played, keep_timeline, timeline, completed);
    r.finish.assign(completed.begin(), completed.begin() + graph.size());
    r.pieces = 1;
  } else {
    pieces->index_messages();
    r.finish.assign(static_cast<std::size_t>(graph.size()), 0.0);
    int a = 0;
    while (a < workflows) {
      int b = pieces->next_cut(a, min_piece_tasks);
      const Timeline before = b < workflows ? timeline : Timeline();
      for (;;) {
        const int t0 = stream.first_task[static_cast<std::size_t>(a)], t1 = stream.first_task[static_cast<std::size_t>(b)];
        double end;
        if (a == 0 && b == workflows) {  // played again up to the whole stream: no copy of it
          end = play_piece(graph, schedule, dispatched, played, false, timeline, completed);
        } else {
          const StreamPieces::Piece p = pieces->piece(a, b);
          end = play_piece(p.graph, p.schedule, p.dispatched, played, false, timeline, completed);
        }
        std::copy(completed.begin(), completed.begin() + (t1 - t0), r.finish.begin() + t0);
        // The plan left the machine idle before b's first dispatch; so must the replay, which
        // may queue messages longer than planned (comm: free). Else the piece is played again
        // with the workflows after it, twice as many tasks at least, from the same totals.
        if (end < pieces->release(b)) break;
        timeline = before;
        ++r.played_again;
        b = pieces->next_cut(a, std::max(2LL * (t1 - t0), t1 - t0 + 1LL));
      }
      ++r.pieces;
      a = b;
    }
  }
  r.link_busy = timeline.hop_time();
  r.makespan = timeline.end();
  r.messages = timeline.messages();
  r.hops = timeline.hop_count();
  if (keep_timeline) {
    r.timeline = std::move(timeline);
    r.stats = summarize(r.timeline, machine.size());
  }
  return r;
}

}  // namespace mpnsim
