// Sweeps are counted, checked and run without being expanded (issue #12: F4, F13, F14), and overrides are aimed.
#include <gtest/gtest.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/sweep.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

const std::string kFindings = std::string(MPNSIM_SOURCE_DIR) + "/tests/data/findings/";

// Runs mpnsim in 512 MiB of address space (these validations take under 10 MB). Each of
// these inputs once took gigabytes before it was refused (the figures are beside each test).
testing::CommandResult capped(const std::string& args) { return testing::run_mpnsim_capped(args, 0, 512); }

TEST(SweepCount, RangesAreCountedBeforeAnythingIsAllocated) {
  EXPECT_EQ(SweepRange::parse("1:10:3").size(), 4u);
  EXPECT_EQ(SweepRange::parse("0:1:0.1").value(3), "0.30000000000000004");
  EXPECT_EQ(SweepRange::parse("9000000000000000000:9000000000000000004:2").value(2), "9000000000000000004");
  EXPECT_THROW(SweepRange::parse("0:1e300"), std::invalid_argument);  // F4: was vector::reserve, exit 1
  EXPECT_THROW(SweepRange::parse("0:1e400"), std::invalid_argument);  // not finite
  try {
    SweepRange::parse("0:20000000");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has 2e+07 values"), std::string::npos) << e.what();
  }
}

TEST(SweepCount, F4RangeOfTooManyValuesIsBadInputWithItsLine) {
  const auto r = run_mpnsim("validate " + kFindings + "F4_range_count_overflow.yaml");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("F4_range_count_overflow.yaml:5:19: 'sweep.topology.depth': the range 0:1e300 has 1e+300 "
                          "values"),
            std::string::npos)
      << r.output;
}

TEST(SweepCount, F13AliasesAreCountedNotExpanded) {
  const auto t = capped("validate " + kFindings + "F13_sweep_alias_product.yaml");  // was bad_alloc
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_NE(t.output.find("F13_sweep_alias_product.yaml:5:3: 'sweep': the sweep has 1e+08 points (10 "
                                 "(topology.depth) x 10 (k1)"),
            std::string::npos)
      << t.output;
}

TEST(SweepCount, F13ProductOfTwoRangesIsRefusedAtOnce) {
  const auto t = capped("validate " + kFindings + "F13_sweep_product_4000sq.yaml");  // was 25 s and 7 GB
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_NE(t.output.find("the sweep has 1.6e+07 points (4000 (a) x 4000 (b))"), std::string::npos)
      << t.output;
}

