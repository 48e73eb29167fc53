// An online run: the policy plans the stream, the checker judges it, the engine replays it.
#include "experiments/kinds/online/online_run.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "schedulers/dag/time_horizon.hpp"
#include "schedulers/online/stream_replay.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

// `horizon`: the serial horizon the problem carries (DagProblem::carried_horizon; 0: its own).
OnlineSchedule plan_stream(const OnlineSetup& setup, const WorkflowStream& stream, double horizon = 0) {
  DagProblem problem{stream.graph, setup.dag.machine.spec, *setup.dag.comm, comm_options(setup.policy_params)};
  problem.carried_horizon = horizon;
  return setup.policy->schedule(problem, stream, setup.policy_params);
}

// The largest share by which a sum of the serial horizon's terms (time_horizon.cpp) taken in
// another order or grouping may exceed the whole stream's own sum of the same terms: each is
// within (n - 1) u of the exact sum (n terms, u = 2^-53), and a stream has at most
// kMaxDagTasks + kMaxDagEdges terms, about 5 * 10^7, so 10^-7 is over ten times that.
constexpr double kHorizonRounding = 1e-7;

// The serial horizon of workflows [0, b) of the stream, from that of the kept ones [0, a)
// (summed window by window) and the window [a, b)'s own, rounded down by kHorizonRounding: never
// above the whole stream's horizon, so a window accepts no start the whole stream refuses.
double horizon_up_to(const OnlineSetup& setup, double kept, const WorkflowStream& window) {
  const DagProblem problem{window.graph, setup.dag.machine.spec, *setup.dag.comm, comm_options(setup.policy_params)};
  return (kept + serial_horizon(problem)) * (1 - kHorizonRounding);
}

// Each workflow alone on the empty machine, with the same policy: its replayed makespan.
std::vector<double> makespans_alone(const OnlineSetup& setup, const WorkflowStream& s) {
  std::vector<double> alone(static_cast<std::size_t>(s.workflows()));
  for (int w = 0; w < s.workflows(); ++w) {
    const WorkflowStream one = single_workflow(s, w);
    const OnlineSchedule plan = plan_stream(setup, one);
    alone[static_cast<std::size_t>(w)] =
        replay_stream(one, plan.schedule, plan.dispatched, setup.dag.machine.spec, false).makespan;
  }
  return alone;
}

int link_directions(const MachineSpec& m) {
  int directions = 0;
  for (const LinkSpec& l : m.links) directions += l.directed ? 1 : 2;
  return directions;
}

// The number of leading workflows of the window's plan to keep: the last c (0 < c < all) such
// that every task of workflows [0, c) finishes before workflow c arrives, later than workflow
// c - 1 (so nothing of them is planned or replayed from that instant on: a task's messages
// arrive before it starts), and their messages and hops come before the others' in the plan,
// as a policy that books in time or workflow order puts them; c at most `at_most`; 0 when there
// is none. With `replayed` (each task's finish in the replay of this plan), the tasks' replayed
// finishes must come before workflow c's arrival too: under comm: free the one-port engine may
// queue messages, and so tasks, past the plan.
int last_quiet_arrival(const WorkflowStream& s, const OnlineSchedule& plan, int at_most,
                       std::span<const double> replayed = {}) {
  const Schedule& sched = plan.schedule;
  const TaskGraph& g = s.graph;
  const auto workflows = static_cast<std::size_t>(s.workflows());
  // before[c]: the messages of workflows before c; most[i]: the latest workflow of messages [0, i).
  std::vector<int> before(workflows + 1, 0), most(sched.messages.size() + 1, -1);
  for (std::size_t m = 0; m < sched.messages.size(); ++m) {
    const int w = s.workflow_of(g.edge(sched.messages[m].edge).from);
    ++before[static_cast<std::size_t>(w) + 1];
    most[m + 1] = std::max(most[m], w);
  }
  for (std::size_t c = 1; c <= workflows; ++c) before[c] += before[c - 1];
  int best = 0;
  double end = -std::numeric_limits<double>::infinity();
  for (std::size_t c = 1; c < workflows && static_cast<int>(c) <= at_most; ++c) {
    for (int t = s.first_task[c - 1]; t < s.first_task[c]; ++t) {
      const auto k = static_cast<std::size_t>(t);
      end = std::max(end, sched.tasks[k].finish);
      if (!replayed.empty()) end = std::max(end, replayed[k]);
    }
    const bool messages_first = most[static_cast<std::size_t>(before[c])] < static_cast<int>(c);
    if (messages_first && end < s.arrival[c] && s.arrival[c - 1] < s.arrival[c]) best = static_cast<int>(c);
  }
  return best;
}

