// Building the replay plan of a DAG schedule and playing it on the engine.
#include "schedulers/dag/dag_replay.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/direct_replay.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/plan_player.hpp"

namespace mpnsim {

namespace {

std::string edge_name(const TaskGraph& graph, const DagEdge& e) {
  // "producer->consumer", joined by hand: fmt::format was a tenth of a replay of 10^5 tasks.
  const std::string_view a = graph.task(e.from).name;
  const std::string_view b = graph.task(e.to).name;
  std::string name;
  name.reserve(a.size() + 2 + b.size());
  name.append(a).append("->").append(b);
  return name;
}

// One booking of a resource in a contention-aware schedule: a task or a hop, as an action.
struct Booking {
  double start, finish;
  std::uint32_t booked;
  int action;
  bool operator<(const Booking& o) const {
    return std::tie(start, finish, booked) < std::tie(o.start, o.finish, o.booked);
  }
};

// Makes each booking of a resource wait for the booking before it, in time order.
void chain(std::vector<Booking>& list, Plan& plan) {
  std::sort(list.begin(), list.end());
  for (std::size_t i = 1; i < list.size(); ++i)
    plan.actions[static_cast<std::size_t>(list[i].action)].after.push_back(list[i - 1].action);
}

// The replay of a contention-aware schedule: each hop is an action over its own link, and
// every resource (link direction, CPU, each port where ports bind) serves its bookings in
// the schedule's order, as it already serves a processor's tasks. Each operation then
// starts when its last predecessor ends, which is where the schedule put it: the builder
// puts every booking at the earliest time all its resources are idle, which is the end of
// the booking before it on one of them (or when its data is ready). The engine's k ports
// are a pool; the schedule gives each hop one port, so the pool is never short.
Plan contention_replay_plan(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine,
                           bool named) {
  const int n = graph.size();
  const int procs = machine.size();
  Plan plan;
  plan.actions.reserve(static_cast<std::size_t>(n) + schedule.hops.size());
  const CostTable* costs = graph.costs();
  for (int t = 0; t < n; ++t) {
    const auto& p = schedule.tasks[static_cast<std::size_t>(t)];
    plan.add_compute(p.processor, costs ? costs->at(t, p.processor) : graph.task(t).work,
                     named ? std::string(graph.task(t).name) : std::string());
  }
  std::vector<int> last_hop(static_cast<std::size_t>(graph.edge_count()), -1);
  std::vector<int> action_of_hop(schedule.hops.size(), -1);
  for (std::size_t mi = 0; mi < schedule.messages.size(); ++mi) {
    const ScheduledMessage& m = schedule.messages[mi];
    const DagEdge& e = graph.edge(m.edge);
    const std::uint32_t name = named ? plan.add_name(edge_name(graph, e)) : 0;
    int previous = -1;
    for (int k = 0; k < schedule.hop_end(mi) - m.first_hop; ++k) {
      const std::size_t h = static_cast<std::size_t>(m.first_hop + k);
      const ScheduledHop& hop = schedule.hops[h];
      previous = plan.add_hop(hop.from, hop.to, e.data, previous, k == 0 ? DependencyList{e.from} : DependencyList{});
      plan.set_name(previous, name);
      action_of_hop[h] = previous;
    }
    last_hop[static_cast<std::size_t>(m.edge)] = previous;
  }
  for (int ei = 0; ei < graph.edge_count(); ++ei) {
    const DagEdge& e = graph.edge(ei);
    const int h = last_hop[static_cast<std::size_t>(ei)];
    plan.actions[static_cast<std::size_t>(e.to)].after.push_back(h >= 0 ? h : e.from);
  }
  // Resources: CPU p, link direction c, and the binding send and receive ports.
  const BindingPorts ports = binding_ports(machine);
  std::vector<std::vector<Booking>> cpu(static_cast<std::size_t>(procs)), channel(2 * machine.links.size());
  // Ports by (processor, port): the schedule's own assignment.
  std::map<std::pair<int, int>, std::vector<Booking>> send, recv;
  for (int t = 0; t < n; ++t) {
    const auto& p = schedule.tasks[static_cast<std::size_t>(t)];
    const std::uint32_t booked = t < static_cast<int>(schedule.task_booked.size())
                                     ? schedule.task_booked[static_cast<std::size_t>(t)] : 0;
    cpu[static_cast<std::size_t>(p.processor)].push_back({p.start, p.finish, booked, t});
  }
  for (std::size_t h = 0; h < schedule.hops.size(); ++h) {
    const ScheduledHop& hop = schedule.hops[h];
    if (action_of_hop[h] < 0) continue;
    const Booking b{hop.start, hop.finish, hop.booked, action_of_hop[h]};
    channel[static_cast<std::size_t>(hop.channel)].push_back(b);
    const auto& from = machine.processors[static_cast<std::size_t>(hop.from)];
    const auto& to = machine.processors[static_cast<std::size_t>(hop.to)];
    if (!from.coprocessor) cpu[static_cast<std::size_t>(hop.from)].push_back(b);
    if (!to.coprocessor) cpu[static_cast<std::size_t>(hop.to)].push_back(b);
    if (ports.send[static_cast<std::size_t>(hop.from)] && hop.send_port >= 0)
      send[{hop.from, hop.send_port}].push_back(b);
    if (ports.recv[static_cast<std::size_t>(hop.to)] && hop.recv_port >= 0)
      recv[{hop.to, hop.recv_port}].push_back(b);
  }
  for (auto& list : cpu) chain(list, plan);
  for (auto& list : channel) chain(list, plan);
  for (auto& [port, list] : send) chain(list, plan);
  for (auto& [port, list] : recv) chain(list, plan);
  return plan;
}

// replay_plan(graph, schedule) given action by action from the graph and the schedule
// instead of stored (sim/plan_player.hpp): the same actions, in the same order, with the same
// "after" lists, unnamed. What replay() plays when it keeps no timeline: the player's own state
// is then the only copy of the plan (a stored Plan takes 48 bytes an action more).
class FreeReplaySource {
 public:
  FreeReplaySource(const TaskGraph& graph, const Schedule& schedule)
      : graph_(graph), schedule_(schedule), tasks_(static_cast<std::size_t>(graph.size())), costs_(graph.costs()) {
    previous_.assign(tasks_, -1);
    for (const auto& order : schedule.processor_order())
      for (std::size_t i = 1; i < order.size(); ++i) previous_[static_cast<std::size_t>(order[i])] = order[i - 1];
    send_of_.assign(static_cast<std::size_t>(graph.edge_count()), -1);
    for (std::size_t k = 0; k < schedule.messages.size(); ++k)
      send_of_[static_cast<std::size_t>(schedule.messages[k].edge)] = static_cast<int>(tasks_ + k);
  }

