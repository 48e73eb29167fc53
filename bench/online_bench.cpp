// Issue #39's target, side by side: a stream of W workflows of T tasks on the one-port hypercube
// under comm: contention (or free), scheduled by an online policy, checked and replayed (a
// `kind: online` run, each workflow alone on the empty machine too), against the same W x T
// tasks scheduled as one graph by HEFT with the same network and comm (a `kind: dag` run:
// schedule, check, replay). Best of N times each (CPU and wall clock), in one process, and the
// ratios. The main figure is the stream run as `mpnsim run` runs it without a timeline, in
// windows of workflows, each drawn when its window comes; beside it the whole stream at once
// (drawn once, outside the timing), which must give the same figures, and its parts.
//
// Usage: online_bench [--workflows 1000] [--tasks 100] [--dim 6] [--policy fdws] [--rate 0.1]
//                     [--z 0.1] [--comm contention] [--repeat 3] [--dag heft]   (--dag none: the stream alone)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <limits>
#include <map>
#include <string>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/online/stream_replay.hpp"

namespace {

// Wall-clock and CPU seconds of f: the process's CPU time (it runs on one thread) says what a
// loaded machine's wall clock hides, the time the run waited for a core.
struct Seconds {
  double wall = std::numeric_limits<double>::infinity();
  double cpu = std::numeric_limits<double>::infinity();
};

Seconds best_of(int n, const std::function<void()>& f) {
  Seconds best;
  for (int i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    f();
    best.cpu = std::min(best.cpu, static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
    best.wall = std::min(best.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) try {
  std::map<std::string, std::string> o{{"workflows", "1000"}, {"tasks", "100"}, {"dim", "6"},   {"policy", "fdws"},
                                       {"rate", "0.1"},       {"z", "0.1"},     {"repeat", "3"}, {"dag", "heft"},
                                       {"comm", "contention"}};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = std::string(argv[i]).substr(2);
    if (std::string(argv[i]).rfind("--", 0) != 0 || !o.count(key)) {
      std::fprintf(stderr, "online_bench: unknown option %s\n", argv[i]);
      return 2;
    }
    o[key] = argv[i + 1];
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "online_bench: options go in pairs: --name value\n");
    return 2;
  }
  const int repeat = std::stoi(o["repeat"]);
  const std::string machine = fmt::format(
      "machine: {{topology: {{kind: hypercube, dim: {}}}, processor: {{send_ports: 1, recv_ports: 1}}, "
      "link: {{z: {}, S: 0}}}}\n",
      o["dim"], o["z"]);
  const mpnsim::YamlSource src("online_bench");
  const mpnsim::OnlineSetup online = mpnsim::read_online_setup(
      src,
      YAML::Load(machine + fmt::format("workload: {{kind: random-dag, tasks: {}}}\narrivals: {{kind: poisson, rate: {}}}\n"
                                       "workflows: {}\nscheduler: {{name: {}, comm: {}}}\n",
                                       o["tasks"], o["rate"], o["workflows"], o["policy"], o["comm"])),
      "");
  const mpnsim::WorkflowStream stream = mpnsim::make_stream(online, 1, 0);
  mpnsim::DagWorkload whole;
  whole.graph = std::make_shared<const mpnsim::TaskGraph>(stream.graph);
  const mpnsim::DagSetup dag = mpnsim::read_dag_setup(
      src, YAML::Load(machine + fmt::format("scheduler: {{name: {}, comm: {}}}\n", o["dag"] == "none" ? "heft" : o["dag"], o["comm"])),
      whole);

  fmt::print("{} workflows of {} tasks ({} tasks, {} edges), Poisson rate {}, on the one-port {}-cube, z = {}, "
             "comm: {}; best of {}\n",
             o["workflows"], o["tasks"], stream.graph.size(), stream.graph.edge_count(), o["rate"], o["dim"], o["z"],
             o["comm"], repeat);
  // As `mpnsim run` does it without a timeline: in windows of workflows, each drawn when its
  // window comes.
  mpnsim::OnlineRun windowed;
  const Seconds windows_s = best_of(repeat, [&] { windowed = mpnsim::run_online_in_windows(online, 1, 0); });
  // The whole stream at once (drawn once above, outside the timing).
  mpnsim::OnlineRun last;
  const Seconds stream_s = best_of(repeat, [&] { last = mpnsim::run_online(online, stream, false); });
  if (mpnsim::online_summary_row(windowed) != mpnsim::online_summary_row(last)) {
    std::fprintf(stderr, "online_bench: the run in windows gave other figures than the whole stream's\n");
    return 1;
  }
  // The parts of the stream's run: the policy's plan, and the whole stream's replay.
  const mpnsim::DagProblem problem{stream.graph, online.dag.machine.spec, *online.dag.comm,
                                   mpnsim::comm_options(online.policy_params)};
  mpnsim::OnlineSchedule plan;
  const Seconds plan_s = best_of(repeat, [&] { plan = online.policy->schedule(problem, stream, online.policy_params); });
  mpnsim::StreamReplay replayed;
  const Seconds replay_s = best_of(repeat, [&] {
    replayed = mpnsim::replay_stream(stream, plan.schedule, plan.dispatched, online.dag.machine.spec, false);
  });
  const Seconds check_s = best_of(repeat, [&] { mpnsim::check_schedule(problem, plan.schedule); });
  // makespan_alone: each workflow planned and replayed alone on the empty machine.
  double alone_replay_cpu = 0;
  const Seconds alone_s = best_of(repeat, [&] {
    alone_replay_cpu = 0;
    for (int w = 0; w < stream.workflows(); ++w) {
      const mpnsim::WorkflowStream one = mpnsim::single_workflow(stream, w);
      const mpnsim::DagProblem p{one.graph, online.dag.machine.spec, *online.dag.comm,
                                 mpnsim::comm_options(online.policy_params)};
      const mpnsim::OnlineSchedule s = online.policy->schedule(p, one, online.policy_params);
      const std::clock_t c0 = std::clock();
      mpnsim::replay_stream(one, s.schedule, s.dispatched, online.dag.machine.spec, false);
      alone_replay_cpu += static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    }
  });
  if (o["dag"] == "none") {
    fmt::print("stream in windows of {} workflows (mpnsim run's way, drawing included), {}: {:.3f} s CPU, {:.3f} s wall; "
               "{} windows kept, {} cuts moved back for the replay\n",
               mpnsim::kOnlineWindowWorkflows, o["policy"], windows_s.cpu, windows_s.wall, windowed.windows,
               windowed.cuts_moved);
    fmt::print("whole stream: {:.3f} s CPU, {:.3f} s wall (CPU: plan {:.3f} s, check {:.3f} s, replay {:.3f} s "
               "fed in {} feeds (0: played whole), each workflow alone {:.3f} s, of which their replays {:.3f} s); makespan {:.6g}, "
               "replayed {:.6g}; the same figures\n",
               stream_s.cpu, stream_s.wall, plan_s.cpu, check_s.cpu, replay_s.cpu, replayed.feeds,
               alone_s.cpu, alone_replay_cpu, last.makespan, last.replay.makespan);
    return 0;
  }
  mpnsim::DagRun one;
  const Seconds dag_s = best_of(repeat, [&] { one = mpnsim::run_dag(dag, stream.graph, false); });
  fmt::print("| run | CPU s | wall s | makespan | replayed |\n|---|---:|---:|---:|---:|\n");
  fmt::print("| stream, {}, in windows of {} workflows as `mpnsim run` does it (drawing included; {} windows kept, {} cuts moved back for the replay) | {:.3f} | {:.3f} | {:.6g} | {:.6g} |\n",
             o["policy"], mpnsim::kOnlineWindowWorkflows, windowed.windows, windowed.cuts_moved, windows_s.cpu, windows_s.wall,
             windowed.makespan, windowed.replay.makespan);
  fmt::print("| stream, {}, whole (plan, check, replay, each workflow alone) | {:.3f} | {:.3f} | {:.6g} | {:.6g} |\n",
             o["policy"], stream_s.cpu, stream_s.wall, last.makespan, last.replay.makespan);
  fmt::print("| - of which the policy's plan | {:.3f} | {:.3f} | | |\n", plan_s.cpu, plan_s.wall);
  fmt::print("| - of which the check | {:.3f} | {:.3f} | | |\n", check_s.cpu, check_s.wall);
  fmt::print("| - of which the stream's replay ({} feeds) | {:.3f} | {:.3f} | | |\n", replayed.feeds, replay_s.cpu,
             replay_s.wall);
  fmt::print("| - of which each workflow alone (makespan_alone) | {:.3f} | {:.3f} | | |\n", alone_s.cpu, alone_s.wall);
  fmt::print("| one graph, {} (plan, check, replay) | {:.3f} | {:.3f} | {:.6g} | {:.6g} |\n", o["dag"], dag_s.cpu,
             dag_s.wall, one.schedule.makespan(), one.replay.makespan);
  fmt::print("stream / one graph: {:.2f}x CPU, {:.2f}x wall (target: at most 10x); whole stream: {:.2f}x CPU, {:.2f}x wall\n",
             windows_s.cpu / dag_s.cpu, windows_s.wall / dag_s.wall, stream_s.cpu / dag_s.cpu, stream_s.wall / dag_s.wall);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "online_bench: %s\n", e.what());
  return 1;
}
