// Tests of an online run's outputs: link utilisation computed by hand, and the Gantt chart and
// trace colouring each workflow's tasks alike and naming the workflows.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"
#include "experiments/output/task_groups.hpp"

namespace mpnsim {
namespace {

double field(const MetricRow& row, const std::string& key) {
  for (const auto& [k, v] : row)
    if (k == key) return std::get<double>(v);
  ADD_FAILURE() << "no column " << key;
  return -1;
}

// One workflow a (1) -> b (1), a -> c (1), 2 units of data on each edge, arriving at 0, on two
// processors joined by one link (z = 1, S = 0), FDWS, contention-free:
//  - at 0, a goes to P0 (both finish at 1: the lower index);
//  - at 1, b (rank ties with c: the lower index) finishes first on P0 (at 2; on P1 its data
//    would arrive at 3); c then has P1 alone: its data leaves at 1, arrives at 3, c ends at 4.
// The link carried 2 time units of 4 in one of its two directions: 2 / (2 x 4) = 0.25; the
// processors computed 3 of 2 x 4: 0.375.
const char* kForkDot = "digraph fork { a [size=1]; b [size=1]; c [size=1]; a -> b [size=2]; a -> c [size=2]; }\n";

TEST(OnlineOutputs, LinkUtilisationByHand) {
  testing::TempDir dir("online-links");
  dir.file("fork.dot", kForkDot);
  dir.file("arrivals.csv", "time,file\n0,fork.dot\n");
  const YamlSource src((dir.path() / "x.yaml").string());
  for (const char* comm : {"free", "contention"}) {
    const OnlineSetup setup = read_online_setup(
        src,
        YAML::Load(std::string("machine: {topology: {kind: complete, n: 2}, link: {z: 1, S: 0}}\n"
                               "arrivals: {kind: trace, file: arrivals.csv}\nscheduler: {name: fdws, comm: ") +
                   comm + "}\n"),
        dir.path().string());
    const OnlineRun r = run_online(setup, make_stream(setup, 1, 0), true);
    const MetricRow row = online_summary_row(r);
    EXPECT_DOUBLE_EQ(field(row, "replayed_makespan"), 4) << comm;
    EXPECT_DOUBLE_EQ(field(row, "link_utilisation"), 0.25) << comm;
    EXPECT_DOUBLE_EQ(field(row, "utilisation"), 0.375) << comm;
    // The running total is the kept timeline's hops, summed.
    double hops = 0;
    for (const auto& t : r.replay.timeline.transfers()) hops += t.end - t.start;
    EXPECT_DOUBLE_EQ(r.replay.link_busy, hops) << comm;
  }
}

TEST(OnlineOutputs, LinkUtilisationOfARandomStreamIsTheTimelinesAndAtMostOne) {
  testing::TempDir dir("online-links-random");
  const YamlSource src((dir.path() / "x.yaml").string());
  const OnlineSetup setup = read_online_setup(
      src,
      YAML::Load("machine: {topology: {kind: hypercube, dim: 2}, processor: {send_ports: 1, recv_ports: 1}}\n"
                 "workload: {kind: random-dag, tasks: 12}\nec_ratio: 0.5\narrivals: {kind: fixed, interval: 3}\n"
                 "workflows: 4\nscheduler: {name: fifo, comm: contention}\n"),
      dir.path().string());
  const OnlineRun kept = run_online(setup, make_stream(setup, 3, 0), true);
  const OnlineRun lean = run_online(setup, make_stream(setup, 3, 0), false);
  double hops = 0;
  for (const auto& t : kept.replay.timeline.transfers()) hops += t.end - t.start;
  ASSERT_GT(hops, 0);
  EXPECT_DOUBLE_EQ(lean.replay.link_busy, hops);
  const double u = field(online_summary_row(lean), "link_utilisation");
  // 4 links of the 2-cube, 8 directions, over the span from the first arrival (0).
  EXPECT_DOUBLE_EQ(u, hops / (8 * lean.figures.span));
  EXPECT_LE(u, 1.0);
}

TEST(OnlineOutputs, GroupColoursDifferBetweenNeighbours) {
  std::set<std::string> seen;
  for (int g = 0; g < 12; ++g) {
    const std::string c = group_colour(g);
    EXPECT_TRUE(std::regex_match(c, std::regex("#[0-9a-f]{6}"))) << c;
    seen.insert(c);
  }
  EXPECT_EQ(seen.size(), 12u);
}

// Three workflows of the fork graph on the 2-cube, with a Gantt chart and a trace: every task
// of workflow k is drawn in group_colour(k) and named in the legend; the trace gives each
// task its workflow as category and colour.
TEST(OnlineOutputs, GanttAndTraceColourTasksByWorkflow) {
  testing::TempDir dir("online-gantt");
  dir.file("fork.dot", kForkDot);
  const std::string file = dir.file("e.yaml", R"(name: colours
kind: online
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: dot, file: fork.dot}
arrivals: {kind: fixed, interval: 1}
workflows: 3
scheduler: {name: fdws, comm: contention}
outputs: {gantt: true, trace: true}
)");
  const auto out = dir.path() / "out";
  const auto r = testing::run_mpnsim("run " + file + " -q -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string stem = "point0_rep0_fdws_hypercube-dim2";
  const std::string svg = testing::read_file(out / "gantt" / (stem + ".svg"));
  // Each computation bar: <rect ... fill="COLOUR"><title>P.. computes wK/T: ...</title>.
  const std::regex bar(R"re(fill="(#[0-9a-f]{6})"><title>P\d+ computes w(\d+)/)re");
  std::map<int, std::set<std::string>> colours;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator(); ++it)
    colours[std::stoi((*it)[2])].insert((*it)[1]);
  ASSERT_EQ(colours.size(), 3u) << svg;
  for (const auto& [w, c] : colours) {
    EXPECT_EQ(c, std::set<std::string>{group_colour(w)}) << "workflow " << w;
    // The legend: a swatch of that colour beside the workflow's name.
    EXPECT_NE(svg.find("fill=\"" + group_colour(w) + "\"/><text"), std::string::npos) << w;
    EXPECT_NE(svg.find(">w" + std::to_string(w) + ": fork<"), std::string::npos) << w;
  }
  EXPECT_NE(svg.find("compute: by workflow"), std::string::npos);
  // Messages in greys (a workflow's hue could be the send bars' green or the receive bars' blue),
  // and no bar of a message in either hue.
  const std::regex message(R"re(fill="(#[0-9a-f]{6})"><title>\d+ -&gt; \d+: )re");
  int messages = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), message); it != std::sregex_iterator(); ++it, ++messages)
    EXPECT_TRUE((*it)[1] == "#7f7f7f" || (*it)[1] == "#c2c2c2") << (*it)[0];
  EXPECT_GT(messages, 0) << "the fork's messages cross links";
  EXPECT_EQ(svg.find("#59a14f"), std::string::npos);
  EXPECT_EQ(svg.find("#4e79a7"), std::string::npos);

  const auto trace = nlohmann::json::parse(testing::read_file(out / "traces" / (stem + ".json")));
  int computes = 0;
  std::map<std::string, std::set<std::string>> trace_colours;
  for (const auto& e : trace["traceEvents"]) {
    if (e.value("ph", "") != "X" || e.value("pid", 0) != 1) continue;
    ++computes;
    const std::string name = e["name"];
    const std::string workflow = name.substr(0, name.find('/'));
    EXPECT_EQ(e["cat"].get<std::string>(), workflow + ": fork") << name;
    EXPECT_EQ(e["args"]["group"].get<std::string>(), workflow + ": fork") << name;
    trace_colours[workflow].insert(e["cname"].get<std::string>());
  }
  EXPECT_EQ(computes, 9);
  ASSERT_EQ(trace_colours.size(), 3u);
  std::set<std::string> distinct;
  for (const auto& [w, c] : trace_colours) {
    EXPECT_EQ(c.size(), 1u) << w;
    distinct.insert(*c.begin());
  }
  EXPECT_EQ(distinct.size(), 3u);
}

}  // namespace
}  // namespace mpnsim