// The plan of the leading `count` workflows (their tasks, messages and hops come first).
OnlineSchedule leading_plan(OnlineSchedule plan, const WorkflowStream& leading) {
  const std::size_t n = static_cast<std::size_t>(leading.graph.size());
  Schedule& s = plan.schedule;
  std::size_t messages = 0;
  while (messages < s.messages.size() && s.messages[messages].edge < leading.graph.edge_count()) ++messages;
  const std::size_t hops = messages < s.messages.size() ? static_cast<std::size_t>(s.messages[messages].first_hop) : s.hops.size();
  s.tasks.resize(n);
  if (!s.task_booked.empty()) s.task_booked.resize(n);
  s.messages.resize(messages);
  s.hops.resize(hops);
  plan.dispatched.resize(n);
  return plan;
}

}  // namespace

bool in_windows_applies(const OnlineSetup& setup) {
  static const std::vector<std::string> built_in{"fifo", "online-heft", "fdws", "rank-hybd", "owm", "online-minmin", "online-maxmin"};
  return setup.policy != nullptr && std::find(built_in.begin(), built_in.end(), setup.policy->name) != built_in.end();
}

OnlineRun run_online_in_windows(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition, int window,
                                const KeptWindow& on_kept) {
  const std::vector<double> arrival = stream_arrivals(setup, experiment_seed, repetition);
  const int workflows = setup.workflows;
  const MachineSpec& machine = setup.dag.machine.spec;
  OnlineRun r;
  r.network = setup.dag.machine.topology.name();
  r.stream.arrival = arrival;
  r.stream.first_task.push_back(0);
  r.schedule.scheduler = setup.policy->name;
  r.schedule.processors = machine.size();
  r.schedule.contention_aware = comm_options(setup.policy_params).model == CommModel::contention;
  Timeline carried;
  carried.keep_records(false);
  double busy = 0;  // the processors' busy time, summed in task order as run_online sums it
  // The serial horizon (time_horizon.hpp) of the workflows kept so far: a window's problem
  // carries it plus the window's own (horizon_up_to), which grows with the stream as the
  // whole stream's does, so that a window late in the stream accepts the starts the whole
  // stream's builder would; a window of 128 workflows holds then at any length of stream.
  double kept_horizon = 0;
  bool rest_whole = false;
  // A window with no arrival that finds the machine empty is planned again twice as long, up
  // to a sixteenth of the stream (so that an overloaded stream, never empty, plans about an
  // eighth of itself twice); past that the rest is planned whole.
  const int first_size = std::max(window, 2);
  const int longest = std::max(first_size, workflows / 16);
  int size = first_size;
  for (int a = 0; a < workflows;) {
    const int b = rest_whole ? workflows : std::min(workflows, a + size);
    WorkflowStream window = make_stream_range(setup, experiment_seed, repetition, a, b, arrival);
    const double horizon = horizon_up_to(setup, kept_horizon, window);
    OnlineSchedule plan;
    try {
      plan = plan_stream(setup, window, horizon);
    } catch (const std::invalid_argument&) {
      // A start past twice the horizon of the workflows up to the window's last (a stream
      // whose arrivals run ahead of the work they bring), which the whole stream's, longer,
      // may still carry: the whole stream, which plans it or refuses it as run_online does.
      return run_online(setup, make_stream(setup, experiment_seed, repetition), false);
    }
    int keep = b - a;
    if (b < workflows) keep = last_quiet_arrival(window, plan, b - a - 1);
    if (keep > 0 && keep < b - a) {
      window = leading_workflows(window, keep);
      plan = leading_plan(std::move(plan), window);
    }
    // The kept workflows' replay. After a cut it must be over before the next window's first
    // arrival, from which that window plans and replays as on an empty machine. Under
    // comm: contention the replay is the plan, so it is; under comm: free the one-port engine
    // may queue messages, and so tasks, past the plan: the cut then moves back to the last
    // arrival that finds the replay over too (nothing of the workflows after it has started
    // by then, so the replay of those before it is the same), and they are replayed again
    // from the timeline as it was.
    StreamReplay replay;
    const Timeline timeline_before = carried;
    while (keep > 0) {
      replay = replay_stream(window, plan.schedule, plan.dispatched, machine, false, kStreamFeedTasks, &carried);
      if (a + keep == workflows || carried.end() < arrival[static_cast<std::size_t>(a + keep)]) break;
      carried = timeline_before;
      ++r.cuts_moved;
      keep = last_quiet_arrival(window, plan, keep - 1, replay.finish);
      if (keep > 0) {
        window = leading_workflows(window, keep);
        plan = leading_plan(std::move(plan), window);
      }
    }
    if (keep == 0) {
      if (size >= longest)
        rest_whole = true;
      else
        size *= 2;
      continue;
    }
    const WorkflowStream& s = window;
    const DagProblem problem{s.graph, machine, *setup.dag.comm, comm_options(setup.policy_params)};
    kept_horizon += serial_horizon(problem);
    ValidityReport v = check_schedule(problem, plan.schedule);
    for (Violation& x : v.violations) r.validity.violations.push_back(std::move(x));
    r.makespan = std::max(r.makespan, plan.schedule.makespan());
    for (int w = 0; w < s.workflows(); ++w)
      for (int t = s.first_task[static_cast<std::size_t>(w)]; t < s.first_task[static_cast<std::size_t>(w) + 1]; ++t)
        r.early_starts += plan.schedule.tasks[static_cast<std::size_t>(t)].start < s.arrival[static_cast<std::size_t>(w)];
    r.replay.feeds += replay.feeds;
    const std::vector<double> alone = makespans_alone(setup, s);
    std::vector<double> start(static_cast<std::size_t>(s.graph.size()));
    for (int t = 0; t < s.graph.size(); ++t) {
      const double d = problem.exec_time(t, plan.schedule.tasks[static_cast<std::size_t>(t)].processor);
      start[static_cast<std::size_t>(t)] = replay.finish[static_cast<std::size_t>(t)] - d;
      busy += d;
    }
    for (WorkflowFigures& f : workflow_figures(problem, s, start, replay.finish, alone)) {
      f.workflow += a;
      r.workflows.push_back(std::move(f));
    }
    for (int w = 0; w < s.workflows(); ++w) {
      r.stream.first_task.push_back(r.stream.first_task.back() + s.size(w));
      r.stream.names.push_back(s.names[static_cast<std::size_t>(w)]);
    }
    if (on_kept) on_kept(a, s, plan, replay.finish);
    a += keep;
    ++r.windows;
    size = first_size;
  }
  r.replay.link_busy = carried.hop_time();
  r.replay.makespan = carried.end();
  r.replay.messages = carried.messages();
  r.replay.hops = carried.hop_count();
  r.figures = stream_figures(r.workflows, busy, machine.size(), r.replay.link_busy, link_directions(machine));
  return r;
}

