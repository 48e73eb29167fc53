// Tests of online multi-workflow scheduling: hand-computed policy choices, release times in the
// replay, plan == replay under contention, no look-ahead, metrics, bad input, determinism.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dag_test_support.hpp"
#include "test_support.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"
#include "schedulers/online/online_policies.hpp"
#include "schedulers/online/stream_metrics.hpp"
#include "schedulers/online/stream_replay.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/online/arrival_process.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// W0 (arrives at 0): a (2) -> b (2), a -> c (1). W1 (arrives at 1): d (1) -> e (1). No data.
WorkflowStream hand_stream() {
  TaskGraph w0("w0");
  w0.add_task("a", 2);
  w0.add_task("b", 2);
  w0.add_task("c", 1);
  w0.add_edge(0, 1, 0);
  w0.add_edge(0, 2, 0);
  w0.finalize();
  TaskGraph w1("w1");
  w1.add_task("d", 1);
  w1.add_task("e", 1);
  w1.add_edge(0, 1, 0);
  w1.finalize();
  return merge_workflows({w0, w1}, {0.0, 1.0}, {"w0", "w1"});
}

// One processor, w = 1: the policy's order is the whole schedule.
MachineSpec one_processor() {
  return uniform_machine(1, {}, false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
}

OnlineSchedule plan_with(const std::string& policy, const WorkflowStream& s, const MachineSpec& m,
                         CommModel comm = CommModel::free) {
  const CommCost cost(m);
  CommOptions options;
  options.model = comm;
  const DagProblem problem{s.graph, m, cost, options};
  const OnlinePolicyEntry* e = find_online_policy(policy);
  EXPECT_NE(e, nullptr) << policy;
  return e->schedule(problem, s, resolve_params(e->params, {}));
}

// Task names in start order.
std::string order_of(const WorkflowStream& s, const Schedule& sched) {
  std::vector<std::pair<double, int>> starts;
  for (int t = 0; t < s.graph.size(); ++t) starts.emplace_back(sched.tasks[static_cast<std::size_t>(t)].start, t);
  std::sort(starts.begin(), starts.end());
  std::string out;
  for (const auto& [start, t] : starts) {
    const std::string_view name = s.graph.task(t).name;
    out += fmt::format("{}@{:g} ", name.substr(name.find('/') + 1), start);
  }
  return out;
}

// Worked by hand in the comments of each policy's file: at t = 2 a has finished, W0 has b
// (rank_u 2) and c (1) ready, W1 has d (2); CPL(W0) = 4, CPL(W1) = 2.
TEST(OnlinePolicies, HandComputedOrdersOnOneProcessor) {
  const WorkflowStream s = hand_stream();
  const MachineSpec m = one_processor();
  const std::map<std::string, std::string> expected{
      // earliest-arrived workflow first, by rank
      {"fifo", "a@0 b@2 c@4 d@5 e@6 "},
      // HEFT on W0 at 0, then W1 after it (no idle time before 5 on the one processor)
      {"online-heft", "a@0 b@2 c@4 d@5 e@6 "},
      // remaining x CPL: W0 2 x 4 = 8 (then 8), W1 2 x 2 = 4, then 1 x 2 = 2: W1 first
      {"fdws", "a@0 d@2 e@3 b@4 c@6 "},
      // two workflows ready: lowest rank (c 1; then b and d tie at 2: b, lower index); then W1 alone
      {"rank-hybd", "a@0 c@2 b@3 d@5 e@6 "},
      // completions at 2: b 4, c 3, d 3: c (lower index); at 3: b 5, d 4: d; at 4: b 6, e 5: e
      {"online-minmin", "a@0 c@2 d@3 e@4 b@5 "},
      // at 2: b 4 is largest; at 4: c 5, d 5: c; then d, e
      {"online-maxmin", "a@0 b@2 c@4 d@5 e@6 "},
      // one task per workflow: b (2) and d (2) tie, b first; at 4: d (2) over c (1); at 5: c, e tie at 1
      {"owm", "a@0 b@2 d@4 c@5 e@6 "},
  };
  for (const auto& [policy, order] : expected) {
    const Schedule sched = plan_with(policy, s, m).schedule;
    EXPECT_EQ(order_of(s, sched), order) << policy;
  }
}

TEST(OnlinePolicies, OwmWaitsForItsProcessorWhereFdwsTakesTheFreeOne) {
  // P0 (w 1) and P1 (w 3), no data. x (4) arrives at 0 and goes to P0 [0, 4] (finish 4 against
  // 12). y (2) arrives at 1: P0 would finish it at 4 + 2 = 6, the free P1 at 1 + 6 = 7. OWM waits
  // for P0 (y on P0 at 4); FDWS takes the free P1 at once (y on P1 from 1 to 7).
  TaskGraph x("x"), y("y");
  x.add_task("x", 4);
  x.finalize();
  y.add_task("y", 2);
  y.finalize();
  const WorkflowStream s = merge_workflows({x, y}, {0.0, 1.0}, {"x", "y"});
  MachineSpec m = testing::dag_machine(complete_graph(2));
  m.processors[1].w = 3;
  const OnlineSchedule owm = plan_with("owm", s, m), fdws = plan_with("fdws", s, m);
  EXPECT_EQ(owm.schedule.tasks[1].processor, 0);
  EXPECT_DOUBLE_EQ(owm.schedule.tasks[1].start, 4);
  EXPECT_DOUBLE_EQ(owm.dispatched[1], 4);
  EXPECT_EQ(fdws.schedule.tasks[1].processor, 1);
  EXPECT_DOUBLE_EQ(fdws.schedule.tasks[1].finish, 7);
  EXPECT_DOUBLE_EQ(fdws.dispatched[1], 1);
}

TEST(OnlinePolicies, MessagesLeaveNoSoonerThanTheirTaskIsDispatched) {
  // Two processors, one hop costs the data (z 1, S 0). a (1) and b (5) feed c (1) with 3 units
  // each. fifo puts b on P0 and a on P1 at 0; c is ready at 5, when b ends. Its data from the
  // other processor leaves at 5, not when its producer ended: on P0 a's data arrives at 8, on
  // P1 b's data arrives at 8; both finish at 9, P0 (lower index) wins, c runs from 8 to 9
  // (from 5, had a's data left at 1). The replay agrees, with either model.
  TaskGraph g("w");
  g.add_task("a", 1);
  g.add_task("b", 5);
  g.add_task("c", 1);
  g.add_edge(0, 2, 3);
  g.add_edge(1, 2, 3);
  g.finalize();
  const WorkflowStream s = merge_workflows({g}, {0.0}, {"w"});
  const MachineSpec m = testing::dag_machine(complete_graph(2));
  for (CommModel comm : {CommModel::free, CommModel::contention}) {
    const OnlineSchedule planned = plan_with("fifo", s, m, comm);
    const auto& t = planned.schedule.tasks;
    EXPECT_EQ(t[1].processor, 0);
    EXPECT_EQ(t[0].processor, 1);
    EXPECT_EQ(t[2].processor, 0);
    EXPECT_DOUBLE_EQ(t[2].start, 8);
    const DagReplay r = replay_stream(s, planned.schedule, planned.dispatched, m, false);
    EXPECT_DOUBLE_EQ(r.finish[2], 9);
  }
}

TEST(OnlinePolicies, FigureOfTheHandStream) {
  // FDWS: W0 finishes at 7 (alone 5: slowdown 1.4; its least critical path a + b = 4: TTR 7/4),
  // W1 at 4 after arriving at 1 (makespan 3, alone 2: slowdown 1.5).
  const WorkflowStream s = hand_stream();
  const MachineSpec m = one_processor();
  const OnlineSchedule planned = plan_with("fdws", s, m);
  const Schedule& sched = planned.schedule;
  const DagReplay r = replay_stream(s, sched, planned.dispatched, m, false);
  std::vector<double> start;
  for (int t = 0; t < s.graph.size(); ++t) start.push_back(sched.tasks[static_cast<std::size_t>(t)].start);
  const CommCost cost(m);
  const DagProblem problem{s.graph, m, cost};
  const std::vector<double> alone{5, 2};
  const auto f = workflow_figures(problem, s, start, r.finish, alone);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_DOUBLE_EQ(f[0].makespan, 7);
  EXPECT_DOUBLE_EQ(f[0].slowdown, 1.4);
  EXPECT_DOUBLE_EQ(f[0].ttr, 7.0 / 4);
  EXPECT_DOUBLE_EQ(f[1].start, 2);
  EXPECT_DOUBLE_EQ(f[1].makespan, 3);
  EXPECT_DOUBLE_EQ(f[1].slowdown, 1.5);
  const StreamFigures sf = stream_figures(f, 7, 1);
  EXPECT_DOUBLE_EQ(sf.mean_slowdown, 1.45);
  EXPECT_NEAR(sf.unfairness, 0.1, 1e-12);  // |1.4 - 1.45| + |1.5 - 1.45|
  EXPECT_DOUBLE_EQ(sf.p95_slowdown, 1.5);  // ceil(0.95 x 2) = 2nd smallest
  EXPECT_DOUBLE_EQ(sf.utilisation, 1.0);   // 7 busy over 7
  EXPECT_DOUBLE_EQ(sf.throughput, 2.0 / 7);
}

TEST(OnlineReplay, AWorkflowStartsNoSoonerThanItArrivesOnAnIdleMachine) {
  // Two processors, both idle: W1's d arrives at 1 and must not run at 0 in the replay either.
  const WorkflowStream s = hand_stream();
  const MachineSpec m = testing::dag_machine(complete_graph(2));
  for (const auto& e : online_policies()) {
    const OnlineSchedule planned = plan_with(e.name, s, m);
    const int d = s.first_task[1];
    EXPECT_GE(planned.schedule.tasks[static_cast<std::size_t>(d)].start, 1.0) << e.name;
    const DagReplay r = replay_stream(s, planned.schedule, planned.dispatched, m, false);
    EXPECT_GE(r.finish[static_cast<std::size_t>(d)] - 1.0, 1.0 - 1e-12) << e.name;
  }
}

// A stream of random graphs with data, arriving every `interval`.
WorkflowStream random_stream(int workflows, int tasks, double interval, std::uint64_t seed, int last_tasks = -1) {
  std::vector<TaskGraph> graphs;
  std::vector<double> arrival;
  std::vector<std::string> names;
  for (int k = 0; k < workflows; ++k) {
    RandomDagParams p;
    p.tasks = k + 1 == workflows && last_tasks > 0 ? last_tasks : tasks;
    p.max_in = 2;
    p.max_out = 3;
    p.seed = seed + static_cast<std::uint64_t>(k) * 7919 + (k + 1 == workflows && last_tasks > 0 ? 1000003 : 0);
    graphs.push_back(generate_random_dag(p));
    arrival.push_back(interval * k);
    names.push_back(fmt::format("g{}", k));
  }
  return merge_workflows(graphs, arrival, names);
}

TEST(OnlineReplay, PlanEqualsReplayUnderContentionForEveryPolicy) {
  const Topology cube = hypercube(3);
  MachineSpec m = testing::dag_machine(cube, 1, 0.5);
  for (auto& p : m.processors) p.send_ports = p.recv_ports = 1;
  const WorkflowStream s = random_stream(4, 12, 6, 11);
  for (const auto& e : online_policies()) {
    const OnlineSchedule planned = plan_with(e.name, s, m, CommModel::contention);
    const Schedule& sched = planned.schedule;
    const CommCost cost(m);
    CommOptions o;
    o.model = CommModel::contention;
    EXPECT_TRUE(check_schedule(DagProblem{s.graph, m, cost, o}, sched).valid()) << e.name;
    const DagReplay r = replay_stream(s, sched, planned.dispatched, m, false);
    for (int t = 0; t < s.graph.size(); ++t)
      EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], sched.tasks[static_cast<std::size_t>(t)].finish))
          << e.name << " task " << s.graph.task(t).name << ": replay " << r.finish[static_cast<std::size_t>(t)]
          << ", plan " << sched.tasks[static_cast<std::size_t>(t)].finish;
  }
}

