// Plots estimated before gnuplot runs, and names with control characters or pipes drawn and tabled right (issue #40).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/run/plot_estimate.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(PlotEstimate, CostIsCurvesTimesRows) {
  EXPECT_EQ(plot_cost_problem(10, 100, "s"), "");
  EXPECT_EQ(plot_cost_problem(1000, 8000, "s"), "");  // 8e6 row reads, about 58 s
  const std::string slow = plot_cost_problem(900, 10000, "s");  // 9e6 row reads, about 65 s
  EXPECT_TRUE(contains(slow, "gnuplot would take about 65 s")) << slow;
  const std::string many = plot_cost_problem(3000, 3000, "workload.seed");
  EXPECT_TRUE(contains(many, "series 'workload.seed' gives 3000 curves over 3000 rows")) << many;
  EXPECT_TRUE(contains(many, "no legend or eye tells that many curves apart")) << many;
}

// The findings' reproducer: 3000 seeds as 3000 curves took gnuplot 65 s. Refused at the key
// by validate, before any run.
TEST(PlotEstimate, ValidateRefusesThousandsOfCurvesAtTheSeriesKey) {
  TempDir dir("plot-curves");
  const std::string f = dir.file("curves.yaml", R"(name: curves
kind: dag
machine: {topology: {kind: hypercube, dim: 1}}
workload: {kind: random-dag, tasks: 5, seed: 1}
scheduler: {name: heft}
sweep: {workload.seed: "1:3000"}
outputs:
  plots: [{name: p, x: tasks, y: makespan, series: workload.seed}]
)");
  const auto r = testing::run_mpnsim("validate " + f);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "curves.yaml:8:")) << r.output;
  EXPECT_TRUE(contains(r.output, "outputs.plots[0].series")) << r.output;
  EXPECT_TRUE(contains(r.output, "3000 curves over 3000 rows")) << r.output;
  // 100 seeds are fine.
  std::ofstream(f) << "name: curves\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 1}}\n"
                      "workload: {kind: random-dag, tasks: 5, seed: 1}\nscheduler: {name: heft}\n"
                      "sweep: {workload.seed: \"1:100\"}\n"
                      "outputs:\n  plots: [{name: p, x: tasks, y: makespan, series: workload.seed}]\n";
  EXPECT_EQ(testing::run_mpnsim("validate " + f).exit_code, 0);
}

// A value with a line break is "nl\x0ax" in results.csv: its curve is picked by point number,
// never by comparing the CSV's text with the raw byte, and its title shows the CSV's text.
TEST(PlotEstimate, AControlCharacterInASeriesValueIsPickedByPoints) {
  PlotSpec p;
  p.name = "p";
  p.x = "tasks";
  p.y = "makespan";
  p.series = "workload.file";
  const std::string script = gnuplot_script(p, "results.csv", {{"gr/a.dot", {0}}, {"gr/nl\nx.dot", {1, 4}}});
  EXPECT_TRUE(contains(script, "strcol(\"workload.file\") eq \"gr/a.dot\"")) << script;
  EXPECT_TRUE(contains(script, "(column(\"point\") == 1 || column(\"point\") == 4)")) << script;
  EXPECT_FALSE(contains(script, "eq \"gr/nl\\012x.dot\"")) << script;
  EXPECT_TRUE(contains(script, "title \"gr/nl\\\\x0ax.dot\"")) << script;
}

// The findings' files: a line break and a pipe in swept file names, here the variants compared.
// comparison.md keeps one row per variant, escaped; results.csv one line per run.
TEST(PlotEstimate, NastyFileNamesKeepComparisonTablesWhole) {
  TempDir dir("nasty-names");
  const std::string dot = testing::read_file(std::string(MPNSIM_SOURCE_DIR) + "/docs/examples/fork_join.dot");
  std::filesystem::create_directory(dir.path() / "gr");
  for (const char* name : {"a.dot", "nl\nx.dot", "pipe|x.dot"}) std::ofstream(dir.path() / "gr" / name) << dot;
  const std::string f = dir.file("gr.yaml", R"(name: nasty
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: dot, file: gr/a.dot}
scheduler: {name: heft}
sweep: {workload.file: {files: "gr/*.dot"}, scheduler.name: [heft, lps]}
compare: {by: workload.file, over: [scheduler.name], metrics: [makespan]}
outputs: {plots: [{name: p, x: tasks, y: makespan, series: workload.file}]}
)");
  const auto out = dir.path() / "out";
  const auto r = testing::run_shell("cd '" + dir.path().string() + "' && " + std::string(MPNSIM_BINARY) +
                                    " run -q gr.yaml -o '" + out.string() + "' 2>&1");
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.output;  // 1: gnuplot missing or warning
  const std::string csv = testing::read_file(out / "results.csv");
  EXPECT_TRUE(contains(csv, "\"gr/nl\\x0ax.dot\"")) << csv;
  const std::string gp = testing::read_file(out / "p.gp");
  EXPECT_TRUE(contains(gp, "title \"gr/nl\\\\x0ax.dot\"")) << gp;
  const std::string md = testing::read_file(out / "comparison.md");
  EXPECT_TRUE(contains(md, "gr/pipe\\|x.dot")) << md;
  EXPECT_TRUE(contains(md, "gr/nl\\x0ax.dot")) << md;
  EXPECT_FALSE(contains(md, "pipe|x")) << md;
  // Every variant's row has the header's 9 bars (an escaped one is text), on a line of its own.
  std::istringstream lines(md);
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| gr/", 0) != 0 || contains(line, " vs ")) continue;  // the pairs' table has 7
    ++rows;
    int bars = 0;
    for (std::size_t i = 0; i < line.size(); ++i) bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    EXPECT_EQ(bars, 9) << line;
  }
  EXPECT_EQ(rows, 3) << md;
  // comparison.tex prints the names as written: the line break as text, never a new row.
  const std::string tex = testing::read_file(out / "comparison.tex");
  EXPECT_TRUE(contains(tex, "gr/nl\\textbackslash{}x0ax.dot & ")) << tex;
  EXPECT_FALSE(contains(tex, "nl\nx")) << tex;
  // The CD diagram's script keeps the line break inside its string.
  const std::string cd = testing::read_file(out / "cd.gp");
  EXPECT_TRUE(contains(cd, "pipe|x.dot")) << cd;
  EXPECT_FALSE(contains(cd, "nl\nx")) << cd;
}

}  // namespace
}  // namespace mpnsim