OnlineRun run_online(const OnlineSetup& setup, WorkflowStream stream, bool keep_timeline) {
  OnlineRun r;
  r.network = setup.dag.machine.topology.name();
  r.stream = std::move(stream);
  const WorkflowStream& s = r.stream;
  const DagProblem problem{s.graph, setup.dag.machine.spec, *setup.dag.comm, comm_options(setup.policy_params)};
  OnlineSchedule planned = plan_stream(setup, s);
  r.schedule = std::move(planned.schedule);
  r.dispatched = std::move(planned.dispatched);
  r.validity = check_schedule(problem, r.schedule);
  r.makespan = r.schedule.makespan();
  for (int w = 0; w < s.workflows(); ++w)
    for (int t = s.first_task[static_cast<std::size_t>(w)]; t < s.first_task[static_cast<std::size_t>(w) + 1]; ++t)
      r.early_starts += r.schedule.tasks[static_cast<std::size_t>(t)].start < s.arrival[static_cast<std::size_t>(w)];
  r.replay = replay_stream(s, r.schedule, r.dispatched, setup.dag.machine.spec, keep_timeline);
  const std::vector<double> alone = makespans_alone(setup, s);
  const int n = s.graph.size();
  std::vector<double> start(static_cast<std::size_t>(n));
  double busy = 0;
  for (int t = 0; t < n; ++t) {
    const double d = problem.exec_time(t, r.schedule.tasks[static_cast<std::size_t>(t)].processor);
    start[static_cast<std::size_t>(t)] = r.replay.finish[static_cast<std::size_t>(t)] - d;
    busy += d;
  }
  r.workflows = workflow_figures(problem, s, start, r.replay.finish, alone);
  r.figures = stream_figures(r.workflows, busy, problem.processors(), r.replay.link_busy,
                             link_directions(setup.dag.machine.spec));
  return r;
}

