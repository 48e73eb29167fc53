// Plot scripts: every curve is told apart by more than colour, and error bars come from the interval column
// or, where a kind writes none, from the repetitions.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>
#include <sstream>
#include <sys/wait.h>
#include <set>

#include <fmt/format.h>

#include "experiments/output/gnuplot_plot.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

// Without gnuplot these tests fail, unless the build was configured to go without it
// (MPNSIM_ALLOW_MISSING_TOOLS, which leaves MPNSIM_TOOLS_REQUIRED undefined): then they skip.
#if defined(MPNSIM_TOOLS_REQUIRED)
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) FAIL() << "gnuplot not installed (configure with -DMPNSIM_ALLOW_MISSING_TOOLS=ON to skip)"
#else
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot not installed (MPNSIM_ALLOW_MISSING_TOOLS)"
#endif

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

// optimality.yaml's twelve schedulers: gnuplot's own colours repeat after eight, ours after twelve,
// and a variant's legend title is its short name, while its rows are still picked by its value.
TEST(GnuplotPlot, TwelveCurvesHaveTwelveColoursAndTheirVariantNames) {
  std::vector<PlotSeries> series;
  for (int i = 0; i < 12; ++i) series.push_back({fmt::format("s{}", i), {}});
  series[0] = {"{name: heft, comm: free}", {0}, "heft/free"};
  const std::string script = gnuplot_script(lif_plot(false), "results.csv", series);
  const std::regex colour(R"re(lc rgb "(#[0-9A-Fa-f]{6})")re");
  std::set<std::string> colours;
  for (auto it = std::sregex_iterator(script.begin(), script.end(), colour); it != std::sregex_iterator(); ++it)
    colours.insert((*it)[1]);
  EXPECT_EQ(colours.size(), 12u) << script;
  EXPECT_NE(script.find("title \"heft/free\""), std::string::npos) << script;
  EXPECT_EQ(script.find("title \"{name"), std::string::npos) << script;
  EXPECT_NE(script.find("column(\"point\") == 0"), std::string::npos) << script;
}

TEST(GnuplotPlot, ErrorbarsDrawTheIntervalColumn) {
  const std::string script = gnuplot_script(lif_plot(true), "results.csv", {{"mds", {}}, {"rr", {}}});
  EXPECT_NE(script.find("column(\"lif_ci95\")"), std::string::npos) << script;
  EXPECT_NE(script.find("$mean1 using 1:2:(ci1[int($0) + 1]) with yerrorlines"), std::string::npos) << script;
  EXPECT_EQ(gnuplot_script(lif_plot(false), "results.csv", {{"mds", {}}}).find("ci95"), std::string::npos);
}

TEST(GnuplotPlot, AnErrorbarPlotIsDrawnFromARun) {
  NEED_GNUPLOT();
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

// mark_min: each curve's lowest point, found among all of y's digits (a table keeps six), as
// the point with x = 3 in this CSV, where x = 2 is lower only in the seventh digit.
TEST(GnuplotPlot, MarkMinMarksTheLowestPointOfEachCurve) {
  NEED_GNUPLOT();
  TempDir dir("markmin");
  dir.file("results.csv", "point,s,x,y\n0,a,1,0.5\n1,a,2,0.33333349\n2,a,3,0.33333334\n3,a,4,0.4\n"
                          "4,b,1,0.2\n5,b,2,0.3\n6,b,3,0.4\n7,b,4,0.5\n");
  PlotSpec p = lif_plot(false);
  p.name = "m";
  p.x = "x";
  p.y = "y";
  p.series = "s";
  p.mark_min = true;
  std::string script = gnuplot_script(p, "results.csv", {{"a", {0, 1, 2, 3}}, {"b", {4, 5, 6, 7}}});
  EXPECT_NE(script.find("$best1 using 1:2 with points"), std::string::npos);
  // Print the marked points instead of drawing them.
  script = script.substr(0, script.find("set terminal")) + "print $best0\nprint $best1\n";
  dir.file("m.gp", script);
  const auto r = testing::run_in(dir.path(), "gnuplot m.gp", 30);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("3 0.333333339999"), std::string::npos) << r.output;  // %.17g of 0.33333334
  EXPECT_NE(r.output.find("1 0.2"), std::string::npos) << r.output;
}

// Issue #21 H0: a plot title with a line break ran the next line as a gnuplot command (and
// gnuplot runs `backquotes` inside double-quoted strings). Every text is now a string that
// reads back as itself, with no raw control character and no backquote in the script.
PlotSpec hostile_plot() {
  PlotSpec p;
  p.name = "d";
  p.x = "nodes";
  p.y = "diameter";
  p.series = "sch`touch PWNED_SERIES`";
  p.title = "x\nprint system('echo INJECTED > PWNED')\n#";
  p.xlabel = "a`touch PWNED_X`b\\";
  p.ylabel = "c\rd\x01@e$f\x7f";
  return p;
}

TEST(GnuplotPlot, H0HostileTextStaysInsideQuotedStrings) {
  const std::string script =
      gnuplot_script(hostile_plot(), "results.csv", {{"a\nsystem('touch PWNED_V')", {0}}, {"b`touch PWNED_W`", {1}}});
  for (const char c : script) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_TRUE(c == '\n' || (u >= 0x20 && u != 0x7f)) << "raw control character " << int(u) << " in\n" << script;
  }
  EXPECT_EQ(script.find('`'), std::string::npos) << script;
  EXPECT_EQ(script.find("\nprint"), std::string::npos) << script;
  EXPECT_NE(script.find(R"(set title "x\012print system('echo INJECTED > PWNED')\012#" noenhanced)"),
            std::string::npos)
      << script;
  EXPECT_EQ(gnuplot_string("a\"b\\c`d\n7"), R"("a\"b\\c\140d\0127")");
}

TEST(GnuplotPlot, H0HostileScriptRunsNoCommand) {
  NEED_GNUPLOT();
  TempDir dir("h0");
  dir.file("results.csv", "point,repetition,seed,nodes,diameter,sch`touch PWNED_SERIES`\n0,0,1,4,2,a\n1,0,1,8,3,b\n");
  dir.file("d.gp", gnuplot_script(hostile_plot(), "results.csv", {{"a", {0}}, {"b`touch PWNED_W`", {1}}}));
  std::string error;
  run_gnuplot(dir.path(), "d.gp", error);
  for (const auto& e : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().filename().string().find("PWNED"), std::string::npos) << "gnuplot ran a command: " << error;
  EXPECT_EQ(error.find("sh: "), std::string::npos) << "a shell ran: " << error;
}

TEST(GnuplotPlot, H0ValidateRefusesAPlotTitleWithALineBreak) {
  TempDir dir("h0validate");
  const std::string file = dir.file("plotinj.yaml", R"(name: plotinj
kind: topology
topology: {kind: let}
sweep:
  topology.depth: "1:3"
outputs:
  plots:
    - {name: d, x: nodes, y: diameter, title: "x\nprint system('echo INJECTED > PWNED')\n#"}
)");
  const auto r = run_mpnsim("validate " + file);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("plotinj.yaml"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("outputs.plots[0].title"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("a line break"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("without control characters"), std::string::npos) << r.output;
  std::string label = read_file(file);
  label.replace(label.find("title:"), 6, "xlabel:");
  std::ofstream(file) << label;
  EXPECT_EQ(run_mpnsim("validate " + file).exit_code, 2);
}

// A DAG experiment writes no speedup_ci95: with repetitions, the bars are the Student-t intervals of
// the repetitions, computed here again from results.csv (t(0.975, 4) = 2.7764451051977987, from
// tables) and found in the script to the printed digits.
TEST(GnuplotPlot, ErrorbarsWithoutAnIntervalColumnComeFromTheRepetitions) {
  TempDir dir("computed-errorbars");
  const std::string file = dir.file("e.yaml", R"(name: eb
kind: dag
machine:
  topology: {kind: hypercube, dim: 2}
workload: {kind: random-dag, tasks: 20, max_in: 2, max_out: 2}
scheduler: {name: heft}
repetitions: 5
sweep:
  scheduler.name: [heft, lps]
  machine.topology.dim: [1, 2]
outputs:
  plots:
    - {name: s, x: machine.topology.dim, y: speedup, series: scheduler.name, errorbars: true}
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // speedup per (scheduler, dim) from results.csv
  std::istringstream csv(read_file(dir.path() / "out" / "results.csv"));
  std::string line;
  std::getline(csv, line);
  std::vector<std::string> header;
  for (std::stringstream h(line); std::getline(h, line, ',');) header.push_back(line);
  const auto col = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  std::map<std::pair<std::string, double>, std::vector<double>> runs;
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    for (std::stringstream row(line); std::getline(row, line, ',');) f.push_back(line);
    runs[{f[col("scheduler.name")], std::stod(f[col("machine.topology.dim")])}].push_back(std::stod(f[col("speedup")]));
  }
  ASSERT_EQ(runs.size(), 4u);
  const std::string script = read_file(dir.path() / "out" / "s.gp");
  int curve = 0;
  for (const std::string scheduler : {"heft", "lps"}) {
    const auto block = script.find("$mean" + std::to_string(curve++) + " << EOD\n");
    ASSERT_NE(block, std::string::npos) << script;
    std::istringstream rows(script.substr(block));
    std::getline(rows, line);
    for (const double dim : {1.0, 2.0}) {
      const auto& v = runs[{scheduler, dim}];
      ASSERT_EQ(v.size(), 5u);
      double mean = 0, ss = 0;
      for (double x : v) mean += x / 5;
      for (double x : v) ss += (x - mean) * (x - mean);
      const double ci = 2.7764451051977987 * std::sqrt(ss / 4) / std::sqrt(5.0);
      double x = 0, m = 0, c = 0;
      rows >> x >> m >> c;
      EXPECT_EQ(x, dim);
      EXPECT_NEAR(m, mean, 1e-12 * mean) << scheduler << " " << dim;
      EXPECT_NEAR(c, ci, 1e-9 * (ci + 1e-300)) << scheduler << " " << dim;
    }
  }
  EXPECT_NE(script.find("$mean1 using 1:2:3 with yerrorlines"), std::string::npos) << script;
  // Axes the file leaves unlabelled: the swept network parameter by its family's declaration,
  // the metric by its declared meaning.
  EXPECT_NE(script.find("set xlabel \"Dimension d (machine.topology.dim)\""), std::string::npos) << script;
  EXPECT_NE(script.find("set ylabel \"t1 (all work on the fastest processor) over makespan (speedup)\""),
            std::string::npos)
      << script;
  if (gnuplot_available()) {
    EXPECT_NE(read_file(dir.path() / "out" / "s.svg").find("<svg"), std::string::npos);
  }
}

TEST(GnuplotPlot, ErrorbarsWithoutAnIntervalNeedRepetitions) {
  TempDir dir("computed-errorbars-one");
  const std::string file = dir.file("e.yaml", "name: eb\nkind: dag\nmachine:\n  topology: {kind: hypercube, dim: 2}\n"
                                              "workload: {kind: random-dag, tasks: 20}\nscheduler: {name: heft}\n"
                                              "outputs:\n  plots:\n    - {x: processors, y: speedup, errorbars: true}\n");
  const auto r = run_mpnsim("validate " + file);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("set repetitions to 2 or more"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace mpnsim
