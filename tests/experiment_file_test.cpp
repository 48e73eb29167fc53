// Tests of experiment files: strict checking with positions, sweeps, overrides, outputs.
#include <gtest/gtest.h>

#include <unistd.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/sweep.hpp"
#include "experiments/run/runner.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

TEST(Sweep, IntegerRangesIncludeTheirEnd) {
  EXPECT_EQ(expand_range("1:10:3"), (std::vector<std::string>{"1", "4", "7", "10"}));
  EXPECT_EQ(expand_range("0:3"), (std::vector<std::string>{"0", "1", "2", "3"}));
  EXPECT_EQ(expand_range("5:1:-2"), (std::vector<std::string>{"5", "3", "1"}));
}

TEST(Sweep, RealRangesDoNotAccumulateRoundingErrors) {
  // 0.1 * i, not repeated addition: 0.30000000000000004 would appear otherwise.
  const auto v = expand_range("0:1:0.1");
  ASSERT_EQ(v.size(), 11u);
  EXPECT_EQ(v[3], "0.30000000000000004");  // 3 * 0.1 in binary floating point
  EXPECT_EQ(v.back(), "1");
}

TEST(Sweep, BadRangesAreRefused) {
  EXPECT_THROW(expand_range("1:5:0"), std::invalid_argument);
  EXPECT_THROW(expand_range("5:1:1"), std::invalid_argument);
  EXPECT_THROW(expand_range("a:b"), std::invalid_argument);
  EXPECT_THROW(expand_range("1:2:3:4"), std::invalid_argument);
}

TEST(Sweep, SetPathSetsNestedValuesInPlace) {
  YAML::Node root = YAML::Load("machine:\n  topology: {kind: let, depth: 2}\nother: 1\n");
  set_path(root, "machine.topology.depth", YAML::Node("5"));
  set_path(root, "machine.link.z", YAML::Node("0.5"));  // missing mappings are created
  EXPECT_EQ(root["machine"]["topology"]["depth"].Scalar(), "5");
  EXPECT_EQ(root["machine"]["topology"]["kind"].Scalar(), "let");
  EXPECT_EQ(root["machine"]["link"]["z"].Scalar(), "0.5");
  // Untouched values keep their position in the file.
  EXPECT_EQ(root["other"].Mark().line, 2);
}

const char* kGood = R"(name: t
kind: topology
topology: {kind: let}
sweep:
  - {topology.kind: let, topology.depth: "1:3"}
  - {topology.kind: hypercube, topology.dim: [2, 3]}
)";

TEST(ExperimentFile, SweepBlocksAreUnionsOfProducts) {
  TempDir dir("union");
  const ExperimentFile f = load_experiment_file(dir.file("e.yaml", kGood), {});
  ASSERT_EQ(f.experiments.size(), 1u);
  const auto& e = f.experiments[0];
  EXPECT_EQ(e.points.size(), 5u);
  EXPECT_EQ(e.swept_keys, (std::vector<std::string>{"topology.kind", "topology.depth", "topology.dim"}));
  EXPECT_EQ(e.points[4].label(), "topology.kind=hypercube, topology.dim=3");
}

// Writes `yaml`, runs `mpnsim validate` on it, and returns what it printed.
testing::CommandResult validate(const TempDir& dir, const std::string& yaml) {
  return run_mpnsim("validate " + dir.file("bad.yaml", yaml));
}

TEST(ExperimentFile, UnknownKeyIsLocatedAndTheNearestSuggested) {
  TempDir dir("unknown");
  const auto r = validate(dir, "name: t\nkind: topology\ntopology: {kind: let, dept: 3}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:3:23"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'topology.dept'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("did you mean 'depth'"), std::string::npos) << r.output;
}

