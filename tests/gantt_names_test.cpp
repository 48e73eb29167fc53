// A DAG's task names on its Gantt bars where they fit, and in each bar's SVG tooltip where they do not;
// names come from input files and are escaped (issue #37).
#include <gtest/gtest.h>

#include <regex>

#include "experiments/output/gantt_svg.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

// Two tasks on one processor: a long one with a short name, a short one with a long name.
Timeline two_tasks(const std::string& wide_name, const std::string& narrow_name) {
  Timeline t;
  t.add(ComputeRecord{0, t.intern(wide_name), 0, 90, 90});
  t.add(ComputeRecord{0, t.intern(narrow_name), 90, 91, 1});
  return t;
}

// The texts written on bars (font-size 9), unescaped neither way: as the SVG holds them.
std::vector<std::string> bar_texts(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex text(R"re(<text [^>]*font-size="9"[^>]*>([^<]*)</text>)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

TEST(GanttNames, ANameIsOnItsBarWhereItFitsAndInTheTooltipAlways) {
  const std::string svg = gantt_svg(two_tasks("wide", "a-name-far-too-long-for-its-bar"), 1, {});
  EXPECT_EQ(bar_texts(svg), std::vector<std::string>{"wide"}) << svg;
  EXPECT_NE(svg.find("<title>P0 computes wide: 90 units, 0 .. 90</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>P0 computes a-name-far-too-long-for-its-bar: 1 units, 90 .. 91</title>"),
            std::string::npos)
      << svg;
}

TEST(GanttNames, NamesAreEscapedForXml) {
  const std::string svg = gantt_svg(two_tasks("<b>&\"x\x01", "</title><script>"), 1, {});
  EXPECT_EQ(svg.find("<script>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("<b>"), std::string::npos) << svg;
  EXPECT_EQ(bar_texts(svg), std::vector<std::string>{"&lt;b&gt;&amp;&quot;x\\x01"}) << svg;
  EXPECT_NE(svg.find("&lt;/title&gt;&lt;script&gt;"), std::string::npos) << svg;
}

// Computations without names (a divisible load's) keep the thin lanes and write no names.
TEST(GanttNames, UnnamedComputationsKeepTheirThinRows) {
  Timeline t;
  t.add(ComputeRecord{0, 0, 0, 10, 10});
  const std::string svg = gantt_svg(t, 1, {});
  EXPECT_TRUE(bar_texts(svg).empty());
  EXPECT_NE(svg.find("height=\"6\" fill=\"#f28e2b\""), std::string::npos) << svg;
}

// A DOT graph's task names reach the experiment's Gantt charts.
TEST(GanttNames, AnExperimentsGanttNamesItsTasks) {
  TempDir dir("gantt-names");
  dir.file("g.dot", "digraph g { load [size=4]; solve [size=6]; load -> solve [size=1]; }\n");
  const std::string file = dir.file("e.yaml", R"(name: g
kind: dag
machine: {topology: {kind: hypercube, dim: 1}}
workload: {kind: dot, file: g.dot}
scheduler: {name: heft}
outputs: {gantt: true}
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string svg = read_file(dir.path() / "out" / "gantt" / "point0_rep0_heft_hypercube-dim1.svg");
  EXPECT_EQ(bar_texts(svg), (std::vector<std::string>{"load", "solve"})) << svg;
}

}  // namespace
}  // namespace mpnsim
