// Tasks named one to one in every output where a file's names repeat (issue #40 item 5).
#include <gtest/gtest.h>

#include <set>
#include <tuple>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/unique_task_names.hpp"
#include "workloads/dag/wfcommons_format.hpp"

namespace mpnsim {
namespace {

using testing::TempDir;

std::string data(const std::string& name) { return std::string(MPNSIM_SOURCE_DIR) + "/tests/data/" + name; }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(UniqueTaskNames, OnlyRepeatedNamesGetTheirIds) {
  EXPECT_EQ(unique_task_names({"a", "b", "a"}, {"1", "2", "3"}), (std::vector<std::string>{"a#1", "b", "a#3"}));
  EXPECT_EQ(unique_task_names({"a", "b"}, {"1", "2"}), (std::vector<std::string>{"a", "b"}));
  // "a#2" is another task's own name: every task goes by its id, which is unique.
  EXPECT_EQ(unique_task_names({"a", "a", "a#2"}, {"1", "2", "x"}), (std::vector<std::string>{"1", "2", "x"}));
}

// The DOT mpnsim writes for a graph whose names repeat reads back as the same graph: same
// tasks in the same order with the same names and works, same edges with the same data.
TEST(UniqueTaskNames, WriteDotThenReadGivesTheSameGraph) {
  const TaskGraph g = read_wfcommons_file(data("wfcommons/repeated-names.wfformat-1.4.json"));
  const TaskGraph back = read_dot(write_dot(g), "back.dot");
  ASSERT_EQ(back.size(), 4);
  ASSERT_EQ(back.size(), g.size());
  for (int t = 0; t < g.size(); ++t) {
    EXPECT_EQ(back.task(t).name, g.task(t).name) << t;
    EXPECT_EQ(back.task(t).work, g.task(t).work) << t;
  }
  ASSERT_EQ(back.edge_count(), 3);
  ASSERT_EQ(back.edge_count(), g.edge_count());
  std::set<std::tuple<std::string, std::string, double>> a, b;
  for (const auto& e : g.edges()) a.emplace(g.task(e.from).name, g.task(e.to).name, e.data);
  for (const auto& e : back.edges()) b.emplace(back.task(e.from).name, back.task(e.to).name, e.data);
  EXPECT_EQ(a, b);
  // Written by hand from the file: align ID01 -> merge (a1.bam), align ID02 -> merge (a2.bam).
  EXPECT_TRUE(a.count({"align#ID01", "merge", 300.0}));
  EXPECT_TRUE(a.count({"align#ID02", "merge", 400.0}));
}

// Every file of `mpnsim dag` names each task once: the schedule CSV has one row per name, the
// DOT one node per task, and the Gantt chart and trace show both aligns.
TEST(UniqueTaskNames, EveryOutputOfTheDagCommandNamesEachTaskOnce) {
  TempDir dir("unique-names");
  const auto p = [&](const char* f) { return (dir.path() / f).string(); };
  const auto r = testing::run_mpnsim("dag -q --graph " + data("wfcommons/repeated-names.wfformat-1.4.json") +
                                     " --topology hypercube --dim 1 --scheduler heft --schedule " + p("s.csv") +
                                     " --messages " + p("m.csv") + " --write-dot " + p("g.dot") + " --gantt " +
                                     p("g.svg") + " --trace " + p("t.json"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = testing::read_file(p("s.csv"));
  std::set<std::string> first_fields;
  int rows = 0;
  for (std::size_t at = csv.find('\n') + 1; at < csv.size(); at = csv.find('\n', at) + 1) {
    first_fields.insert(csv.substr(at, csv.find(',', at) - at));
    ++rows;
  }
  EXPECT_EQ(rows, 4) << csv;
  EXPECT_EQ(first_fields, (std::set<std::string>{"align#ID01", "align#ID02", "merge", "stats"})) << csv;
  const TaskGraph back = read_dot_file(p("g.dot"));
  EXPECT_EQ(back.size(), 4);
  EXPECT_EQ(back.edge_count(), 3);
  // The trace names every task; the Gantt chart names the messages by their edges (align#ID01
  // on processor 1 sends to merge on processor 0, computed by hand from the runtimes).
  const std::string trace = testing::read_file(p("t.json"));
  EXPECT_TRUE(contains(trace, "\"align#ID01\"")) << trace;
  EXPECT_TRUE(contains(trace, "\"align#ID02\"")) << trace;
  EXPECT_TRUE(contains(testing::read_file(p("g.svg")), "align#ID01-&gt;merge"));
  EXPECT_EQ(testing::read_file(p("m.csv")), "edge,hop,link,from,to,start,finish\nalign#ID01->merge,0,0,1,0,2,302\n");
}

}  // namespace
}  // namespace mpnsim
