// Timeline files of an experiment carry what they show in their names: point, repetition, variant, network (issue #23).
#include <gtest/gtest.h>

#include <filesystem>

#include "experiments/config/output_names.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;

TEST(ArtifactNames, StemsCarryVariantAndNetworkSanitised) {
  EXPECT_EQ(artifact_stem(4, 0, "heft", "hypercube(dim=3)"), "point4_rep0_heft_hypercube-dim3");
  EXPECT_EQ(artifact_stem(0, 2, "dls-pairs", "mesh(rows=4, cols=6, torus=true)"),
            "point0_rep2_dls-pairs_mesh-rows4-cols6-torustrue");
  EXPECT_EQ(artifact_stem(1, 0, "", "chain(n=3)"), "point1_rep0_chain-n3");
  EXPECT_EQ(artifact_stem(1, 0, "a/b\\c d", ""), "point1_rep0_a-b-c-d");
  const std::string stem = artifact_stem(12, 3, std::string(200, 'x'), "..(weird)..");
  EXPECT_TRUE(is_portable_name(stem + ".svg")) << stem;
  EXPECT_TRUE(artifact_path_problem("gantt/" + stem + ".svg").empty());
}

TEST(ArtifactNames, GanttAndTraceFilesOfAnExperimentNameVariantAndNetwork) {
  testing::TempDir dir("artifact-names");
  const std::string file = dir.file("e.yaml", R"(name: names
kind: dag
machine:
  topology: {kind: hypercube, dim: 2}
workload: {kind: random-dag, tasks: 8}
scheduler: {name: heft}
sweep:
  scheduler.name: [heft, lps]
outputs: {gantt: true, trace: true}
)");
  const auto out = dir.path() / "out";
  const auto r = run_mpnsim("run " + file + " -q -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::exists(out / "gantt" / "point0_rep0_heft_hypercube-dim2.svg"));
  EXPECT_TRUE(std::filesystem::exists(out / "gantt" / "point1_rep0_lps_hypercube-dim2.svg"));
  EXPECT_TRUE(std::filesystem::exists(out / "traces" / "point1_rep0_lps_hypercube-dim2.json"));
  EXPECT_FALSE(std::filesystem::exists(out / "gantt" / "point0_rep0.svg"));
}

}  // namespace
}  // namespace mpnsim
