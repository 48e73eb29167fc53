// Bar and box plots with a text or variant column as x: short variant names on the axis, numbers
// computed by mpnsim, every text escaped for gnuplot, and the figure drawn from a run (issue #37).
#include <gtest/gtest.h>

#include "experiments/output/category_plot.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

#if defined(MPNSIM_TOOLS_REQUIRED)
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) FAIL() << "gnuplot not installed (configure with -DMPNSIM_ALLOW_MISSING_TOOLS=ON to skip)"
#else
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot not installed (MPNSIM_ALLOW_MISSING_TOOLS)"
#endif

PlotSpec plot_of(PlotKind kind) {
  PlotSpec p;
  p.name = "p";
  p.kind = kind;
  p.x = "scheduler";
  p.y = "makespan";
  p.xlabel = "scheduler";
  p.ylabel = "makespan";
  p.errorbars = kind == PlotKind::bar;
  return p;
}

CategoryPlotData two_cells() {
  CategoryPlotData d;
  d.categories = {"heft/free", "`rm -rf x` \"q\" $v @w\n"};
  d.series = {""};
  CategoryCell a;
  a.category = 0;
  a.count = 3;
  a.mean = 2.5;
  a.ci95 = 0.25;
  a.q1 = 2, a.median = 2.5, a.q3 = 3, a.low_whisker = 1, a.high_whisker = 4;
  a.outliers = {9};
  CategoryCell b = a;
  b.category = 1;
  b.count = 1;  // one row: no interval
  b.outliers.clear();
  d.cells = {a, b};
  return d;
}

TEST(CategoryPlot, TicksAreTheCategoriesEscaped) {
  const std::string gp = category_plot_script(plot_of(PlotKind::bar), two_cells());
  EXPECT_NE(gp.find("set xtics (\"heft/free\" 0, \"\\140rm -rf x\\140 \\\"q\\\" \\044v \\100w\\\\x0a\" 1)"),
            std::string::npos)
      << gp;
  EXPECT_EQ(gp.find('`'), std::string::npos) << gp;
  // Bars at the category, the interval only where there are two rows or more.
  EXPECT_NE(gp.find("$cells0 << EOD\n0 2.5 0.25\n1 2.5 0.25\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("$intervals0 << EOD\n0 2.5 0.25\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("with yerrorbars"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set yrange [0:*]"), std::string::npos) << gp;
}

TEST(CategoryPlot, BoxesDrawQuartilesWhiskersMediansAndOutliers) {
  const std::string gp = category_plot_script(plot_of(PlotKind::box), two_cells());
  // x, q1, low whisker, high whisker, q3, median, mean.
  EXPECT_NE(gp.find("$cells0 << EOD\n0 2 1 4 3 2.5 2.5\n1 2 1 4 3 2.5 2.5\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("$outliers0 << EOD\n0 9\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("using 1:2:3:4:5 with candlesticks whiskerbars"), std::string::npos) << gp;
  EXPECT_NE(gp.find("using 1:6:6:6:6 with candlesticks"), std::string::npos) << gp;
  EXPECT_EQ(gp.find("yerrorbars"), std::string::npos) << gp;
}

TEST(CategoryPlot, SeriesStandSideBySideWithTheirOwnColourAndFill) {
  CategoryPlotData d = two_cells();
  d.series = {"0.5", "2"};
  d.cells[1].category = 0;
  d.cells[1].series = 1;
  PlotSpec p = plot_of(PlotKind::bar);
  p.series = "ec_ratio";
  const std::string gp = category_plot_script(p, d);
  EXPECT_NE(gp.find("$cells0 << EOD\n-0.2 2.5 0.25\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("$cells1 << EOD\n0.2 2.5 0.25\nEOD\n"), std::string::npos) << gp;
  EXPECT_NE(gp.find("lc rgb \"#0072B2\" fs solid 0.45 border lc rgb \"black\" title \"0.5\""), std::string::npos) << gp;
  EXPECT_NE(gp.find("lc rgb \"#D55E00\" fs pattern 4 border lc rgb \"black\" title \"2\""), std::string::npos) << gp;
}

constexpr const char* kStudy = R"(name: study
kind: dag
machine: {topology: {kind: mesh, rows: 2, cols: 2}, processor: {w: 1, send_ports: 1, recv_ports: 1}}
workload: {kind: random-dag, tasks: 10, max_in: 2, max_out: 2, exec_min: 1, exec_max: 9, data_min: 1, data_max: 9}
scheduler: {name: heft}
repetitions: 4
sweep:
  scheduler: [{name: heft, comm: free}, {name: heft, comm: contention}, {name: lps, label: LPS}]
  ec_ratio: [0.5, 2]
)";

// The newcomer's figure: a box per scheduler variant, named heft/free, never {name: heft, comm: free}.
TEST(CategoryPlot, AVariantColumnIsTheXOfABoxPlotFromARun) {
  NEED_GNUPLOT();
  TempDir dir("category-run");
  const std::string file = dir.file("e.yaml", std::string(kStudy) + R"(outputs:
  plots:
    - {name: box, kind: box, x: scheduler, y: replayed_makespan, series: ec_ratio}
    - {name: bar, kind: bar, x: scheduler, y: replayed_makespan}
    - {name: line, x: ec_ratio, y: replayed_makespan, series: scheduler}
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* name : {"box", "bar", "line"}) {
    const std::string gp = read_file(dir.path() / "out" / (std::string(name) + ".gp"));
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / (std::string(name) + ".png"))) << name;
    EXPECT_NE(gp.find("\"heft/contention\""), std::string::npos) << gp;
    EXPECT_NE(gp.find("\"LPS\""), std::string::npos) << gp;
    EXPECT_EQ(gp.find("{name: heft"), std::string::npos) << gp;
  }
  // Bars are the mean of 2 x 4 rows per variant: the same for every run.
  const auto again = run_mpnsim("run " + file + " -q -o " + (dir.path() / "again").string());
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(read_file(dir.path() / "out" / "bar.gp"), read_file(dir.path() / "again" / "bar.gp"));
}

TEST(CategoryPlot, ATextXIsRefusedOnlyForALinePlot) {
  TempDir dir("category-refused");
  const std::string line = dir.file("l.yaml", std::string(kStudy) + "outputs: {plots: [{x: scheduler, y: makespan}]}\n");
  const auto r = run_mpnsim("validate " + line);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("kind: bar or kind: box"), std::string::npos) << r.output;
  const std::string box = dir.file("b.yaml", std::string(kStudy) + "outputs: {plots: [{kind: box, x: scheduler, y: makespan}]}\n");
  EXPECT_EQ(run_mpnsim("validate " + box).exit_code, 0);
  const std::string bad = dir.file("c.yaml", std::string(kStudy) + "outputs: {plots: [{kind: pie, x: scheduler, y: makespan}]}\n");
  const auto c = run_mpnsim("validate " + bad);
  EXPECT_EQ(c.exit_code, 2) << c.output;
  EXPECT_NE(c.output.find("expected line, bar or box"), std::string::npos) << c.output;
  const std::string log = dir.file("d.yaml", std::string(kStudy) + "outputs: {plots: [{kind: bar, x: scheduler, y: makespan, logy: true}]}\n");
  EXPECT_EQ(run_mpnsim("validate " + log).exit_code, 2);
}

}  // namespace
}  // namespace mpnsim