  std::size_t size() const { return tasks_ + schedule_.messages.size(); }
  PlanAction::Op op(std::size_t i) const { return i < tasks_ ? PlanAction::Op::compute : PlanAction::Op::send; }
  int processor(std::size_t i) const {
    return i < tasks_ ? schedule_.tasks[i].processor : message_ends(graph_, schedule_, message(i)).from;
  }
  int to(std::size_t i) const {
    return i < tasks_ ? schedule_.tasks[i].processor : message_ends(graph_, schedule_, message(i)).to;
  }
  double amount(std::size_t i) const {
    if (i >= tasks_) return graph_.edge(message(i).edge).data;
    const int t = static_cast<int>(i);
    return costs_ ? costs_->at(t, schedule_.tasks[i].processor) : graph_.work(t);
  }
  std::uint32_t name(std::size_t) const { return 0; }
  bool continues(std::size_t) const { return false; }
  // A task: the task before it on its processor, then per incoming edge (in edge order) the
  // edge's send, or the producer when the edge has no message. A send: its producer.
  std::span<const int> after(std::size_t i, std::vector<int>& scratch) const {
    scratch.clear();
    if (i >= tasks_) {
      scratch.push_back(graph_.edge(message(i).edge).from);
      return scratch;
    }
    if (previous_[i] >= 0) scratch.push_back(previous_[i]);
    for (int e : graph_.in_edges(static_cast<int>(i))) {
      const int send = send_of_[static_cast<std::size_t>(e)];
      scratch.push_back(send >= 0 ? send : graph_.edge(e).from);
    }
    return scratch;
  }
  std::string label(std::size_t i) const {
    return i < tasks_ ? std::string(graph_.task(static_cast<int>(i)).name)
                      : edge_name(graph_, graph_.edge(message(i).edge));
  }

 private:
  const ScheduledMessage& message(std::size_t i) const { return schedule_.messages[i - tasks_]; }