TEST(ExperimentFile, UnknownTopLevelKey) {
  TempDir dir("toplevel");
  const auto r = validate(dir, "name: t\nkind: topology\ntopology: {kind: let}\nrepetition: 3\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:4:1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("did you mean 'repetitions'"), std::string::npos) << r.output;
}

TEST(ExperimentFile, WrongTypeSaysWhatWasExpected) {
  TempDir dir("type");
  const auto r = validate(dir, "name: t\nkind: topology\ntopology: {kind: hypercube, dim: three}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:3:34"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("expected an integer"), std::string::npos) << r.output;
}

TEST(ExperimentFile, ImpossibleValueInASweepPointsAtTheSweep) {
  TempDir dir("range");
  const auto r = validate(dir,
                          "name: t\nkind: topology\ntopology: {kind: let}\n"
                          "sweep:\n  topology.depth: [1, -4]\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:5:23"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("topology.depth"), std::string::npos) << r.output;
}

TEST(ExperimentFile, KeyMadeWrongByASweepPointIsLocatedOnce) {
  // depth is right for let, wrong for the hypercube the sweep also asks for.
  TempDir dir("sweepkey");
  const auto r = validate(dir,
                          "name: t\nkind: divisible\nmachine: {topology: {kind: let, depth: 2}}\n"
                          "strategy: {name: generic}\nsweep:\n  machine.topology.kind: [let, hypercube]\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:3:33: 'machine.topology.depth': unknown key"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(sweep point machine.topology.kind=hypercube)"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("bad.yaml: "), std::string::npos) << "position given twice: " << r.output;
}

TEST(ExperimentFile, UnknownKindAndTopologyAreSuggested) {
  TempDir dir("kind");
  auto r = validate(dir, "name: t\nkind: topolgy\ntopology: {kind: let}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'topology'"), std::string::npos) << r.output;
  r = validate(dir, "name: t\nkind: topology\ntopology: {kind: hypercub}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'hypercube'"), std::string::npos) << r.output;
}

