// The generated DAG families in runs (issue #38): every scheduler, ccr, errors at the key, costs written and read back.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/input_error.hpp"
#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/dag/dag_setup.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

DagSetup setup_of(const std::string& yaml) {
  return read_dag_setup(YamlSource("test.yaml"), YAML::Load(yaml), "");
}

// Small instances of every family (the exact search included, so a dozen tasks at most).
const std::vector<std::string> kSmall{
    "{kind: random-dag, tasks: 8}",
    "{kind: daggen, tasks: 10, fat: 0.5, density: 0.6, jump: 2}",
    "{kind: topcuoglu, tasks: 9, beta: 0.5}",
    "{kind: topcuoglu, tasks: 9}",
    "{kind: gaussian-elimination, m: 3}",
    "{kind: fft, points: 2}",
    "{kind: laplace, size: 3}",
    "{kind: lu, blocks: 2}",
    "{kind: fork, width: 4}",
    "{kind: join, width: 4}",
    "{kind: fork-join, width: 3}",
    "{kind: in-tree, branching: 2, depth: 2}",
    "{kind: out-tree, branching: 3, depth: 2, balanced: false}",
    "{kind: pipeline, stages: 3, width: 2}",
    "{kind: stencil, width: 3, steps: 3}",
    "{kind: series-parallel, tasks: 9, max_branching: 3}",
    "{kind: independent, tasks: 6}"};

TEST(DagFamiliesRun, EveryFamilySchedulesValidlyWithEveryScheduler) {
  for (const std::string& workload : kSmall)
    for (const auto& scheduler : dag_schedulers()) {
      const DagSetup s = setup_of("machine: {topology: {kind: complete, n: 3}, link: {z: 1, S: 0.1}}\nworkload: " +
                                  workload + "\nscheduler: {name: " + scheduler.name + "}\n");
      const DagRun r = run_dag(s, s.workload.make(5, 0, 3), false);
      EXPECT_TRUE(r.validity.valid()) << workload << " " << scheduler.name;
      EXPECT_GT(r.metrics.makespan, 0) << workload << " " << scheduler.name;
    }
}

TEST(DagFamiliesRun, EveryNetworkAndSchedulerSeesTheSameGraph) {
  const char* w = "workload: {kind: daggen, tasks: 40}\n";
  const DagSetup a = setup_of(std::string("machine: {topology: {kind: ring, n: 4}}\n") + w + "scheduler: heft\n");
  const DagSetup b = setup_of(std::string("machine: {topology: {kind: hypercube, dim: 3}}\n") + w + "scheduler: lps\n");
  EXPECT_EQ(a.workload.graph_seed(9, 2), b.workload.graph_seed(9, 2));
  EXPECT_NE(a.workload.graph_seed(9, 2), a.workload.graph_seed(9, 3));
  EXPECT_EQ(a.workload.make(9, 2, 4).edges().size(), b.workload.make(9, 2, 8).edges().size());
}

TEST(DagFamiliesRun, CcrIsOneOverEcRatioExactly) {
  const std::string base = "machine: {topology: {kind: ring, n: 4}, link: {z: 1, S: 0}}\n"
                           "workload: {kind: fft, points: 8}\nscheduler: heft\n";
  for (const double ccr : {0.1, 0.3, 1.0, 3.0, 7.0}) {
    const DagSetup s = setup_of(base + "ccr: " + std::to_string(ccr) + "\n");
    ASSERT_TRUE(s.ec_ratio);
    EXPECT_EQ(*s.ec_ratio, 1.0 / std::stod(std::to_string(ccr)));
    const DagRun r = run_dag(s, s.workload.make(1, 0, 4), false);
    EXPECT_NEAR(1 / r.ec_ratio, std::stod(std::to_string(ccr)), 1e-9 * ccr);  // the data were scaled to it
  }
}

std::string validate(const TempDir& dir, const std::string& name, const std::string& tail) {
  const std::string f = dir.file(name, "name: f\nkind: dag\nmachine: {topology: {kind: ring, n: 4}}\n"
                                       "scheduler: {name: heft}\n" + tail);
  const auto r = run_mpnsim("validate " + f);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  return r.output;
}