TEST(SweepCount, F14MillionPointsValidateWithoutExpanding) {
  const auto t = capped("validate " + kFindings + "F14_sweep_1e6_points.yaml");  // was 45 s and 1.8 GB
  EXPECT_EQ(t.exit_code, 0) << t.output;
  EXPECT_NE(t.output.find("1000000 run(s)"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("every swept value was checked"), std::string::npos) << t.output;
}

TEST(SweepCount, F14FirstInvalidDepthFoundWithoutBuildingTheOthers) {
  // Was over 60 s and 9 GB: LET depths 1..1000 were built first.
  const auto t = capped("validate " + kFindings + "F14_sweep_let_depth.yaml");
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_NE(t.output.find("F14_sweep_let_depth.yaml:5:19: 'topology.depth': expected an integer in [0, 1000], "
                                 "got '1001'"),
            std::string::npos)
      << t.output;
}

TEST(SweepCount, OversizedNetworkFoundBeforeTheSmallerOnesAreBuilt) {
  // Was 37 s and 4 GB: the hypercubes of dimensions 1 to 22 were built and solved before
  // the size check of dimension 23 was reached.
  const auto t = capped("validate " + kFindings + "fuzz_sweep_sizes_last.yaml");
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_NE(t.output.find("fuzz_sweep_sizes_last.yaml:11:25: 'machine.topology.dim': gives 8388608 nodes"),
            std::string::npos)
      << t.output;
  EXPECT_NE(t.output.find("machine.topology.dim=23)"), std::string::npos) << t.output;
}

TEST(SweepCount, PointsAreMadeFromTheirIndexInProductOrder) {
  TempDir dir("sweep-index");
  const ExperimentFile f = load_experiment_file(dir.file("e.yaml", R"(name: t
kind: topology
topology: {kind: mesh}
sweep:
  - {topology.rows: "1:3", topology.cols: [2, 5]}
  - {topology.rows: 7}
)"),
                                                {});
  const SweepPoints& p = f.experiments[0].points;
  ASSERT_EQ(p.size(), 7u);
  EXPECT_EQ(p[0].label(), "topology.rows=1, topology.cols=2");
  EXPECT_EQ(p[1].label(), "topology.rows=1, topology.cols=5");
  EXPECT_EQ(p[5].label(), "topology.rows=3, topology.cols=5");
  EXPECT_EQ(p[6].label(), "topology.rows=7");
  std::size_t n = 0;
  for (const auto& point : p) n += point.assignments.size();
  EXPECT_EQ(n, 13u);
}

TEST(SweepCount, RunsArePointsTimesRepetitions) {
  TempDir dir("sweep-runs");
  const auto r = run_mpnsim("validate " + dir.file("e.yaml", R"(name: t
kind: topology
topology: {kind: let}
repetitions: 1000
sweep: {topology.depth: "0:99999"}
)"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("100000 points x 1000 repetitions make 1e+08 runs"), std::string::npos) << r.output;
}

// A combination no single value shows wrong is found as its point is prepared: still exit 2, before anything is written.
TEST(SweepCount, ACombinationFoundWrongWhileRunningIsStillBadInput) {
  TempDir dir("sweep-late");
  const std::string yaml = dir.file("e.yaml", R"(name: t
kind: divisible
machine: {topology: {kind: mesh, rows: 1, cols: 1}}
strategy: {name: generic}
sweep:
  load: "1:5001"
  machine.topology.rows: [1, 5000]
  machine.topology.cols: [1, 5000]
)");
  const auto v = run_mpnsim("validate " + yaml);
  EXPECT_EQ(v.exit_code, 0) << v.output;
  const auto r = run_mpnsim("run -q -j 2 " + yaml + " -o " + (dir.path() / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("25000000 nodes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sweep point load=1, machine.topology.rows=5000, machine.topology.cols=5000"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
}

const char* kSuite = R"(name: s
experiments:
  - name: nets
    kind: topology
    topology: {kind: let, depth: 1}
  - name: loads
    kind: divisible
    machine: {topology: {kind: star, n: 3}}
    strategy: {name: star-sequential}
)";

TEST(Overrides, ExperimentDotKeyAimsAtOneExperiment) {
  TempDir dir("aim");
  const std::string file = dir.file("s.yaml", kSuite);
  auto r = run_mpnsim("validate " + file + " --set nets.topology.depth=3");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // A key only one kind takes goes to that experiment alone.
  r = run_mpnsim("validate " + file + " --set load=5");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("--set load=5 applies to loads"), std::string::npos) << r.output;
}

TEST(Overrides, AnOverrideThatReachesNothingNamesTheExperiments) {
  TempDir dir("aim-none");
  const std::string file = dir.file("s.yaml", kSuite);
  auto r = run_mpnsim("validate " + file + " --set net.topology.depth=3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("no experiment of the suite takes 'net' (did you mean 'nets'?); the experiments are nets "
                          "(kind topology), loads (kind divisible)"),
            std::string::npos)
      << r.output;
  r = run_mpnsim("validate " + file + " --set loads.topology.depth=3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("experiment 'loads' (kind divisible) takes no key 'topology'"), std::string::npos)
      << r.output;
}

TEST(Overrides, AFailureNamesTheOverrideAndTheExperiment) {
  TempDir dir("aim-fail");
  const std::string file = dir.file("s.yaml", kSuite);
  const auto r = run_mpnsim("validate " + file + " --set nets.topology.depth=5000");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("command line: '--set topology.depth=5000': experiment 'nets': 'topology.depth': expected "
                          "an integer in [0, 1000], got '5000'"),
            std::string::npos)
      << r.output;
}

// F11: values that are not YAML, named by their flag.
TEST(Overrides, BrokenValuesAreBadInputNamingTheFlag) {
  const std::string file = std::string(MPNSIM_SOURCE_DIR) + "/experiments/quickstart.yaml";
  auto r = run_mpnsim("validate " + file + " --set 'topology={kind: let'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("command line: '--set topology={kind: let': not valid YAML"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + file + " --repetitions '[1'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'--repetitions [1': not valid YAML"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + file + " --repetitions x");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("command line: '--repetitions x': expected an integer"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace mpnsim