TEST(ExperimentFile, MalformedYamlIsLocated) {
  TempDir dir("yaml");
  const auto r = validate(dir, "name: t\nkind: [topology\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("not valid YAML"), std::string::npos) << r.output;
}

TEST(ExperimentFile, PlanCyclesAndUnknownNamesAreRefused) {
  TempDir dir("plan");
  const std::string head =
      "name: t\nkind: plan\nmachine: {topology: {kind: chain, n: 2}}\nplan:\n";
  auto r = validate(dir, head +
                             "  - {name: a, op: compute, on: 0, amount: 1, after: [b]}\n"
                             "  - {name: b, op: compute, on: 1, amount: 1, after: [a]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("cycle: a -> b -> a"), std::string::npos) << r.output;
  r = validate(dir, head + "  - {name: a, op: send, from: 0, to: 1, amount: 1, after: [zz]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("no action is called 'zz'"), std::string::npos) << r.output;
  r = validate(dir, head + "  - {name: a, op: send, from: 0, to: 7, amount: 1}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.yaml:5:38"), std::string::npos) << r.output;
}

TEST(ExperimentFile, ValidateAcceptsAGoodFileAndWritesNothing) {
  TempDir dir("good");
  const std::string file = dir.file("e.yaml", kGood);
  const auto r = run_mpnsim("validate " + file);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("ok (1 experiment(s), 5 run(s))"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists("results/t"));
}

TEST(ExperimentRun, OverridesWinAndAreLogged) {
  TempDir dir("override");
  const std::string file = dir.file("e.yaml",
                                    "name: t\nkind: topology\ntopology: {kind: let}\n"
                                    "sweep:\n  topology.depth: \"1:3\"\n");
  const auto out = dir.path() / "out";
  const auto r = run_mpnsim("run " + file + " -o " + out.string() +
                            " --set topology.depth=4 --seed 7 --no-progress");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("'topology.depth' set on the command line to 4"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("replaces its sweep"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'seed' set on the command line to 7 (file had nothing)"), std::string::npos)
      << r.output;
  const std::string csv = read_file(out / "results.csv");
  EXPECT_NE(csv.find("let(depth=4)"), std::string::npos) << csv;
  EXPECT_EQ(csv.find("let(depth=1)"), std::string::npos) << csv;
}

TEST(ExperimentRun, SetNameRenamesTheOutput) {
  // `--set name=NEW` is logged as a change of name: the output is named so too.
  TempDir dir("set-name");
  const std::string file = dir.file("e.yaml", "name: t\nkind: topology\ntopology: {kind: let}\n");
  const ExperimentFile f = load_experiment_file(file, {{"name", "renamed"}});
  EXPECT_EQ(f.name, "renamed");
  EXPECT_EQ(f.experiments.front().name, "renamed");
  EXPECT_EQ(output_dir_of(f, RunOptions{}), "results/renamed");
  const auto r = testing::run_mpnsim_env("cd " + dir.path().string() + " &&", "run e.yaml -q --set name=renamed");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "results" / "renamed" / "results.csv"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "results" / "t"));
  // In a suite, EXPERIMENT.name=NEW renames that experiment's folder; a name that is not a
  // portable name is refused.
  const std::string suite = dir.file("s.yaml",
                                     "name: s\nexperiments:\n  - {name: a, kind: topology, topology: {kind: let}}\n"
                                     "  - {name: b, kind: topology, topology: {kind: let}}\n");
  const ExperimentFile g = load_experiment_file(suite, {{"a.name", "first"}});
  EXPECT_EQ(g.experiments[0].name, "first");
  EXPECT_EQ(g.experiments[1].name, "b");
  EXPECT_THROW(load_experiment_file(file, {{"name", "a/b"}}), InputError);
}

TEST(ExperimentRun, ResultsAreIdenticalForAnyNumberOfJobs) {
  TempDir dir("jobs");
  const std::string quickstart = std::string(MPNSIM_SOURCE_DIR) + "/experiments/quickstart.yaml";
  const auto one = dir.path() / "one", two = dir.path() / "two";
  ASSERT_EQ(run_mpnsim("run " + quickstart + " -q -j 1 -o " + one.string()).exit_code, 0);
  ASSERT_EQ(run_mpnsim("run " + quickstart + " -q -j 2 -o " + two.string()).exit_code, 0);
  for (const char* f : {"networks/results.csv", "networks/summary.json", "chain-plan/results.csv",
                        "chain-plan/summary.json", "chain-plan/timelines/point3_rep0_chain-n3_timeline.csv",
                        "hypercube-divisible/results.csv", "task-trees/results.csv", "task-trees/summary.json",
                        "task-dags/results.csv", "task-dags/summary.json", "task-dags/gantt/point3_rep2_heft_debruijn-order3-base2-directedfalse.svg"}) {
    const std::string a = read_file(one / f);
    EXPECT_FALSE(a.empty()) << f;
    EXPECT_EQ(a, read_file(two / f)) << f;
  }
  // The chain plan's makespans are the hand-worked ones of tests/machine_test.cpp.
  const std::string csv = read_file(one / "chain-plan/results.csv");
  EXPECT_NE(csv.find(",true,0,chain(n=3),3,1.25,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",false,0,chain(n=3),3,1.5,"), std::string::npos) << csv;
}

TEST(ExperimentRun, AFailedRunLeavesNothingBehind) {
  TempDir dir("failed");
  const std::string file = dir.file("e.yaml", std::string(kGood) +
                                                  "outputs:\n  plots:\n    - {x: nodes, y: no_such_column}\n");
  const auto out = dir.path() / "out";
  const auto r = run_mpnsim("run " + file + " -q -o " + out.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("no column 'no_such_column'"), std::string::npos) << r.output;
  // Refused before any work: not even the output directory is made.
  EXPECT_FALSE(std::filesystem::exists(out)) << "the output directory was made";
}

TEST(ExperimentRun, RepetitionsGetDistinctSeedsAndSummaries) {
  TempDir dir("reps");
  const std::string file = dir.file("e.yaml", "name: t\nkind: topology\ntopology: {kind: ring, n: 5}\nrepetitions: 3\nseed: 11\n");
  const auto out = dir.path() / "out";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  const std::string csv = read_file(out / "results.csv");
  std::istringstream lines(csv);
  std::string header, l0, l1, l2;
  std::getline(lines, header);
  std::getline(lines, l0);
  std::getline(lines, l1);
  std::getline(lines, l2);
  EXPECT_EQ(header.rfind("point,repetition,seed,", 0), 0u);
  auto seed_of = [](const std::string& l) { return l.substr(4, l.find(',', 4) - 4); };
  EXPECT_NE(seed_of(l0), seed_of(l1));
  EXPECT_NE(seed_of(l1), seed_of(l2));
  const std::string summary = read_file(out / "summary.json");
  EXPECT_NE(summary.find("\"ci95\""), std::string::npos) << summary;
}

TEST(TopoCommand, JsonOfLet6) {
  const auto r = run_mpnsim("topo let --depth 2 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* key : {"\"name\"", "\"nodes\"", "\"links\"", "\"max_degree\"", "\"min_degree\"",
                          "\"diameter\"", "\"average_distance\"", "\"adjacency\"", "\"levels\"", "\"lr\""})
    EXPECT_NE(r.output.find(key), std::string::npos) << key;
}

TEST(TopoCommand, BadParameterExitsWithTwo) {
  auto r = run_mpnsim("topo let --dept 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean --depth?"), std::string::npos) << r.output;
  r = run_mpnsim("topo hypercube --dim -1");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(Cli, VersionAndList) {
  auto r = run_mpnsim("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("mpnsim "), std::string::npos);
  r = run_mpnsim("list");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* name : {"let", "hypercube", "debruijn", "mesh", "tree", "chain", "ring", "star",
                           "two-root", "complete", "topology", "plan"})
    EXPECT_NE(r.output.find(name), std::string::npos) << name;
}

}  // namespace
}  // namespace mpnsim
