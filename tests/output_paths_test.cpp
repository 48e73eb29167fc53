// Files named on the command line, judged before the work (issue #40 item 6): folders, the same file twice, exit 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "experiments/output/output_paths.hpp"
#include "experiments/output/timeline_files.hpp"
#include "sim/parameters.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string refusal(const OutputPaths& paths) {
  try {
    check_output_paths(paths);
  } catch (const ParamError& e) {
    return e.what();
  }
  return "";
}

TEST(OutputPaths, AMissingFolderIsRefusedNotMade) {
  TempDir dir("paths-folder");
  const std::string p = (dir.path() / "a" / "b" / "x.csv").string();
  EXPECT_TRUE(contains(refusal({{"messages", p}}), "messages: " + p + ": the folder")) << refusal({{"messages", p}});
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "a"));
  EXPECT_EQ(refusal({{"messages", (dir.path() / "x.csv").string()}}), "");
}

TEST(OutputPaths, OneFileForTwoFlagsIsRefusedHoweverItIsSpelled) {
  TempDir dir("paths-twice");
  std::filesystem::create_directory(dir.path() / "d");
  const std::string a = (dir.path() / "d" / "x.csv").string();
  const std::string b = (dir.path() / "d" / ".." / "d" / "x.csv").string();
  EXPECT_TRUE(contains(refusal({{"schedule", a}, {"messages", b}}), "messages: " + b + ": the file --schedule writes too"));
  std::ofstream(a) << "old";  // an existing file too
  EXPECT_TRUE(contains(refusal({{"schedule", a}, {"messages", b}}), "the file --schedule writes too"));
  // Devices may take several outputs.
  EXPECT_EQ(refusal({{"schedule", "/dev/null"}, {"messages", "/dev/null"}}), "");
}

TEST(OutputPaths, DirectoriesAndLinksToFilesAreRefused) {
  TempDir dir("paths-kinds");
  EXPECT_TRUE(contains(refusal({{"gantt", dir.path().string() + "/"}}), "expected the path of a file"));
  std::filesystem::create_directory(dir.path() / "d");
  EXPECT_TRUE(contains(refusal({{"gantt", (dir.path() / "d").string()}}), "a directory, not a file"));
  std::ofstream(dir.path() / "target") << "keep";
  std::filesystem::create_symlink(dir.path() / "target", dir.path() / "link");
  EXPECT_TRUE(contains(refusal({{"trace", (dir.path() / "link").string()}}), "a symbolic link"));
}

// The command says so with exit code 2 and runs nothing; no folder, no file is left.
TEST(OutputPaths, TheDagCommandRefusesBeforeTheWorkWithExitCode2) {
  TempDir dir("paths-dag");
  const std::string base = "dag -q --generate --tasks 10 --topology hypercube --dim 1 --scheduler heft ";
  auto r = testing::run_mpnsim(base + "--messages " + (dir.path() / "a" / "x.csv").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "dag: --messages:")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "a"));
  const std::string x = (dir.path() / "x.csv").string();
  r = testing::run_mpnsim(base + "--schedule " + x + " --write-dot " + x);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(std::filesystem::exists(x));
  r = testing::run_mpnsim(base + "--gantt " + dir.path().string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

// topo -o judges its path as dag and dlt do: bad input (exit 2, not 1), and no folder is made.
TEST(OutputPaths, ARefusedPathIsBadInputForTopoToo) {
  TempDir dir("paths-topo");
  std::filesystem::create_directory(dir.path() / "d");
  auto r = testing::run_mpnsim("topo let --depth 2 --format json -o " + (dir.path() / "d").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "a directory, not a file")) << r.output;
  r = testing::run_mpnsim("topo let --depth 2 --format json -o " + (dir.path() / "new" / "t.json").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "makes no folder")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "new"));
  std::ofstream(dir.path() / "target") << "keep";
  std::filesystem::create_symlink(dir.path() / "target", dir.path() / "link");
  r = testing::run_mpnsim("topo let --depth 2 --format json -o " + (dir.path() / "link").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(testing::read_file(dir.path() / "target"), "keep");
}

TEST(OutputPaths, SpecialFilesAreRefusedAsGraphsBeforeReading) {
  const auto r = testing::run_mpnsim("dag --graph /dev/zero --graph-format dot --topology hypercube --dim 1 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "/dev/zero: expected a workload file (a regular file or a pipe), got a device"))
      << r.output;
}

// A Gantt chart of 2 million bars would be some 300 MiB of SVG: refused with --trace
// suggested, and none of the files is written.
TEST(OutputPaths, AGanttChartNoViewerOpensIsRefused) {
  TempDir dir("paths-gantt");
  Timeline t;
  for (int i = 0; i < 2'000'000; ++i) t.add(ComputeRecord{i % 4, 0, double(i), double(i) + 1, 1});
  const MachineSpec m = uniform_machine(4, {{0, 1}, {1, 2}, {2, 3}}, false, ProcessorSpec{}, 1, 0);
  const std::string svg = (dir.path() / "g.svg").string(), csv = (dir.path() / "t.csv").string();
  try {
    write_timeline_files(t, m, GanttOptions{}, {svg, "", csv});
    ADD_FAILURE() << "written";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.key(), "gantt");
    EXPECT_TRUE(contains(e.problem(), "--trace FILE")) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(svg));
  EXPECT_FALSE(std::filesystem::exists(csv));
}

// In an experiment the point's chart is replaced by a small SVG that says why (a long run is not
// failed for one chart), and a chart that fits is drawn.
TEST(OutputPaths, AnExperimentsChartNoViewerOpensBecomesANotice) {
  Timeline t;
  for (int i = 0; i < 2'000'000; ++i) t.add(ComputeRecord{i % 4, 0, double(i), double(i) + 1, 1});
  const std::string svg = point_gantt_svg(t, 4, GanttOptions{});
  EXPECT_LT(svg.size(), 2000u);
  EXPECT_TRUE(contains(svg, "No chart: the chart of 2000000 intervals")) << svg;
  EXPECT_TRUE(contains(svg, "outputs.trace")) << svg;
  Timeline small;
  small.add(ComputeRecord{0, 0, 0.0, 1.0, 1});
  EXPECT_TRUE(contains(point_gantt_svg(small, 4, GanttOptions{}), "<rect"));
}

}  // namespace
}  // namespace mpnsim
