// Regression tests of issue #12 for the DOT, STG and tree readers and the DAG generator (reproducers F2, F7, F8, F9).
#include <gtest/gtest.h>

#include <cmath>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/stg_format.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The reproducers copied from shared/findings/2026-11-23 (see tests/data/findings/README.md).
std::string finding(const std::string& name) {
  return std::string(MPNSIM_SOURCE_DIR) + "/tests/data/findings/" + name;
}

template <class F>
std::string input_error_of(F&& f) {
  try {
    f();
  } catch (const WorkloadInputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no WorkloadInputError";
  return {};
}

// CPU seconds, not wall time: the test machine may be busy with other builds.
double seconds_of(const std::function<void()>& f) {
  const std::clock_t t0 = std::clock();
  f();
  return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
}

nlohmann::json json_of(const std::string& output) {
  const auto b = output.find('{');
  const auto e = output.rfind('}');
  return nlohmann::json::parse(output.substr(b, e - b + 1));
}

std::string nested_dot(int depth) {
  return "digraph g {" + std::string(static_cast<std::size_t>(depth), '{') + " a [size=1] " +
         std::string(static_cast<std::size_t>(depth), '}') + "}\n";
}

// F2: 20 000 nested braces overflowed the parser's stack (SIGSEGV).
TEST(DotReader, DeepNestingIsRefusedCleanly) {
  const std::string e = input_error_of([] { read_dot(nested_dot(20000), "deep.dot"); });
  EXPECT_TRUE(contains(e, "deep.dot:1: subgraphs nest deeper than 256 levels")) << e;
  EXPECT_EQ(read_dot(nested_dot(256), "ok.dot").size(), 1);  // at the limit: fine
  TempDir dir("hardening-f2");
  const std::string file = dir.file("deep.dot", nested_dot(20000));
  const auto r = run_mpnsim("dag --graph " + file + " --topology let --depth 2 --scheduler lps");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "nest deeper than 256")) << r.output;
}

// Every subgraph copied its scope's whole default attribute maps: 20 000 subgraphs under a
// `node [...]` list of 20 000 attributes made 4e8 copies. Only `size` is inherited now.
TEST(DotReader, ManySubgraphsUnderLongDefaultsReadInLinearTime) {
  std::string text = "digraph {\n node [size=1";
  for (int i = 0; i < 20000; ++i) text += fmt::format(", a{}=x", i);
  text += "]\n";
  for (int i = 0; i < 20000; ++i) text += "{ } ";
  text += "t\n}\n";
  TaskGraph g;
  EXPECT_LT(seconds_of([&] { g = read_dot(text, "wide.dot"); }), 1.0);
  EXPECT_EQ(g.size(), 1);
  EXPECT_EQ(g.task(0).work, 1);
}

// F7: "size=3.5e-06" was read as 3.5 (the exponent became stray attributes), and 1e+20 was refused.
TEST(DotReader, ReadsNumbersWithExponents) {
  const TaskGraph g = read_dot_file(finding("F7_dot_exponent.dot"));
  ASSERT_EQ(g.edge_count(), 1);
  EXPECT_EQ(g.edge(0).data, 3.5e-06);
  const TaskGraph h = read_dot("digraph { a [size=1e+20]; b [size=2.5E19]; c [size=7e+5]; a -> b [size=1e17] }", "x.dot");
  EXPECT_EQ(h.task(0).work, 1e20);
  EXPECT_EQ(h.task(1).work, 2.5e19);
  EXPECT_EQ(h.task(2).work, 7e5);
  EXPECT_EQ(h.edge(0).data, 1e17);
  // A number run into letters or a second dot is two IDs in a row: refused, not split.
  for (const char* bad : {"digraph { a [size=3.5x] }", "digraph { a [size=1.5.2] }", "digraph { a [size=2e] }"}) {
    const std::string e = input_error_of([&] { read_dot(bad, "b.dot"); });
    EXPECT_TRUE(contains(e, "b.dot:1: badly delimited number")) << e;
  }
}

// F7: the writer prints the shortest form that reads back (exponents included): every value
// comes back bit for bit.
TEST(DotReader, WriterRoundTripsEveryMagnitude) {
  const std::vector<std::vector<double>> groups{
      {1e20, 3e19, 7.25e18}, {3.5e-06, 1e-06, 0.1 + 0.2}, {1e-300, 2.5e-300, 1e-301}, {1e140, 3e139, 2e139}};
  for (const auto& values : groups) {
    TaskGraph g("round");
    for (std::size_t i = 0; i < values.size(); ++i) g.add_task(fmt::format("t{}", i), values[i]);
    for (int i = 0; i + 1 < g.size(); ++i) g.add_edge(i, i + 1, values[static_cast<std::size_t>(i)] / 3);
    g.finalize();
    const TaskGraph back = read_dot(write_dot(g), "round.dot");
    for (int t = 0; t < g.size(); ++t) EXPECT_EQ(back.task(t).work, g.task(t).work) << write_dot(g);
    for (int e = 0; e < g.edge_count(); ++e) EXPECT_EQ(back.edge(e).data, g.edge(e).data) << write_dot(g);
  }
}