TEST(DagFamiliesRun, BadParametersAreRefusedAtTheirKeyWithWhatWasExpected) {
  TempDir dir("families-keys");
  std::string out = validate(dir, "fft.yaml", "workload: {kind: fft, points: 6}\n");
  EXPECT_TRUE(contains(out, "fft.yaml:5:31: 'workload.points': expected a power of two")) << out;
  out = validate(dir, "fat.yaml", "workload: {kind: daggen, fat: 0}\n");
  EXPECT_TRUE(contains(out, "'workload.fat': expected a number in (0, 1]")) << out;
  out = validate(dir, "fat2.yaml", "workload: {kind: daggen, fat: 1.2}\n");
  EXPECT_TRUE(contains(out, "'workload.fat'")) << out;
  out = validate(dir, "ccr0.yaml", "workload: {kind: fft}\nccr: 0\n");
  EXPECT_TRUE(contains(out, "ccr0.yaml:6:6: 'ccr': expected a number in [1e-06, 1000000]")) << out;
  out = validate(dir, "ccrneg.yaml", "workload: {kind: fft}\nccr: -2\n");
  EXPECT_TRUE(contains(out, "'ccr': expected a number")) << out;
  out = validate(dir, "both.yaml", "workload: {kind: fft}\nccr: 2\nec_ratio: 0.5\n");
  EXPECT_TRUE(contains(out, "'ccr': give ec_ratio or ccr, not both")) << out;
  out = validate(dir, "none.yaml", "workload: {kind: independent}\nccr: 2\n");
  EXPECT_TRUE(contains(out, "'ccr': ec_ratio 0.5 needs edges carrying data")) << out;
  out = validate(dir, "kind.yaml", "workload: {kind: dagen}\n");
  EXPECT_TRUE(contains(out, "did you mean 'daggen'")) << out;
  const auto r = run_mpnsim("dag --generate --workload fft --points 12 --topology ring --n 3 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "points")) << r.output;
  EXPECT_TRUE(contains(r.output, "power of two")) << r.output;
  const auto c = run_mpnsim("dag --generate --workload fft --topology ring --n 3 --scheduler heft --ccr 0");
  EXPECT_EQ(c.exit_code, 2) << c.output;
  EXPECT_TRUE(contains(c.output, "ccr")) << c.output;
  const auto d = run_mpnsim("dag --generate --workload dot --topology ring --n 3 --scheduler heft");
  EXPECT_EQ(d.exit_code, 2) << d.output;
  EXPECT_TRUE(contains(d.output, "not a generated family")) << d.output;
}

// A generated graph and its cost table, written, then read back as files: the same schedule, bit for bit.
TEST(DagFamiliesRun, WrittenGraphAndCostsReadBackToTheSameSchedule) {
  TempDir dir("families-costs");
  const std::string p = dir.path().string() + "/";
  const std::string machine = " --topology complete --n 4 --z 1 --S 0.5 --scheduler heft --format json";
  const auto a = run_mpnsim("dag --generate --workload topcuoglu --tasks 40 --beta 0.8 --ccr 2 --exec_min 0.5 "
                            "--integer false --seed 3" + machine + " --write-dot " + p + "g.dot --write-costs " + p +
                            "g.csv --schedule " + p + "a.csv");
  ASSERT_EQ(a.exit_code, 0) << a.output;
  const std::string costs = read_file(p + "g.csv");
  EXPECT_EQ(costs.rfind("task,P0,P1,P2,P3\nT0,", 0), 0u) << costs.substr(0, 80);
  const auto b = run_mpnsim("dag --graph " + p + "g.dot --costs " + p + "g.csv" + machine + " --schedule " + p + "b.csv");
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_EQ(read_file(p + "a.csv"), read_file(p + "b.csv"));
  EXPECT_FALSE(read_file(p + "a.csv").empty());
  // Without a table there is nothing to write: refused before anything is written.
  const auto c = run_mpnsim("dag --generate --workload fft" + machine + " --write-costs " + p + "c.csv");
  EXPECT_EQ(c.exit_code, 2) << c.output;
  EXPECT_TRUE(contains(c.output, "no cost table")) << c.output;
  EXPECT_FALSE(std::filesystem::exists(p + "c.csv"));
}

TEST(DagFamiliesRun, ListShowsEveryFamilysParameters) {
  const auto r = run_mpnsim("list");
  ASSERT_EQ(r.exit_code, 0);
  for (const char* name : {"daggen", "topcuoglu", "gaussian-elimination", "fft", "laplace", "lu", "fork-join",
                           "in-tree", "out-tree", "pipeline", "stencil", "series-parallel", "independent", "regularity",
                           "max_branching", "out_degree"})
    EXPECT_TRUE(contains(r.output, name)) << name;
}

}  // namespace
}  // namespace mpnsim
