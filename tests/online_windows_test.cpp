// Tests of an online run in windows of workflows (run_online_in_windows): the same rows, bit for
// bit, as the whole stream's run, for every built-in policy, whether the machine empties often,
// now and then or never (the rest then planned whole).
#include <gtest/gtest.h>

#include <string>

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
  int in_windows = 0;
  // Every 100: each workflow alone on the machine; every 40 or Poisson at 0.03: some arrivals
  // find it empty, some do not; every 0: never empty (after the first window, the rest whole).
  for (const std::string arrivals : {"{kind: fixed, interval: 100}", "{kind: fixed, interval: 40}",
                                     "{kind: poisson, rate: 0.03}", "{kind: fixed, interval: 0}"})
    for (const std::string policy : {"fifo", "online-heft", "fdws", "rank-hybd", "owm", "online-minmin", "online-maxmin"}) {
      const OnlineSetup setup = stream_setup(src, policy, arrivals, 30);
      ASSERT_TRUE(in_windows_applies(setup));
      const OnlineRun whole = run_online(setup, make_stream(setup, 5, 1), false);
      for (const int window : {2, 5, 128}) {
        const std::string what = fmt::format("{} {} window {}", policy, arrivals, window);
        const OnlineRun r = run_online_in_windows(setup, 5, 1, window);
        expect_same_rows(whole, r, what);
        // (Windows are made long enough that their own horizon reaches the last arrival:
        // here about 10 workflows.)
        if (arrivals.find("interval: 0") != std::string::npos) {
          EXPECT_EQ(r.windows, 1) << what;
        } else if (window < 128) {
          in_windows += r.windows > 1;
        }
      }
    }
  EXPECT_GT(in_windows, 0);  // some of the 42 runs with windows of 2 and 5 are cut
}

TEST(OnlineWindows, LongerWindowsWhereTheMachineStaysBusy) {
  // 64 workflows every 15 time units, windows of 2 (made about 10 long for the horizon): a window where no arrival finds the machine
  // empty is planned again twice as long, and past that the rest whole. The
  // same rows whatever the windows come to.
  testing::TempDir dir("online-windows-longer");
  const YamlSource src((dir.path() / "x.yaml").string());
  for (const std::string policy : {"fdws", "online-heft", "owm"}) {
    const OnlineSetup setup = stream_setup(src, policy, "{kind: fixed, interval: 15}", 64);
    const OnlineRun whole = run_online(setup, make_stream(setup, 2, 0), false);
    expect_same_rows(whole, run_online_in_windows(setup, 2, 0, 2), policy);
  }
}

TEST(OnlineWindows, OnlyBuiltInPoliciesUnderContention) {
  testing::TempDir dir("online-windows-applies");
  const YamlSource src((dir.path() / "x.yaml").string());
  EXPECT_TRUE(in_windows_applies(stream_setup(src, "fdws", "{kind: fixed, interval: 5}", 3)));
  // comm: free plans messages the one-port engine may queue past the plan: the whole stream.
  EXPECT_FALSE(in_windows_applies(stream_setup(src, "fdws", "{kind: fixed, interval: 5}", 3, "free")));
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
