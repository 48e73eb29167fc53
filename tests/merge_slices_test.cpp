// Slice files are input: merge refuses any artifact name that would write outside the output directory.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

namespace fs = std::filesystem;

// Reproducer F3 of 2026-11-23's experiment: two points, a Gantt chart each.
const char* kSliceExperiment = R"(name: sl
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
strategy: {name: hypercube-allport}
sweep:
  machine.topology.dim: "1:2"
outputs: {gantt: true}
)";

TEST(MergeSlices, F3ArtifactNamesThatLeaveTheOutputAreRefusedWithTheSliceAndJsonPath) {
  TempDir dir("f3");
  const std::string exp = dir.file("F3_slice_exp.yaml", kSliceExperiment);
  const fs::path slices = dir.path() / "slices";
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run_mpnsim("run " + exp + " -q --shard " + std::to_string(i) + "/2 -o " + slices.string()).exit_code, 0);
  const std::string good1 = (slices / "slice-1-of-2.json").string();
  const nlohmann::json slice0 = nlohmann::json::parse(read_file(slices / "slice-0-of-2.json"));
  ASSERT_EQ(slice0["experiments"][0]["runs"][0]["artifacts"][0][0], "gantt/point0_rep0_hypercube-allport_hypercube-dim1.svg");

  const fs::path victim = dir.path() / "escaped_rel.txt";
  const std::string absolute = (dir.path() / "escaped_abs.txt").string();
  for (const std::string& bad : {std::string("../../escaped_rel.txt"), absolute, std::string(""),
                                std::string("gantt/../../../escaped_rel.txt"), std::string("gantt//x.svg"),
                                std::string("./gantt/x.svg"), std::string("summary.json"),
                                std::string("gantt\\..\\..\\x.svg")}) {
    nlohmann::json evil = slice0;
    evil["experiments"][0]["runs"][0]["artifacts"][0][0] = bad;
    const std::string evil_path = dir.file("evil-slice-0.json", evil.dump());
    const fs::path out = dir.path() / "m" / "out";
    const auto r = run_mpnsim("merge " + exp + " " + evil_path + " " + good1 + " -o " + out.string());
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("evil-slice-0.json: 'experiments[0].runs[0].artifacts[0][0]': artifact name"),
              std::string::npos)
        << bad << ": " << r.output;
    EXPECT_FALSE(fs::exists(dir.path() / "m")) << bad;
    EXPECT_FALSE(fs::exists(victim)) << bad;
    EXPECT_FALSE(fs::exists(absolute)) << bad;
  }
  // The slices as written merge.
  const auto r = run_mpnsim("merge " + exp + " " + (slices / "slice-0-of-2.json").string() + " " + good1 + " -q -o " +
                            (dir.path() / "ok").string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(dir.path() / "ok" / "gantt" / "point1_rep0_hypercube-allport_hypercube-dim2.svg"));
}

TEST(MergeSlices, MalformedSlicesAreBadInputNamingTheJsonPath) {
  TempDir dir("badslice");
  const std::string exp = dir.file("e.yaml", kSliceExperiment);
  const fs::path slices = dir.path() / "slices";
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run_mpnsim("run " + exp + " -q --shard " + std::to_string(i) + "/2 -o " + slices.string()).exit_code, 0);
  const nlohmann::json good = nlohmann::json::parse(read_file(slices / "slice-0-of-2.json"));
  const std::string other = (slices / "slice-1-of-2.json").string();
  auto merge_with = [&](const nlohmann::json& j) {
    return run_mpnsim("merge " + exp + " " + dir.file("bad.json", j.dump()) + " " + other + " -o " +
                      (dir.path() / "out").string());
  };
  nlohmann::json j = good;
  j["experiments"][0]["runs"][0]["metrics"][1] = 7;
  auto r = merge_with(j);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'experiments[0].runs[0].metrics[1]': expected [name, value]"), std::string::npos)
      << r.output;
  j = good;
  j["experiments"][0]["runs"][0]["point"] = 9;
  r = merge_with(j);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'experiments[0].runs[0]': no point 9"), std::string::npos) << r.output;
  j = good;
  j["experiments"][0]["runs"].erase(0);
  r = merge_with(j);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("missing"), std::string::npos) << r.output;
  r = run_mpnsim("merge " + exp + " " + dir.file("text.json", "{not json") + " -o " + (dir.path() / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

}  // namespace
}  // namespace mpnsim
