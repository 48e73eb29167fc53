// Tests of the divisible-load interfaces: `mpnsim dlt`, the `divisible` experiment kind, Gantt and trace.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

TEST(DltCommand, JsonHasTheDocumentedKeysAndSeed000Numbers) {
  const auto r = run_mpnsim("dlt --strategy hypercube-allport --topology hypercube --dim 2 --format json -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  for (const char* key : {"strategy", "processors", "participating", "alpha", "alpha_layer", "T_analytic",
                          "T_simulated", "max_rel_diff", "speedup", "utilization", "best_dim"})
    EXPECT_TRUE(j.contains(key)) << key;
  // Seed 000's worked example: alpha = 7/15, 3/15 (twice), 2/15; speedup 15/7; utilisation 15/28.
  EXPECT_NEAR(j["alpha"][0].get<double>(), 7.0 / 15, 1e-15);
  EXPECT_NEAR(j["alpha"][1].get<double>(), 3.0 / 15, 1e-15);
  EXPECT_NEAR(j["alpha"][3].get<double>(), 2.0 / 15, 1e-15);
  EXPECT_NEAR(j["speedup"].get<double>(), 15.0 / 7, 1e-14);
  EXPECT_NEAR(j["utilization"].get<double>(), 15.0 / 28, 1e-14);
  EXPECT_LE(j["max_rel_diff"].get<double>(), 1e-9);
}

TEST(DltCommand, MachineFlagsAndStrategyParameters) {
  // seed 001 with iPSC/2 parameters: NLF is feasible to d = 8 only.
  const auto r = run_mpnsim("dlt --strategy hypercube-nlf --topology hypercube --dim 10 --w 1 --z 0.36 "
                            "--S 700 --load 1e6 --format json -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["best_dim"].get<int>(), 8);
  EXPECT_EQ(j["participating"].get<int>(), 256);
  EXPECT_NEAR(j["speedup"].get<double>(), 3.715, 5e-4);
}

TEST(DltCommand, GanttAndTraceFiles) {
  TempDir dir("dltfiles");
  const auto svg = dir.path() / "g.svg", trace = dir.path() / "t.json";
  const auto r = run_mpnsim("dlt --strategy star-sequential --topology star --n 5 -q --gantt " + svg.string() +
                            " --trace " + trace.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string s = read_file(svg);
  EXPECT_NE(s.find("<svg"), std::string::npos);
  for (const char* lane : {"receive", "compute", "send", ">P4<"}) EXPECT_NE(s.find(lane), std::string::npos) << lane;
  const auto t = nlohmann::json::parse(read_file(trace));
  ASSERT_TRUE(t.contains("traceEvents"));
  int computes = 0, transfers = 0;
  for (const auto& e : t["traceEvents"]) {
    if (e.value("cat", "") == "compute") ++computes;
    if (e.value("cat", "") == "transfer") ++transfers;
  }
  EXPECT_EQ(computes, 5);   // one share per processor
  EXPECT_EQ(transfers, 4);  // one message per child
}

TEST(DltCommand, BadInputIsRefusedWithTwo) {
  auto r = run_mpnsim("dlt --strategy hypercube-nfl --topology hypercube");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'hypercube-nlf'"), std::string::npos) << r.output;
  r = run_mpnsim("dlt --strategy hypercube-nlf --topology mesh");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("generic"), std::string::npos) << r.output;
  r = run_mpnsim("dlt --strategy chain --topology chain --n 4 --w -1");
  EXPECT_EQ(r.exit_code, 2);
  r = run_mpnsim("dlt --strategy star-sequential --topology star --bogus 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bogus"), std::string::npos) << r.output;
}

TEST(DivisibleKind, SweepsCompareAnalyticWithSimulated) {
  TempDir dir("divisible");
  const std::string file = dir.file("e.yaml", R"(name: d
kind: divisible
machine: {topology: {kind: chain, n: 2}, processor: {w: 1}, link: {z: 1}}
strategy: {name: chain}
sweep:
  machine.topology.n: "2:6"
  machine.processor.coprocessor: [true, false]
outputs: {gantt: true, trace: true}
)");
  const auto out = dir.path() / "out";
  const auto r = run_mpnsim("run " + file + " -q -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = read_file(out / "results.csv");
  std::istringstream lines(csv);
  std::string header, line;
  std::getline(lines, header);
  EXPECT_NE(header.find("T_analytic,T_simulated,max_rel_diff"), std::string::npos) << header;
  int rows = 0;
  while (std::getline(lines, line)) ++rows;
  EXPECT_EQ(rows, 10);
  // Two processors by hand (tests/dlt_classic_test.cpp): T = 2/3 with co-processors, 1 without.
  EXPECT_NE(csv.find(",2,true,chain,chain(n=2),2,2,0.6666666666666666,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",2,false,chain,chain(n=2),2,2,1,1,0,"), std::string::npos) << csv;
  EXPECT_TRUE(std::filesystem::exists(out / "gantt" / "point0_rep0_chain_chain-n2.svg"));
  EXPECT_TRUE(std::filesystem::exists(out / "traces" / "point9_rep0_chain_chain-n6.json"));
}

TEST(DivisibleKind, LayerRows) {
  TempDir dir("layers");
  const std::string file = dir.file("e.yaml", R"(name: l
kind: divisible
machine: {topology: {kind: hypercube, dim: 2}, processor: {send_ports: all, recv_ports: all}}
strategy: {name: hypercube-allport}
rows: layers
)");
  const auto out = dir.path() / "out";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  const std::string csv = read_file(out / "results.csv");
  // One row per layer: 7/15, 3/15, 2/15 per processor.
  EXPECT_NE(csv.find(",0,0.4666666666666667"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",1,0.2"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",2,0.13333333333333333"), std::string::npos) << csv;
}

TEST(DivisibleKind, LinkSelectorAtSetsEveryLinkOfAProcessor) {
  // On a star every link touches the centre: {at: 0, z: 2} must equal link: {z: 2}.
  TempDir dir("at");
  const std::string head = "name: a\nkind: divisible\nstrategy: {name: star-sequential}\n";
  const auto a = dir.path() / "a", b = dir.path() / "b";
  ASSERT_EQ(run_mpnsim("run " + dir.file("a.yaml", head + "machine: {topology: {kind: star, n: 5}, links: [{at: 0, z: 2}]}\n") +
                       " -q -o " + a.string()).exit_code, 0);
  ASSERT_EQ(run_mpnsim("run " + dir.file("b.yaml", head + "machine: {topology: {kind: star, n: 5}, link: {z: 2}}\n") +
                       " -q -o " + b.string()).exit_code, 0);
  EXPECT_EQ(read_file(a / "results.csv"), read_file(b / "results.csv"));
  const auto r = run_mpnsim("validate " + dir.file("c.yaml", head + "machine: {topology: {kind: star, n: 5}, links: [{at: 9, z: 2}]}\n"));
  EXPECT_EQ(r.exit_code, 2);
}

TEST(DivisibleKind, StrategyErrorsAreLocated) {
  TempDir dir("divbad");
  const std::string head = "name: b\nkind: divisible\nmachine: {topology: {kind: star, n: 4}}\n";
  auto r = run_mpnsim("validate " + dir.file("b.yaml", head + "strategy: {name: star-sequencial}\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("b.yaml:4:18"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("did you mean 'star-sequential'"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + dir.file("b.yaml", head + "strategy: {name: hypercube-nlf}\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("b.yaml:3:21"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + dir.file("b.yaml", head + "strategy: {name: star-sequential, bet: 1}\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'beta'"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace mpnsim
