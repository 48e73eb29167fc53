// Everything an experiment writes is checked before the work; what can only fail after it keeps the results.
#include <gtest/gtest.h>

#include <cstdlib>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

const char* kTree = R"(name: t
kind: task_tree
topology: {kind: let, depth: 1}
scheduler: mds
workload: {kind: complete, arity: 2, depth: 3}
sweep:
  scheduler: [mds, rr]
)";

// Writes kTree with `outputs` appended, runs `validate` on it.
testing::CommandResult validate_tree(const TempDir& dir, const std::string& outputs) {
  return run_mpnsim("validate " + dir.file("e.yaml", std::string(kTree) + outputs));
}

TEST(OutputChecks, PlotColumnTypoIsRefusedByValidateWithPositionAndSuggestion) {
  TempDir dir("plottypo");
  const auto r = validate_tree(dir, "outputs:\n  plots:\n    - {x: levle, y: lif, series: scheduler}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("e.yaml:10:11: 'outputs.plots[0].x': no column 'levle'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("did you mean 'level'?"), std::string::npos) << r.output;
}

// Reproducer F6 of 2026-11-23: a plot column typo passed validate; run did all the work, then failed
// with no position and left an empty output directory.
TEST(OutputChecks, F6RunRefusesBeforeAnyWorkAndMakesNoDirectory) {
  TempDir dir("f6");
  const std::string file = dir.file("F6_plot_missing_column.yaml",
                                    "name: p\nkind: topology\ntopology: {kind: let, depth: 1}\noutputs:\n  plots:\n"
                                    "    - {x: nodes, y: no_such_column}\n");
  EXPECT_EQ(run_mpnsim("validate " + file).exit_code, 2);
  const auto out = dir.path() / "out" / "deep";
  const auto r = run_mpnsim("run " + file + " -o " + out.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("F6_plot_missing_column.yaml:6:21"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("point(s) x"), std::string::npos) << "work started: " << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out")) << r.output;
}

TEST(OutputChecks, TextColumnsCannotBeXOrY) {
  TempDir dir("textcol");
  const auto r = validate_tree(dir, "outputs:\n  plots:\n    - {x: level, y: network}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'outputs.plots[0].y': 'network' is a text column"), std::string::npos) << r.output;
  // A swept key is numeric only when every value is a number.
  const auto s = validate_tree(dir, "outputs:\n  plots:\n    - {x: scheduler, y: lif}\n");
  EXPECT_EQ(s.exit_code, 2) << s.output;
  EXPECT_NE(s.output.find("'scheduler' is a swept column"), std::string::npos) << s.output;
}

TEST(OutputChecks, AColumnOfAnotherRowsModeSaysWhichMode) {
  TempDir dir("rowsmode");
  const auto r = validate_tree(dir, "outputs:\n  plots:\n    - {x: level, y: peak_lif}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'peak_lif' is written with rows: summary"), std::string::npos) << r.output;
}

TEST(OutputChecks, ErrorbarsNeedAnIntervalColumn) {
  TempDir dir("errorbars");
  EXPECT_EQ(validate_tree(dir, "outputs:\n  plots:\n    - {x: level, y: lif, errorbars: true}\n").exit_code, 0);
  const auto r = validate_tree(dir, "outputs:\n  plots:\n    - {x: level, y: moved, errorbars: true}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("e.yaml:10:39: 'outputs.plots[0].errorbars': y 'moved' has no 95 % interval column "
                          "'moved_ci95' in results.csv, and with one repetition there is no interval to compute"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("columns with their own interval: lif"), std::string::npos) << r.output;
}