  const TaskGraph& graph_;
  const Schedule& schedule_;
  std::size_t tasks_;
  const CostTable* costs_;
  std::vector<int> previous_;  // the task before each on its processor, or -1
  std::vector<int> send_of_;   // each edge's send action (its last message), or -1
};

}  // namespace

Plan replay_plan(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine, bool named) {
  if (schedule.contention_aware) return contention_replay_plan(graph, schedule, machine, named);
  return replay_plan(graph, schedule, named);
}

Plan replay_plan(const TaskGraph& graph, const Schedule& schedule, bool named) {
  const int n = graph.size();
  Plan plan;
  plan.actions.reserve(static_cast<std::size_t>(n) + schedule.messages.size());
  const CostTable* costs = graph.costs();
  for (int t = 0; t < n; ++t) {
    const auto& p = schedule.tasks[static_cast<std::size_t>(t)];
    plan.add_compute(p.processor, costs ? costs->at(t, p.processor) : graph.task(t).work,
                     named ? std::string(graph.task(t).name) : std::string());
  }
  for (const auto& order : schedule.processor_order())
    for (std::size_t i = 1; i < order.size(); ++i)
      plan.actions[static_cast<std::size_t>(order[i])].after.push_back(order[i - 1]);
  std::vector<int> send_of(static_cast<std::size_t>(graph.edge_count()), -1);
  for (const auto& m : schedule.messages) {
    const DagEdge& e = graph.edge(m.edge);
    const auto [from, to] = message_ends(graph, schedule, m);
    send_of[static_cast<std::size_t>(m.edge)] =
        plan.add_send(from, to, e.data, named ? edge_name(graph, e) : std::string(), {e.from});
  }
  for (int ei = 0; ei < graph.edge_count(); ++ei) {
    const DagEdge& e = graph.edge(ei);
    const int s = send_of[static_cast<std::size_t>(ei)];
    plan.actions[static_cast<std::size_t>(e.to)].after.push_back(s >= 0 ? s : e.from);
  }
  return plan;
}

BindingPorts binding_ports(const MachineSpec& machine) {
  const auto procs = static_cast<std::size_t>(machine.size());
  std::vector<int> out_degree(procs, 0), in_degree(procs, 0);
  for (const LinkSpec& l : machine.links) {
    ++out_degree[static_cast<std::size_t>(l.a)];
    ++in_degree[static_cast<std::size_t>(l.b)];
    if (!l.directed) {
      ++out_degree[static_cast<std::size_t>(l.b)];
      ++in_degree[static_cast<std::size_t>(l.a)];
    }
  }
  BindingPorts ports{std::vector<char>(procs, 0), std::vector<char>(procs, 0)};
  for (std::size_t p = 0; p < procs; ++p) {
    const ProcessorSpec& spec = machine.processors[p];
    ports.send[p] = spec.send_ports != kAllPorts && spec.send_ports < out_degree[p];
    ports.recv[p] = spec.recv_ports != kAllPorts && spec.recv_ports < in_degree[p];
  }
  return ports;
}

MachineSpec replay_machine(const TaskGraph& graph, const MachineSpec& machine) {
  MachineSpec unit = machine;
  if (graph.costs()) {
    for (auto& p : unit.processors) p.w = 1.0;
    unit.Tcp = 1.0;
  }
  return unit;
}

DagReplay replay(const TaskGraph& graph, const Schedule& schedule, const MachineSpec& machine, bool keep_timeline,
                 const ProcessorOrder* order) {
  check_costs_fit(graph, machine);
  Engine engine;
  const MachineSpec played = replay_machine(graph, machine);
  Machine m(engine, played);
  m.timeline().keep_records(keep_timeline);
  DagReplay r;
  if (!keep_timeline && !schedule.contention_aware) {
    // Without a timeline nothing reads names, and the plan need not be stored: it is played
    // straight from the graph and schedule where it can (direct_replay.hpp), else compiled from
    // them by the general player, whose own lists go before the run.
    std::optional<DirectReplayPlan> direct = compile_direct_replay(graph, schedule, m, order);
    // Only the tasks' completions are kept: a send left unplayed leaves its consumer unplayed.
    r.finish.resize(static_cast<std::size_t>(graph.size()));
    if (direct) {
      play_direct_replay(graph, std::move(*direct), m, std::span<double>(r.finish));
    } else {
      const FreeReplaySource source(graph, schedule);
      plan_player::run(plan_player::compile<plan_player::ActionRecords<false>, FreeReplaySource, true>(source, m, 0),
                       m, std::span<double>(r.finish));
    }
    if (std::any_of(r.finish.begin(), r.finish.end(), [](double t) { return std::isnan(t); }))
      plan_player::check_played(FreeReplaySource(graph, schedule), r.finish);
  } else {
    // Names become the timeline's tags: without a timeline nothing reads them.
    const PlanOutcome outcome = play(replay_plan(graph, schedule, played, keep_timeline), m);
    r.finish.assign(outcome.completed.begin(), outcome.completed.begin() + graph.size());
  }
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