MetricRow online_summary_row(const OnlineRun& r) {
  MetricRow m;
  auto add = [&](const std::string& k, ParamValue v) { m.emplace_back(k, std::move(v)); };
  add("scheduler", r.schedule.scheduler);
  add("network", r.network);
  std::string label = r.network;
  std::replace(label.begin(), label.end(), ',', ' ');
  add("network_label", label);
  add("processors", std::int64_t{r.schedule.processors});
  add("workflows", std::int64_t{r.stream.workflows()});
  add("tasks", std::int64_t{r.stream.first_task.empty() ? 0 : r.stream.first_task.back()});
  add("makespan", r.makespan);
  add("replayed_makespan", r.replay.makespan);
  add("plan_error", r.replay.makespan > 0 ? (r.replay.makespan - r.makespan) / r.replay.makespan : 0.0);
  add("mean_slowdown", r.figures.mean_slowdown);
  add("p95_slowdown", r.figures.p95_slowdown);
  add("unfairness", r.figures.unfairness);
  add("mean_ttr", r.figures.mean_ttr);
  add("utilisation", r.figures.utilisation);
  add("link_utilisation", r.figures.link_utilisation);
  add("throughput", r.figures.throughput);
  add("valid", std::string(r.validity.valid() && r.early_starts == 0 ? "true" : "false"));
  add("violations", static_cast<std::int64_t>(r.validity.violations.size()) + r.early_starts);
  add("messages", static_cast<std::int64_t>(r.replay.messages));
  return m;
}

std::vector<MetricRow> online_workflow_rows(const OnlineRun& r) {
  std::vector<MetricRow> rows;
  for (const WorkflowFigures& w : r.workflows) {
    MetricRow m;
    auto add = [&](const std::string& k, ParamValue v) { m.emplace_back(k, std::move(v)); };
    add("scheduler", r.schedule.scheduler);
    add("network", r.network);
    add("workflow", std::int64_t{w.workflow});
    add("graph", w.name);
    add("workflow_tasks", std::int64_t{w.tasks});
    add("arrival", w.arrival);
    add("start", w.start);
    add("finish", w.finish);
    add("makespan", w.makespan);
    add("makespan_alone", w.makespan_alone);
    add("slowdown", w.slowdown);
    add("ttr", w.ttr);
    rows.push_back(std::move(m));
  }
  return rows;
}

}  // namespace mpnsim