TEST(OnlinePolicies, NeverLookAtAWorkflowBeforeItArrives) {
  // Two streams equal but for their last workflow (another graph, arriving at T): every task
  // that starts before T was decided before T, so it must be placed alike in both.
  const Topology mesh23 = mesh(2, 3, false);
  const MachineSpec m = testing::dag_machine(mesh23, 1, 0.2);
  const WorkflowStream a = random_stream(4, 10, 5, 3);
  const WorkflowStream b = random_stream(4, 10, 5, 3, 25);
  const double T = a.arrival.back();
  for (CommModel comm : {CommModel::free, CommModel::contention})
    for (const auto& e : online_policies()) {
      const Schedule sa = plan_with(e.name, a, m, comm).schedule, sb = plan_with(e.name, b, m, comm).schedule;
      int compared = 0;
      for (int t = 0; t < a.first_task.back() - a.size(3); ++t) {
        const TaskPlacement &pa = sa.tasks[static_cast<std::size_t>(t)], &pb = sb.tasks[static_cast<std::size_t>(t)];
        if (pa.start >= T && pb.start >= T) continue;
        ++compared;
        EXPECT_EQ(pa.processor, pb.processor) << e.name << " task " << a.graph.task(t).name;
        EXPECT_EQ(pa.start, pb.start) << e.name << " task " << a.graph.task(t).name;
      }
      EXPECT_GT(compared, 0) << e.name;
      for (int w = 0; w < a.workflows(); ++w)
        for (int t = a.first_task[static_cast<std::size_t>(w)]; t < a.first_task[static_cast<std::size_t>(w) + 1]; ++t)
          EXPECT_GE(sa.tasks[static_cast<std::size_t>(t)].start, a.arrival[static_cast<std::size_t>(w)]) << e.name;
    }
}

