// Plot scripts: every curve is told apart by more than colour, and error bars come from the interval column.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "experiments/output/gnuplot_plot.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

PlotSpec lif_plot(bool errorbars) {
  PlotSpec p;
  p.name = "lif";
  p.x = "level";
  p.y = "lif";
  p.series = "scheduler";
  p.xlabel = "level";
  p.ylabel = "lif";
  p.errorbars = errorbars;
  return p;
}

std::vector<PlotSeries> seven_schedulers() {
  std::vector<PlotSeries> s;
  for (const char* name : {"mds", "mds-relay", "rr", "ml", "dem", "hbm", "gm"}) s.push_back({name, {}});
  return s;
}

// The quickstart's LIF plot had seven curves of which five coincide and were hidden behind the last one.
TEST(GnuplotPlot, CoincidingCurvesDifferInDashPointAndWidth) {
  const std::string script = gnuplot_script(lif_plot(false), "results.csv", seven_schedulers());
  const std::regex clause(
      R"(\$curve(\d+) using 1:2 smooth unique with linespoints dt (\d+) pt (\d+) ps ([0-9.]+) lw ([0-9.]+))");
  std::set<std::pair<std::string, std::string>> dash_point;
  std::vector<double> widths;
  for (auto it = std::sregex_iterator(script.begin(), script.end(), clause); it != std::sregex_iterator(); ++it) {
    dash_point.insert({(*it)[2], (*it)[3]});
    widths.push_back(std::stod((*it)[5]));
  }
  ASSERT_EQ(widths.size(), 7u) << script;
  EXPECT_EQ(dash_point.size(), 7u) << "two curves share a dash and point type:\n" << script;
  for (std::size_t i = 1; i < widths.size(); ++i)
    EXPECT_GT(widths[i - 1], widths[i]) << "a later curve would hide an earlier one";
}

TEST(GnuplotPlot, ErrorbarsDrawTheIntervalColumn) {
  const std::string script = gnuplot_script(lif_plot(true), "results.csv", {{"mds", {}}, {"rr", {}}});
  EXPECT_NE(script.find("column(\"lif_ci95\")"), std::string::npos) << script;
  EXPECT_NE(script.find("$mean1 using 1:2:(ci1[int($0) + 1]) with yerrorlines"), std::string::npos) << script;
  EXPECT_EQ(gnuplot_script(lif_plot(false), "results.csv", {{"mds", {}}}).find("ci95"), std::string::npos);
}

TEST(GnuplotPlot, AnErrorbarPlotIsDrawnFromARun) {
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot not installed";
  TempDir dir("errorbars");
  const std::string file = dir.file("e.yaml", R"(name: eb
kind: task_tree
topology: {kind: let, depth: 1}
scheduler: mds
workload: {kind: random, spawn: 0.9, fanout: 2, depth: 5}
trees: 8
repetitions: 2
sweep:
  scheduler: [mds, rr]
outputs:
  plots:
    - {name: lif, x: level, y: lif, series: scheduler, errorbars: true}
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string svg = read_file(dir.path() / "out" / "lif.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(read_file(dir.path() / "out" / "summary.json").find("\"lif.svg\""), std::string::npos);
}

}  // namespace
}  // namespace mpnsim