TEST(OutputChecks, PerPointFilesAKindDoesNotWriteAreRefused) {
  TempDir dir("pointfiles");
  const auto r = run_mpnsim("validate " + dir.file("e.yaml", "name: t\nkind: topology\ntopology: {kind: let}\n"
                                                             "outputs: {gantt: true}\n"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("e.yaml:4:18: 'outputs.gantt': kind topology writes no gantt files"), std::string::npos)
      << r.output;
}

TEST(OutputChecks, ASuiteExperimentCannotTakeTheSuitesSummaryName) {
  TempDir dir("suitename");
  const auto r = run_mpnsim("validate " + dir.file("e.yaml", "name: s\nexperiments:\n  - name: summary.json\n"
                                                             "    kind: topology\n    topology: {kind: let}\n"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'experiments[0].name'"), std::string::npos) << r.output;
}

TEST(OutputChecks, CompareMetricsAreCheckedBeforeTheWorkWithTheirDirection) {
  TempDir dir("compare");
  // lif is declared lower-is-better: no `better:` needed.
  EXPECT_EQ(validate_tree(dir, "compare: {by: scheduler, metrics: [lif]}\n").exit_code, 0);
  auto r = validate_tree(dir, "compare: {by: scheduler, metrics: [lfi]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("e.yaml:8:36: 'compare.metrics': no result column 'lfi' (did you mean 'lif'?)"),
            std::string::npos)
      << r.output;
  r = validate_tree(dir, "compare: {by: scheduler, metrics: [trees]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'trees' is not a metric with a direction"), std::string::npos) << r.output;
  EXPECT_EQ(validate_tree(dir, "compare: {by: scheduler, metrics: [{name: trees, better: higher}]}\n").exit_code, 0);
  r = validate_tree(dir, "compare: {by: scheduler, metrics: [network]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'network' is a text column"), std::string::npos) << r.output;
  r = validate_tree(dir, "compare: {by: scheduler, metrics: [peak_lif]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("'peak_lif' is written with rows: summary"), std::string::npos) << r.output;
}

// A gnuplot that always fails, first on PATH.
std::string failing_gnuplot(const TempDir& dir) {
  const auto bin = dir.path() / "bin";
  std::filesystem::create_directories(bin);
  const auto gp = bin / "gnuplot";
  std::ofstream(gp) << "#!/bin/sh\necho 'gnuplot: simulated failure' >&2\nexit 1\n";
  std::filesystem::permissions(gp, std::filesystem::perms::owner_all);
  return bin.string();
}

TEST(OutputChecks, GnuplotFailingAfterTheWorkKeepsTheResultsAndExitsOne) {
  TempDir dir("gpfail");
  const std::string file = dir.file("e.yaml", std::string(kTree) + "outputs:\n  plots:\n    - {x: level, y: lif}\n");
  const auto out = dir.path() / "out";
  const auto r = run_mpnsim("run " + file + " -q -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;  // the real gnuplot draws it
  const std::string csv = read_file(out / "results.csv");
  const auto f = testing::run_mpnsim_env("PATH=" + failing_gnuplot(dir) + ":$PATH",
                                         "run " + file + " -o " + (dir.path() / "failed").string());
  EXPECT_EQ(f.exit_code, 1) << f.output;
  EXPECT_NE(f.output.find("gnuplot failed on lif_vs_level: gnuplot: simulated failure"), std::string::npos)
      << f.output;
  EXPECT_EQ(read_file(dir.path() / "failed" / "results.csv"), csv);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "failed" / "summary.json"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "failed" / "lif_vs_level.gp"));
}

TEST(OutputChecks, GnuplotMissingKeepsTheResultsAndExitsOne) {
  TempDir dir("gpmissing");
  const std::string file = dir.file("e.yaml", std::string(kTree) + "outputs:\n  plots:\n    - {x: level, y: lif}\n");
  std::filesystem::create_directories(dir.path() / "empty");
  const auto r = testing::run_mpnsim_env("PATH=" + (dir.path() / "empty").string(),
                                         "run " + file + " -o " + (dir.path() / "out").string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("gnuplot is not installed"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "results.csv"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "summary.json"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "lif_vs_level.gp"));
}

}  // namespace
}  // namespace mpnsim
