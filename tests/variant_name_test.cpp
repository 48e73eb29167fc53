// Variants are named for legends and tables by their label or their values (heft/contention), never by
// a mapping's YAML, and every name of a key is distinct (issue #37).
#include <gtest/gtest.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/variant_name.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

TEST(VariantName, ScalarsAreTheirTextMappingsTheirValues) {
  EXPECT_EQ(variant_name(YAML::Load("heft")), "heft");
  EXPECT_EQ(variant_name(YAML::Load("{name: heft, comm: contention}")), "heft/contention");
  EXPECT_EQ(variant_name(YAML::Load("{name: heft, comm: contention}"), true), "heft/comm=contention");
  EXPECT_EQ(variant_name(YAML::Load("{name: optimal, budget: {nodes: 100}}")), "optimal/100");
  EXPECT_EQ(variant_name(YAML::Load("{name: optimal, budget: {nodes: 100}}"), true), "optimal/budget.nodes=100");
  EXPECT_EQ(variant_name(YAML::Load("[1, 2]")), "[1, 2]");
}

TEST(VariantName, ALabelIsTheName) {
  EXPECT_EQ(variant_name(YAML::Load("{name: heft, comm: free, label: HEFT (free)}")), "HEFT (free)");
}

constexpr const char* kHead = R"(name: v
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 8, max_in: 2, max_out: 2, exec_min: 1, exec_max: 5, data_min: 1, data_max: 5}
scheduler: {name: heft}
)";

TEST(VariantNames, NamesOfASweptKeyAreShortAndDistinct) {
  TempDir dir("variant-names");
  const std::string file = dir.file("e.yaml", std::string(kHead) + R"(sweep:
  scheduler: [{name: heft, comm: free}, {name: heft, comm: contention}, {name: lps, label: LPS},
              {name: cpop, comm: free, hops: 1}, {name: cpop, comm: free, depth: 1}]
  ec_ratio: [1, 2]
)");
  const ExperimentFile f = load_experiment_file(file, {});
  const ExperimentSpec& spec = f.experiments.front();
  const VariantNames names(spec.points, "scheduler");
  EXPECT_EQ(names("{name: heft, comm: free}"), "heft/free");
  EXPECT_EQ(names("{name: heft, comm: contention}"), "heft/contention");
  EXPECT_EQ(names("{name: lps, label: LPS}"), "LPS");
  // cpop/free/1 twice: written with their keys.
  EXPECT_EQ(names("{name: cpop, comm: free, hops: 1}"), "cpop/comm=free/hops=1");
  EXPECT_EQ(names("{name: cpop, comm: free, depth: 1}"), "cpop/comm=free/depth=1");
  // A value the key does not take, and a scalar key, are their own text.
  EXPECT_EQ(names("other"), "other");
  EXPECT_EQ(VariantNames(spec.points, "ec_ratio")("2"), "2");
}

TEST(VariantNames, TwoValuesWithOneLabelAreRefusedAtTheLabel) {
  TempDir dir("variant-labels");
  const std::string file = dir.file("e.yaml", std::string(kHead) + R"(sweep:
  scheduler: [{name: heft, label: mine}, {name: lps, label: mine}]
)");
  try {
    load_experiment_file(file, {});
    FAIL() << "two values with one label were accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("e.yaml:7"), std::string::npos) << what;
    EXPECT_NE(what.find("sweep.scheduler.label"), std::string::npos) << what;
    EXPECT_NE(what.find("label 'mine'"), std::string::npos) << what;
  }
  const std::string broken = dir.file("f.yaml", std::string(kHead) + "sweep:\n  scheduler: [{name: heft, label: \"a\\nb\"}]\n");
  EXPECT_THROW(load_experiment_file(broken, {}), InputError);
}

// The label is the variant's name, not a scheduler parameter: the run takes it out of the value,
// and results.csv keeps the value as written.
TEST(VariantNames, ALabelIsNoParameterOfTheScheduler) {
  TempDir dir("variant-run");
  const std::string file = dir.file("e.yaml", std::string(kHead) + R"(sweep:
  scheduler: [{name: heft, comm: free, label: HEFT free}, {name: heft, comm: contention}]
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(read_file(dir.path() / "out" / "results.csv").find("\"{name: heft, comm: free, label: HEFT free}\""),
            std::string::npos);
}

}  // namespace
}  // namespace mpnsim
