// Tests of an online run in windows of workflows (run_online_in_windows): the same rows, bit for
// bit, as the whole stream's run, for every built-in policy under both comm models, whether the
// machine empties often, now and then or never (the rest then planned whole).
#include <gtest/gtest.h>

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "test_support.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"

namespace mpnsim {
namespace {

OnlineSetup stream_setup(const YamlSource& src, const std::string& policy, const std::string& arrivals, int workflows,
                         const std::string& comm = "contention") {
  return read_online_setup(
      src,
      YAML::Load(fmt::format("machine: {{topology: {{kind: hypercube, dim: 2}}, processor: {{send_ports: 1, recv_ports: 1}}}}\n"
                             "workload: {{kind: random-dag, tasks: 20}}\nec_ratio: 0.5\narrivals: {}\n"
                             "workflows: {}\nscheduler: {{name: {}, comm: {}}}\n",
                             arrivals, workflows, policy, comm)),
      "");
}

void expect_same_rows(const OnlineRun& whole, const OnlineRun& windows, const std::string& what) {
  EXPECT_EQ(online_summary_row(windows), online_summary_row(whole)) << what;
  EXPECT_EQ(online_workflow_rows(windows), online_workflow_rows(whole)) << what;
  EXPECT_TRUE(whole.validity.valid()) << what;
}

TEST(OnlineWindows, SameRowsAsTheWholeStreamForEveryPolicy) {
  testing::TempDir dir("online-windows");
  const YamlSource src((dir.path() / "x.yaml").string());
  // Under comm: free the one-port replay queues messages the plan does not (plan_error > 0):
  // a cut the plan allows may be one the replay passes.
  for (const std::string comm : {"contention", "free"}) {
    int in_windows = 0, moved = 0;
    // Every 400: each workflow alone on the machine; every 40 or Poisson at 0.03: some arrivals
    // find it empty, some do not; every 0: never empty (after the first window, the rest whole).
    for (const std::string arrivals : {"{kind: fixed, interval: 400}", "{kind: fixed, interval: 40}",
                                       "{kind: poisson, rate: 0.03}", "{kind: fixed, interval: 0}"})
      for (const std::string policy : {"fifo", "online-heft", "fdws", "rank-hybd", "owm", "online-minmin", "online-maxmin"}) {
        const OnlineSetup setup = stream_setup(src, policy, arrivals, 30, comm);
        ASSERT_TRUE(in_windows_applies(setup));
        const OnlineRun whole = run_online(setup, make_stream(setup, 5, 1), false);
        for (const int window : {2, 3, 5, 128}) {
          const std::string what = fmt::format("{} {} {} window {}", comm, policy, arrivals, window);
          const OnlineRun r = run_online_in_windows(setup, 5, 1, window);
          expect_same_rows(whole, r, what);
          moved += r.cuts_moved;
          if (arrivals.find("interval: 0") != std::string::npos) {
            EXPECT_EQ(r.windows, 1) << what;
          } else if (arrivals.find("interval: 400") != std::string::npos && window < 128) {
            // Each arrival finds the machine empty: every window keeps all but its last
            // workflow (windows no longer grow for the time horizon: it is carried).
            EXPECT_EQ(r.windows, (30 - 2) / (window - 1) + 1) << what;
          } else if (window < 128) {
            in_windows += r.windows > 1;
          }
        }
      }
    EXPECT_GT(in_windows, 0) << comm;  // some of the 42 runs at 40 and 0.03 with windows of 2, 3 and 5 are cut
    // The replay is the plan under contention; under free some cut the plan allows is one the
    // replay passes, and moves back.
    if (comm == "contention")
      EXPECT_EQ(moved, 0);
    else
      EXPECT_GT(moved, 0);
  }
}

TEST(OnlineWindows, LongerWindowsWhereTheMachineStaysBusy) {
  // 64 workflows every 15 time units, windows of 2: a window where no arrival finds the
  // machine empty is planned again twice as long, and past that the rest whole. The same rows
  // whatever the windows come to.
  testing::TempDir dir("online-windows-longer");
  const YamlSource src((dir.path() / "x.yaml").string());
  for (const std::string comm : {"contention", "free"})
    for (const std::string policy : {"fdws", "online-heft", "owm"}) {
      const OnlineSetup setup = stream_setup(src, policy, "{kind: fixed, interval: 15}", 64, comm);
      const OnlineRun whole = run_online(setup, make_stream(setup, 2, 0), false);
      expect_same_rows(whole, run_online_in_windows(setup, 2, 0, 2), comm + " " + policy);
    }
}

TEST(OnlineWindows, OnlyBuiltInPolicies) {
  testing::TempDir dir("online-windows-applies");
  const YamlSource src((dir.path() / "x.yaml").string());
  EXPECT_TRUE(in_windows_applies(stream_setup(src, "fdws", "{kind: fixed, interval: 5}", 3)));
  EXPECT_TRUE(in_windows_applies(stream_setup(src, "fdws", "{kind: fixed, interval: 5}", 3, "free")));
  // A program's own policy (a Python one) may keep state between calls: the whole stream.
  OnlineSetup own = stream_setup(src, "fdws", "{kind: fixed, interval: 5}", 3);
  OnlinePolicyEntry entry = *own.policy;
  entry.name = "my-policy";
  own.policy = &entry;
  EXPECT_FALSE(in_windows_applies(own));
}

TEST(OnlineWindows, ARefusedStartIsRefusedAsTheWholeStreamRefusesIt) {
  // Workflows of 20 tasks every 10^6 time units: the last arrival, about 3 * 10^7, is far
  // past twice the stream's tasks and messages one after another (time_horizon.hpp), so the
  // whole stream is refused; in windows the first window already passes its horizon (the
  // stream's up to its last workflow) and the whole stream is run, refused the same way.
  testing::TempDir dir("online-windows-refused");
  const YamlSource src((dir.path() / "x.yaml").string());
  const OnlineSetup setup = stream_setup(src, "fdws", "{kind: fixed, interval: 1000000}", 30);
  std::string whole, windows;
  try {
    run_online(setup, make_stream(setup, 5, 1), false);
  } catch (const std::invalid_argument& e) {
    whole = e.what();
  }
  try {
    run_online_in_windows(setup, 5, 1, 4);
  } catch (const std::invalid_argument& e) {
    windows = e.what();
  }
  EXPECT_NE(whole.find("start"), std::string::npos) << whole;
  EXPECT_EQ(windows, whole);
}

TEST(OnlineWindows, EachKeptWindowIsShownBeforeItIsDropped) {
  // The kept windows' plans and replayed finishes, put end to end, are the whole run's.
  testing::TempDir dir("online-windows-kept");
  const YamlSource src((dir.path() / "x.yaml").string());
  for (const std::string comm : {"contention", "free"}) {
    const OnlineSetup setup = stream_setup(src, "fdws", "{kind: fixed, interval: 400}", 20, comm);
    const OnlineRun whole = run_online(setup, make_stream(setup, 3, 0), false);
    std::vector<double> start, finish, replayed;
    std::vector<int> processor;
    int next = 0;
    const OnlineRun r = run_online_in_windows(setup, 3, 0, 3,
                                              [&](int first, const WorkflowStream& kept, const OnlineSchedule& plan,
                                                  std::span<const double> replayed_finish) {
                                                EXPECT_EQ(first, next);
                                                next += kept.workflows();
                                                ASSERT_EQ(replayed_finish.size(), static_cast<std::size_t>(kept.graph.size()));
                                                for (int t = 0; t < kept.graph.size(); ++t) {
                                                  const TaskPlacement& p = plan.schedule.tasks[static_cast<std::size_t>(t)];
                                                  start.push_back(p.start);
                                                  finish.push_back(p.finish);
                                                  processor.push_back(p.processor);
                                                  replayed.push_back(replayed_finish[static_cast<std::size_t>(t)]);
                                                }
                                              });
    EXPECT_GT(r.windows, 1) << comm;
    EXPECT_EQ(next, 20) << comm;
    ASSERT_EQ(start.size(), whole.schedule.tasks.size()) << comm;
    for (std::size_t t = 0; t < start.size(); ++t) {
      EXPECT_EQ(start[t], whole.schedule.tasks[t].start) << comm << " task " << t;
      EXPECT_EQ(finish[t], whole.schedule.tasks[t].finish) << comm << " task " << t;
      EXPECT_EQ(processor[t], whole.schedule.tasks[t].processor) << comm << " task " << t;
      EXPECT_EQ(replayed[t], whole.replay.finish[t]) << comm << " task " << t;
    }
  }
}

TEST(OnlineWindows, StreamInPartsIsTheStream) {
  testing::TempDir dir("online-windows-parts");
  const YamlSource src((dir.path() / "x.yaml").string());
  const OnlineSetup setup = stream_setup(src, "fdws", "{kind: poisson, rate: 0.1}", 6);
  const WorkflowStream whole = make_stream(setup, 9, 2);
  const std::vector<double> arrivals = stream_arrivals(setup, 9, 2);
  EXPECT_EQ(arrivals, whole.arrival);
  const WorkflowStream part = make_stream_range(setup, 9, 2, 2, 5, arrivals);
  ASSERT_EQ(part.workflows(), 3);
  for (int w = 0; w < 3; ++w) {
    EXPECT_EQ(part.arrival[static_cast<std::size_t>(w)], whole.arrival[static_cast<std::size_t>(w) + 2]);
    ASSERT_EQ(part.size(w), whole.size(w + 2));
    for (int t = 0; t < part.size(w); ++t)
      EXPECT_EQ(part.graph.work(part.first_task[static_cast<std::size_t>(w)] + t),
                whole.graph.work(whole.first_task[static_cast<std::size_t>(w) + 2] + t));
  }
  // The leading workflows of a stream: the same tasks, edges and arrivals.
  const WorkflowStream lead = leading_workflows(whole, 4);
  EXPECT_EQ(lead.workflows(), 4);
  EXPECT_EQ(lead.graph.size(), whole.first_task[4]);
  for (int e = 0; e < lead.graph.edge_count(); ++e) {
    EXPECT_EQ(lead.graph.edge(e).from, whole.graph.edge(e).from);
    EXPECT_EQ(lead.graph.edge(e).data, whole.graph.edge(e).data);
  }
  EXPECT_EQ(lead.graph.task(5).name, whole.graph.task(5).name);
}

}  // namespace
}  // namespace mpnsim
