// An online run: the policy plans the stream, the checker judges it, the engine replays it.
#include "experiments/kinds/online/online_run.hpp"

#include <algorithm>
#include <cmath>

#include "schedulers/online/stream_replay.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

OnlineSchedule plan_stream(const OnlineSetup& setup, const WorkflowStream& stream) {
  const DagProblem problem{stream.graph, setup.dag.machine.spec, *setup.dag.comm, comm_options(setup.policy_params)};
  return setup.policy->schedule(problem, stream, setup.policy_params);
}

}  // namespace

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
  // Each workflow alone on the empty machine, with the same policy: its replayed makespan.
  std::vector<double> alone(static_cast<std::size_t>(s.workflows()));
  for (int w = 0; w < s.workflows(); ++w) {
    const WorkflowStream one = single_workflow(s, w);
    const OnlineSchedule plan = plan_stream(setup, one);
    alone[static_cast<std::size_t>(w)] =
        replay_stream(one, plan.schedule, plan.dispatched, setup.dag.machine.spec, false).makespan;
  }
  const int n = s.graph.size();
  std::vector<double> start(static_cast<std::size_t>(n));
  double busy = 0;
  for (int t = 0; t < n; ++t) {
    const double d = problem.exec_time(t, r.schedule.tasks[static_cast<std::size_t>(t)].processor);
    start[static_cast<std::size_t>(t)] = r.replay.finish[static_cast<std::size_t>(t)] - d;
    busy += d;
  }
  r.workflows = workflow_figures(problem, s, start, r.replay.finish, alone);
  int directions = 0;
  for (const LinkSpec& l : setup.dag.machine.spec.links) directions += l.directed ? 1 : 2;
  r.figures = stream_figures(r.workflows, busy, problem.processors(), r.replay.link_busy, directions);
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
  add("tasks", std::int64_t{r.stream.graph.size()});
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