TEST(OnlineArrivals, FixedAndPoisson) {
  EXPECT_EQ(fixed_arrivals(3, 2.5), (std::vector<double>{0, 2.5, 5}));
  const std::vector<double> p = poisson_arrivals(2000, 4, 17);
  EXPECT_EQ(p, poisson_arrivals(2000, 4, 17));
  EXPECT_EQ(p.front(), 0);
  EXPECT_TRUE(std::is_sorted(p.begin(), p.end()));
  // Mean gap 1/rate = 0.25; over 1999 gaps the standard error is 0.25 / sqrt(1999) = 0.0056.
  EXPECT_NEAR(p.back() / 1999, 0.25, 0.025);
}

// A folder of the test's, removed at exit.
std::filesystem::path scratch_dir(const std::string& name) {
  static std::map<std::string, std::unique_ptr<testing::TempDir>> dirs;
  auto& d = dirs[name];
  if (!d) d = std::make_unique<testing::TempDir>("online-" + name);
  return d->path();
}

void write(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

// The line of the trace's refusal, or 0 when it reads.
int trace_refusal_line(const std::string& text, std::string* message = nullptr) {
  const auto dir = scratch_dir("trace");
  write(dir / "g.dot", "digraph g {\n  a [size=1];\n  b [size=2];\n  a -> b [size=1];\n}\n");
  write(dir / "trace.csv", text);
  try {
    read_arrival_trace((dir / "trace.csv").string());
  } catch (const WorkloadInputError& e) {
    if (message) *message = e.problem();
    return e.line();
  }
  return 0;
}

TEST(OnlineArrivals, TraceRefusedAtItsLine) {
  std::string why;
  EXPECT_EQ(trace_refusal_line("time,file\n0,g.dot\n2,g.dot\n"), 0);
  EXPECT_EQ(trace_refusal_line("time,file\n0,g.dot\n3,g.dot\n2,g.dot\n", &why), 4);
  EXPECT_NE(why.find("not sorted"), std::string::npos) << why;
  EXPECT_EQ(trace_refusal_line("time,file\n-1,g.dot\n", &why), 2);
  EXPECT_NE(why.find("negative"), std::string::npos) << why;
  EXPECT_EQ(trace_refusal_line("time,file\n0,g.dot\n# note\n1,missing.dot\n", &why), 4);
  EXPECT_NE(why.find("does not exist"), std::string::npos) << why;
  EXPECT_EQ(trace_refusal_line("time,file\nsoon,g.dot\n", &why), 2);
}

// The key of the refusal of an online experiment's configuration, or "" when it reads.
std::string config_refusal_key(const std::string& yaml) {
  const auto dir = scratch_dir("config");
  write(dir / "g.dot", "digraph g {\n  a [size=1];\n  b [size=2];\n  a -> b [size=1];\n}\n");
  write(dir / "trace.csv", "time,file\n0,g.dot\n1.5,g.dot\n");
  const YamlSource src((dir / "x.yaml").string());
  try {
    read_online_setup(src, YAML::Load(yaml), dir.string());
  } catch (const InputError& e) {
    return e.key();
  }
  return "";
}

const std::string kMachine = "machine: {topology: {kind: hypercube, dim: 2}}\n";

TEST(OnlineConfig, BadInputRefusedAtItsKey) {
  const std::string ok = kMachine +
                         "workload: {kind: random-dag, tasks: 8}\narrivals: {kind: poisson, rate: 0.5}\n"
                         "workflows: 3\nscheduler: {name: fdws, comm: contention}\n";
  EXPECT_EQ(config_refusal_key(ok), "");
  EXPECT_EQ(config_refusal_key(kMachine + "workload: {kind: random-dag, tasks: 8}\narrivals: {kind: poisson, rate: 0}\n"
                                           "workflows: 3\nscheduler: fdws\n"),
            "arrivals.rate");
  EXPECT_EQ(config_refusal_key(kMachine + "workload: {kind: random-dag, tasks: 8}\narrivals: {kind: fixed, interval: 1}\n"
                                           "workflows: -2\nscheduler: fdws\n"),
            "workflows");
  EXPECT_EQ(config_refusal_key(kMachine + "workload: {kind: random-dag, tasks: 8}\narrivals: {kind: fixed, interval: 1}\n"
                                           "workflows: 2\nscheduler: fdsw\n"),
            "scheduler");
  EXPECT_EQ(config_refusal_key(kMachine + "workload: {kind: random-dag, tasks: 8}\narrivals: {kind: burst}\n"
                                           "workflows: 2\nscheduler: fifo\n"),
            "arrivals.kind");
  EXPECT_EQ(config_refusal_key(kMachine + "arrivals: {kind: trace, file: trace.csv}\nscheduler: fifo\n"), "");
  EXPECT_EQ(config_refusal_key(kMachine + "arrivals: {kind: trace, file: trace.csv}\nworkflows: 3\nscheduler: fifo\n"),
            "workflows");
  // A stream is one graph: 10^8 tasks in all are refused before anything is generated, and so
  // is a stream whose contention-aware scheduling is estimated past the work limit.
  EXPECT_EQ(config_refusal_key(kMachine + "workload: {kind: random-dag, tasks: 100000}\narrivals: {kind: fixed, "
                                           "interval: 1}\nworkflows: 1000\nscheduler: fifo\n"),
            "workflows");
  EXPECT_EQ(config_refusal_key("machine: {topology: {kind: hypercube, dim: 12}, processor: {send_ports: 1, recv_ports: "
                               "1}}\nworkload: {kind: random-dag, tasks: 1000}\narrivals: {kind: fixed, interval: 1}\n"
                               "workflows: 1000\nscheduler: {name: fdws, comm: contention, route: earliest}\n"),
            "workflows");
}

TEST(OnlineRun, SameSeedSameFiguresAndEveryPolicySeesTheSameStream) {
  const auto dir = scratch_dir("run");
  const YamlSource src((dir / "x.yaml").string());
  auto setup_for = [&](const std::string& policy) {
    return read_online_setup(src,
                             YAML::Load(kMachine + "workload: {kind: random-dag, tasks: 10}\narrivals: {kind: poisson, "
                                                   "rate: 0.2}\nworkflows: 5\nscheduler: {name: " +
                                        policy + ", comm: contention}\n"),
                             dir.string());
  };
  const OnlineSetup fdws = setup_for("fdws"), fifo = setup_for("fifo");
  const WorkflowStream s1 = make_stream(fdws, 7, 2), s2 = make_stream(fifo, 7, 2), s3 = make_stream(fdws, 7, 3);
  EXPECT_EQ(s1.arrival, s2.arrival);
  EXPECT_EQ(s1.graph.works().size(), s2.graph.works().size());
  EXPECT_NE(s1.arrival, s3.arrival);
  const OnlineRun a = run_online(fdws, make_stream(fdws, 7, 2), false), b = run_online(fdws, make_stream(fdws, 7, 2), false);
  const MetricRow ra = online_summary_row(a), rb = online_summary_row(b);
  ASSERT_EQ(ra.size(), rb.size());
  for (std::size_t i = 0; i < ra.size(); ++i) EXPECT_EQ(to_text(ra[i].second), to_text(rb[i].second)) << ra[i].first;
  auto column = [&](const std::string& key) {
    for (const auto& [k, v] : ra)
      if (k == key) return v;
    ADD_FAILURE() << "no column " << key;
    return ParamValue{};
  };
  EXPECT_EQ(std::get<std::string>(column("valid")), "true");
  EXPECT_NEAR(std::get<double>(column("plan_error")), 0.0, 1e-9);  // under contention
  for (const WorkflowFigures& w : a.workflows) EXPECT_GE(w.slowdown, 0.0);
}

}  // namespace
}  // namespace mpnsim