// Found by fuzzing: a name from an HTML ID holding a backslash before a line break was
// written quoted, where that backslash is a line continuation, and came back changed.
TEST(DotReader, WriterKeepsNamesQuotingCannotHold) {
  const TaskGraph g = read_dot("digraph { <a\\\nb> [size=1]; <c\\> [size=2]; \"d\\\"e\" [size=3] }", "h.dot");
  ASSERT_EQ(g.size(), 3);
  EXPECT_EQ(g.task(0).name, "a\\\nb");
  EXPECT_EQ(g.task(1).name, "c\\");
  EXPECT_EQ(g.task(2).name, "d\"e");
  const TaskGraph back = read_dot(write_dot(g), "back.dot");
  for (int t = 0; t < g.size(); ++t) EXPECT_EQ(back.task(t).name, g.task(t).name) << write_dot(g);
  TaskGraph odd;
  odd.add_task("x>\\\n", 1);  // neither quotable nor balanced
  EXPECT_THROW(write_dot(odd), std::invalid_argument);
}

// F7 through the CLI: --ec-ratio 1e6 scales the data to numbers written with exponents;
// reading the written graph back gave ec_ratio 1 instead of 10^6.
TEST(DotReader, EcRatioWriteDotReadsBackTheSameRun) {
  TempDir dir("hardening-f7");
  const std::string dot = dir.file("g.dot", "digraph g { node [size=3]; a -> b [size=1]; a -> c [size=2]; b -> d [size=0]; c -> d [size=1] }\n");
  const std::string written = (dir.path() / "w.dot").string();
  const std::string tail = " --topology chain --n 2 --scheduler heft --format json";
  const auto first = run_mpnsim("dag --graph " + dot + " --ec-ratio 1e6 --write-dot " + written + tail);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto second = run_mpnsim("dag --graph " + written + tail);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  const auto a = json_of(first.output), b = json_of(second.output);
  EXPECT_NEAR(b["ec_ratio"].get<double>(), 1e6, 1e-9 * 1e6);
  EXPECT_EQ(a["makespan"].get<double>(), b["makespan"].get<double>());
}

