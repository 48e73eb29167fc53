// Divisible-load reports: alpha is always a fraction of the load, amounts are called amount, and reductions are said.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

double sum(const nlohmann::json& a) {
  double s = 0;
  for (const auto& v : a) s += v.get<double>();
  return s;
}

TEST(DivisibleReporting, AlphaIsAFractionAndAmountsAreCalledAmount) {
  const std::string flags = "dlt --strategy hypercube-nlf --topology hypercube --dim 3 --z 0.5 --S 0 --format json -q";
  const auto unit = run_mpnsim(flags);
  const auto big = run_mpnsim(flags + " --load 1000");
  ASSERT_EQ(big.exit_code, 0) << big.output;
  const auto a = nlohmann::json::parse(unit.output), b = nlohmann::json::parse(big.output);
  EXPECT_NEAR(sum(b["alpha"]), 1.0, 1e-12);
  EXPECT_NEAR(sum(b["amount"]), 1000.0, 1e-9);
  EXPECT_EQ(b["load"].get<double>(), 1000.0);
  for (std::size_t i = 0; i < b["alpha_layer"].size(); ++i)
    EXPECT_NEAR(b["amount_layer"][i].get<double>(), 1000 * b["alpha_layer"][i].get<double>(), 1e-9);
  // The strategy's own figure named alpha is a fraction too: without startup it is the same for any load.
  EXPECT_NEAR(b["figures"]["min_alpha_requested_dim"].get<double>(),
              a["figures"]["min_alpha_requested_dim"].get<double>(), 1e-12);
  const auto table = run_mpnsim("dlt --strategy star-sequential --topology star --n 3 --load 1000 -q");
  ASSERT_EQ(table.exit_code, 0) << table.output;
  EXPECT_NE(table.output.find("processor  alpha            amount           finish (simulated)"), std::string::npos)
      << table.output;
  EXPECT_NE(table.output.find("0.571428571429   571.428571429"), std::string::npos) << table.output;
}

TEST(DivisibleReporting, ProcessorAndLayerRowsCarryFractionsAndAmounts) {
  TempDir dir("amounts");
  const std::string file = dir.file("e.yaml", "name: t\nkind: divisible\nmachine: {topology: {kind: star, n: 3}}\n"
                                              "strategy: {name: star-sequential}\nload: 1000\nrows: processors\n");
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string()).exit_code, 0);
  const std::string csv = read_file(dir.path() / "out" / "results.csv");
  EXPECT_NE(csv.find(",processor,participating,alpha,amount,finish"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",0,true,0.5714285714285714,571.4285714285714,"), std::string::npos) << csv;
}

// A hypercube-nlf sweep to dimension 12 quietly dropped to a sub-cube: the log, the table and the Gantt
// chart now say how many processors take part.
TEST(DivisibleReporting, AStrategyThatLeavesProcessorsOutSaysSo) {
  TempDir dir("reduced");
  const auto gantt = dir.path() / "g.svg";
  const auto r = run_mpnsim("dlt --strategy hypercube-nlf --topology hypercube --dim 12 --w 1 --z 0.36 --S 700 "
                            "--load 1e6 --gantt " + gantt.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("processors    4096, of which only 256 take part"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("[info] hypercube-nlf: 256 of 4096 processors take part: dimension reduced from 12 to 8"),
            std::string::npos)
      << r.output;
  EXPECT_NE(read_file(gantt).find("256 of 4096 processors take part"), std::string::npos);

  const std::string file = dir.file("e.yaml",
                                    "name: t\nkind: divisible\n"
                                    "machine: {topology: {kind: hypercube, dim: 2}, link: {z: 0.36, S: 700}}\n"
                                    "strategy: {name: hypercube-nlf}\nload: 1000000\n"
                                    "sweep:\n  machine.topology.dim: [2, 12]\noutputs: {gantt: true}\n");
  const auto run = run_mpnsim("run " + file + " -o " + (dir.path() / "out").string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("t: point 1 (machine.topology.dim=12): 256 of 4096 processors take part"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("point 0 (machine.topology.dim=2)"), std::string::npos) << run.output;
  EXPECT_NE(read_file(dir.path() / "out" / "gantt" / "point1_rep0_hypercube-nlf_hypercube-dim12.svg").find("256 of 4096 processors take part"),
            std::string::npos);
  EXPECT_EQ(read_file(dir.path() / "out" / "gantt" / "point0_rep0_hypercube-nlf_hypercube-dim2.svg").find("take part"), std::string::npos);
}

}  // namespace
}  // namespace mpnsim