// A ratio far from the graph's own scales the data past the model's arithmetic: refused like
// such sizes read from a file, not scheduled with infinite message times. A ratio outside
// [1e-6, 1e6] is refused before the graph is read; inside it, a graph whose data cannot take it.
TEST(DotReader, EcRatioThatScalesTheDataPastTheNumberRulesIsRefused) {
  TempDir dir("hardening-ec");
  const std::string dot = dir.file("g.dot", "digraph g { node [size=3]; a -> b [size=1]; a -> c [size=2]; b -> d [size=0]; c -> d [size=1] }\n");
  auto r = run_mpnsim("dag --graph " + dot + " --ec-ratio 1e-200 --topology chain --n 2 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("ec-ratio: expected a number in [1e-06, 1e+06], got 1e-200"), std::string::npos) << r.output;
  const std::string spread = dir.file("s.dot", "digraph g { node [size=1]; a [size=1e15]; a -> b [size=1]; a -> c [size=1e12] }\n");
  r = run_mpnsim("dag --graph " + spread + " --ec-ratio 1e-6 --topology chain --n 2 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("ec_ratio 1e-06 scales the data by"), std::string::npos) << r.output;
}

// F8: a work of 1e17 next to a work of 1: the 1 is lost entirely when added to 1e17, and
// HEFT's own schedule failed the validity checker. Now refused up front, at the line of the value.
TEST(DotReader, RefusesValuesLostInTheGraphsSums) {
  const std::string e = input_error_of([] { read_dot_file(finding("F8_float_absorption.dot")); });
  EXPECT_TRUE(contains(e, "F8_float_absorption.dot:1: task 'b' has work 1")) << e;
  EXPECT_TRUE(contains(e, "lost entirely")) << e;
  const auto r = run_mpnsim("dag --graph " + finding("F8_float_absorption.dot") +
                            " --topology chain --n 2 --scheduler heft --format json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  // 2^53 times apart is the limit: 1e15 next to 1 still adds exactly.
  EXPECT_NO_THROW(read_dot("digraph { a [size=1e15]; b [size=1]; a -> b [size=0] }", "ok.dot"));
  // Totals that could overflow the model's arithmetic.
  const std::string big = input_error_of([] { read_dot("digraph {\n a [size=1e200]\n}", "big.dot"); });
  EXPECT_TRUE(contains(big, "big.dot:2: task 'a' has work 1e+200, above mpnsim's limit of 1e+150")) << big;
  const std::string sum = input_error_of([] {
    read_dot("digraph {\n a [size=9e149]; b [size=9e149]\n a -> b [size=1e149]\n}", "sum.dot");
  });
  EXPECT_TRUE(contains(sum, "add up to 1.9e+150")) << sum;
}

// The two fuzzed STG files with a task of work 1e23 and 1e308 (LPS's schedules were invalid).
TEST(StgReader, RefusesWorksOutsideTheModelsRange) {
  for (const char* name : {"exit1_bd0a49645f.stg", "exit1_9665ed32b3.stg"}) {
    const std::string e = input_error_of([&] { read_stg_file(finding(name)); });
    EXPECT_TRUE(contains(e, name)) << e;
    const auto r = run_mpnsim("dag --graph " + finding(name) + " --topology let --depth 2 --scheduler lps");
    EXPECT_EQ(r.exit_code, 2) << r.output;
  }
  const std::string e = input_error_of([] { read_stg_file(finding("exit1_bd0a49645f.stg")); });
  EXPECT_TRUE(contains(e, "exit1_bd0a49645f.stg:5: task 'T3' has work 1e+308")) << e;
}

// F9: a 10-byte header announcing 10^8 tasks allocated 2.7 GB for 8 s before refusing.
TEST(StgReader, HugeHeaderIsRefusedBeforeAllocating) {
  std::string e;
  const double took = seconds_of([&] { e = input_error_of([] { read_stg_file(finding("F9_stg_huge_header.stg")); }); });
  EXPECT_LT(took, 0.5);
  EXPECT_TRUE(contains(e, "F9_stg_huge_header.stg:1: the file announces 100000000 tasks")) << e;
  EXPECT_TRUE(contains(e, "GiB")) << e;
  // Past 64 bits, and a count the file is too short for.
  e = input_error_of([] { read_stg("99999999999999999999999\n", "h.stg"); });
  EXPECT_TRUE(contains(e, "h.stg:1: the file announces 99999999999999999999999 tasks")) << e;
  e = input_error_of([] { read_stg("50000\n0 0 0\n1 1 1 0\n", "short.stg"); });
  EXPECT_TRUE(contains(e, "short.stg:1: the file announces 50000 tasks, so 50002 records")) << e;
  e = input_error_of([] { read_stg("-3\n", "neg.stg"); });
  EXPECT_TRUE(contains(e, "neg.stg:1: the number of tasks must be in 0..15999998, found -3")) << e;
  e = input_error_of([] { read_stg("1\n0 0 0\n1 1 1 99999999999999999999\n2 0 1 1\n", "p.stg"); });
  EXPECT_TRUE(contains(e, "p.stg:3: a predecessor of task 1 must be in 0..2, found 99999999999999999999")) << e;
  const auto r = run_mpnsim("dag --graph " + finding("F9_stg_huge_header.stg") + " --topology let --depth 2 --scheduler lps");
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

// A record listing many predecessors was checked for repeats against the list so far:
// quadratic, minutes for a few megabytes. 200 000 predecessors of the exit task now read at once.
TEST(StgReader, ManyPredecessorsReadInLinearTime) {
  const int n = 200'000;
  std::string text = fmt::format("{}\n0 0 0\n", n);
  for (int t = 1; t <= n; ++t) text += fmt::format("{} 1 1 0\n", t);
  text += fmt::format("{} 0 {}", n + 1, n);
  for (int t = 1; t <= n; ++t) text += fmt::format(" {}", t);
  text += "\n";
  TaskGraph g;
  EXPECT_LT(seconds_of([&] { g = read_stg(text, "wide.stg"); }), 2.0);
  EXPECT_EQ(g.edge_count(), 2 * n);
  const std::string e = input_error_of([] { read_stg("2\n0 0 0\n1 1 1 0\n2 1 1 0\n3 0 3 1 2 1\n", "r.stg"); });
  EXPECT_TRUE(contains(e, "r.stg:5: predecessor 1 of task 3 is listed twice")) << e;
}

// Numbers are read the same in every locale, exponents included.
TEST(StgReader, ReadsExponentsAndRefusesNonFiniteTimes) {
  const TaskGraph g = read_stg("1\n0 0 0\n1 2.5e3 1 0\n2 0 1 1\n", "e.stg");
  EXPECT_EQ(g.task(1).work, 2500);
  for (const char* bad : {"inf", "nan", "1e309", "-1"}) {
    const std::string e = input_error_of([&] { read_stg(std::string("1\n0 0 0\n1 ") + bad + " 1 0\n2 0 1 1\n", "b.stg"); });
    EXPECT_TRUE(contains(e, "b.stg:3: expected a number >= 0 (the processing time of task 1)")) << e;
  }
}

// The generator with huge degrees took over 7 GB: refused from the expected edge count.
TEST(DagGenerator, RefusesGraphsPastTheEdgeLimitUpFront) {
  RandomDagParams p;
  p.tasks = 20000;
  p.max_in = 1'000'000;
  p.max_out = 1'000'000;
  try {
    check_random_dag_params(p);
    ADD_FAILURE() << "no throw";
  } catch (const std::invalid_argument& ex) {
    const std::string e = ex.what();
    EXPECT_TRUE(contains(e, "edges would take about")) << e;
    EXPECT_TRUE(contains(e, "GiB")) << e;
  }
  const auto r = run_mpnsim("dag --generate --tasks 20000 --max_in 1000000 --max_out 1000000 --topology let --depth 2 "
                            "--scheduler lps");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "edges")) << r.output;
  // The estimate is from above, and not by much.
  for (const auto& [tasks, degree] : {std::pair{2000, 3}, std::pair{400, 50}, std::pair{300, 1000}}) {
    RandomDagParams q;
    q.tasks = tasks;
    q.max_in = q.max_out = degree;
    const double estimate = expected_random_dag_edges(q);
    const double actual = generate_random_dag(q).edge_count();
    EXPECT_GE(estimate, 0.9 * actual) << tasks << " " << degree;
    EXPECT_LE(estimate, 2.0 * actual) << tasks << " " << degree;
  }
  // Ranges whose totals would overflow, or whose small draws would vanish.
  RandomDagParams big;
  big.exec_max = 1e300;
  EXPECT_THROW(check_random_dag_params(big), std::invalid_argument);
  RandomDagParams wide;
  wide.exec_min = 1;
  wide.exec_max = 1e18;
  EXPECT_THROW(check_random_dag_params(wide), std::invalid_argument);
}

// The tree readers share the DOT reader's limits and refuse oversize counts with file:line.
TEST(TreeFileReader, RefusesDeepDotAndHugeParents) {
  const std::string e = input_error_of([] { read_tree_dot(nested_dot(5000), "t.dot"); });
  EXPECT_TRUE(contains(e, "nest deeper than")) << e;
  // Sizes mean nothing to a tree: the DAG number rules do not apply to them.
  EXPECT_EQ(read_tree_dot("digraph { a [size=1e200]; b [size=1]; a -> b; a -> c }", "t.dot").size(), 3);
  const std::string p = input_error_of([] { read_tree_parents("-1\n99999999999999999999\n", "t.txt"); });
  EXPECT_TRUE(contains(p, "t.txt:2: expected the index of task 1's parent")) << p;
}

// Naming a cycle of parents walked from every task with a fresh table each time: quadratic,
// 16 s of CPU for 100 000 tasks whose last two point at each other. Now each task is walked once.
TEST(TreeFileReader, CycleAtTheEndOfALongFileIsNamedInLinearTime) {
  const int n = 100'000;
  std::string text = "-1\n";
  for (int i = 1; i < n - 2; ++i) text += fmt::format("{}\n", i - 1);
  text += fmt::format("{}\n{}\n", n - 1, n - 2);
  std::string e;
  EXPECT_LT(seconds_of([&] { e = input_error_of([&] { read_tree_parents(text, "long.txt"); }); }), 1.0);
  EXPECT_TRUE(contains(e, fmt::format("long.txt:{}: task {} is not below the root: its parents form a cycle ({} -> {} -> {})",
                                      n - 1, n - 2, n - 2, n - 1, n - 2)))
      << e;
}

// Workload files are read in blocks up to a limit (1 GiB by default), never trusting a size.
TEST(WorkloadFiles, AreReadUpToTheLimitAndNotFromDirectories) {
  TempDir dir("hardening-files");
  const std::string file = dir.file("g.dot", std::string(5000, ' '));
  EXPECT_EQ(read_text_file(file, 5000).size(), 5000u);
  std::string e = input_error_of([&] { read_text_file(file, 4999); });
  EXPECT_TRUE(contains(e, "the file is larger than 4999 bytes")) << e;
  e = input_error_of([&] { read_dot_file(dir.path().string()); });
  EXPECT_TRUE(contains(e, "is a directory")) << e;
}

}  // namespace
}  // namespace mpnsim
