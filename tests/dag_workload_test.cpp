// Tests of task-DAG workloads: the thesis §6.4 generator, DOT and STG readers and writers, cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <set>

#include "workloads/dag/dag_cycle.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/dag_workloads.hpp"
#include "workloads/workload_input_error.hpp"
#include "workloads/random_draws.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/stg_format.hpp"
#include "workloads/registry.hpp"

namespace mpnsim {
namespace {

// The message of the WorkloadInputError that `f` throws ("" when it throws nothing).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const WorkloadInputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(DagRandom, UniformIntegersStayInRangeAndCoverIt) {
  std::mt19937_64 rng(7);
  std::set<std::int64_t> seen;
  for (int i = 0; i < 2000; ++i) {
    const auto v = uniform_integer(rng, -2, 3);
    ASSERT_GE(v, -2);
    ASSERT_LE(v, 3);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 6u);
  for (int i = 0; i < 1000; ++i) {
    const double x = uniform_real(rng, 1.5, 2.5);
    ASSERT_GE(x, 1.5);
    ASSERT_LT(x, 2.5);
  }
}

// 10^7 tasks at the default degrees are accepted (issue #41); past the task limit the
// generator refuses before walking the tasks, with the estimate of the tasks alone:
// 32 MiB + 112 B * 2*10^7 = 2.117 GiB.
TEST(DagGenerator, RefusesGraphsTooLargeWithTheEstimate) {
  RandomDagParams p;
  p.tasks = 10'000'000;
  EXPECT_NO_THROW(check_random_dag_params(p));
  p.tasks = 20'000'000;
  try {
    check_random_dag_params(p);
    FAIL() << "2*10^7 tasks accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("2e+07 tasks would take about 2.1 GiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("at most 16000000 tasks"), std::string::npos) << e.what();
  }
}

// expected_random_dag_edges sums in closed form where that is exact: its answer must be the
// node-by-node sum's to the bit, written out here as the generator's comment states it.
TEST(DagGenerator, ExpectedEdgesAreTheNodeByNodeSumToTheBit) {
  auto by_node = [](const RandomDagParams& p) {
    const double a = 1, b = p.max_out;
    double out = 0, in = 0;
    for (int i = 0; i < p.tasks; ++i) {
      const double m = p.tasks - 1 - i;  // later nodes
      if (m >= b) out += (a + b) / 2;
      else if (m < a) out += m;
      else out += (m * (m + 1) / 2 - a * (a - 1) / 2 + (b - m) * m) / (b - a + 1);
      in += std::min<double>(p.max_in, i);
    }
    return std::min(out, in);
  };
  RandomDagParams p;
  auto expect_same = [&](int tasks, int max_in, int max_out) {
    p.tasks = tasks;
    p.max_in = max_in;
    p.max_out = max_out;
    const double want = by_node(p), got = expected_random_dag_edges(p);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want))
        << tasks << " " << max_in << " " << max_out << ": " << got << " against " << want;
  };
  for (int tasks : {0, 1, 2, 3, 7, 20, 101, 1000, 30001})
    for (int max_in : {-2, 0, 1, 2, 3, 7, 50, 2000000000})
      for (int max_out : {-1, 0, 1, 2, 3, 6, 13, 99, 2000000000}) expect_same(tasks, max_in, max_out);
  // Totals past 2^52, where the sum is the loop's.
  expect_same(3000001, 2000000000, 3);
}

TEST(DagGenerator, RespectsDegreesRangesAndOrder) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    RandomDagParams p;
    p.tasks = 200;
    p.max_in = 2;
    p.max_out = 4;
    p.exec_min = 2;
    p.exec_max = 7;
    p.data_min = 1;
    p.data_max = 3;
    p.seed = seed;
    const TaskGraph g = generate_random_dag(p);
    ASSERT_EQ(g.size(), 200);
    for (int t = 0; t < g.size(); ++t) {
      EXPECT_LE(static_cast<int>(g.in_edges(t).size()), p.max_in);
      EXPECT_LE(static_cast<int>(g.out_edges(t).size()), p.max_out);
      EXPECT_GE(g.task(t).work, 2);
      EXPECT_LE(g.task(t).work, 7);
      EXPECT_EQ(g.task(t).work, std::floor(g.task(t).work));
    }
    std::set<std::pair<int, int>> pairs;
    for (const auto& e : g.edges()) {
      EXPECT_LT(e.from, e.to);  // edges go forward: acyclic
      EXPECT_TRUE(pairs.insert({e.from, e.to}).second) << "repeated edge";
      EXPECT_GE(e.data, 1);
      EXPECT_LE(e.data, 3);
    }
    EXPECT_TRUE(find_cycle(g).empty());
  }
}

// The generator counts parents in a byte while max_in fits in one, in an int past that: at the
// edge of both, nodes fill up to max_in parents and none takes more (a byte counter kept for
// max_in 256 would wrap at 256 and let its node take more).
TEST(DagGenerator, InDegreesFillUpToMaxInAtTheEdgeOfAByte) {
  for (const int max_in : {254, 255, 256, 257}) {
    RandomDagParams p;
    p.tasks = 1200;
    p.max_in = max_in;
    p.max_out = 1000;
    p.seed = 7;
    const TaskGraph g = generate_random_dag(p);
    int full = 0;
    for (int t = 0; t < g.size(); ++t) {
      const int in = static_cast<int>(g.in_edges(t).size());
      ASSERT_LE(in, max_in) << "max_in " << max_in << ", task " << t;
      full += in == max_in;
    }
    EXPECT_GT(full, 100) << "max_in " << max_in << ": too few nodes filled for the test to mean anything";
  }
}

TEST(DagGenerator, NodesWithoutParentsGetAChildWhileThereIsRoom) {
  RandomDagParams p;
  p.tasks = 300;
  p.max_in = 1000;  // never full: there is always room
  p.max_out = 3;
  p.seed = 5;
  const TaskGraph g = generate_random_dag(p);
  for (int t = 0; t + 1 < g.size(); ++t) {
    if (g.in_edges(t).empty()) {
      EXPECT_GE(g.out_edges(t).size(), 1u) << g.task(t).name;
    }
  }
  EXPECT_TRUE(g.out_edges(g.size() - 1).empty());
}

// Why generated workloads are the same bytes on every platform: the engine is
// specified exactly by the C++ standard, and our mappings are fixed formulas over
// its raw output (std::uniform_*_distribution are not specified, and differ).
TEST(DagRandom, EngineIsTheStandardOne) {
  // [rand.predef]: the 10000th output of a default-constructed mt19937_64 is 9981545732273789042.
  std::mt19937_64 rng;
  rng.discard(9999);
  EXPECT_EQ(rng(), 9981545732273789042ULL);
}

TEST(DagRandom, MappingsAreTheDocumentedFormulas) {
  // uniform_integer(lo, hi) = lo + x mod (hi - lo + 1) (rejection only above the last whole
  // multiple, probability ~1e-18 for these ranges); uniform_real = lo + (x >> 11) 2^-53 (hi - lo).
  std::mt19937_64 a(2024), raw(2024);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(uniform_integer(a, 1, 10), static_cast<std::int64_t>(1 + raw() % 10));
    EXPECT_EQ(uniform_real(a, 2.0, 5.0), 2.0 + static_cast<double>(raw() >> 11) * 0x1.0p-53 * 3.0);
  }
}

TEST(DagGenerator, SameSeedSameGraphOtherSeedOtherGraph) {
  RandomDagParams p;
  p.tasks = 100;
  p.seed = 11;
  const std::string a = write_dot(generate_random_dag(p));
  EXPECT_EQ(a, write_dot(generate_random_dag(p)));
  p.seed = 12;
  EXPECT_NE(a, write_dot(generate_random_dag(p)));
}

TEST(DagGenerator, RealValuesWhenAsked) {
  RandomDagParams p;
  p.tasks = 50;
  p.integer = false;
  p.exec_min = 0.5;
  p.exec_max = 0.75;
  const TaskGraph g = generate_random_dag(p);
  bool fractional = false;
  for (int i = 0; i < g.size(); ++i) {
    const DagTask t = g.task(i);
    EXPECT_GE(t.work, 0.5);
    EXPECT_LT(t.work, 0.75);
    fractional = fractional || t.work != std::floor(t.work);
  }
  EXPECT_TRUE(fractional);
}

TEST(DagGenerator, LargeGraphsAreQuick) {
  RandomDagParams p;
  p.tasks = 100'000;
  p.max_in = 2;
  p.max_out = 3;
  const TaskGraph g = generate_random_dag(p);
  EXPECT_EQ(g.size(), 100'000);
  EXPECT_GT(g.edge_count(), 100'000);
}

TEST(DagGenerator, ImpossibleParametersAreRefused) {
  RandomDagParams p;
  p.exec_min = 5;
  p.exec_max = 2;
  EXPECT_THROW(generate_random_dag(p), std::invalid_argument);
  p = RandomDagParams{};
  p.data_min = 1.2;
  p.data_max = 1.8;  // no whole number inside
  EXPECT_THROW(generate_random_dag(p), std::invalid_argument);
  p = RandomDagParams{};
  p.tasks = 0;
  EXPECT_THROW(generate_random_dag(p), std::invalid_argument);
}

TEST(DagWorkloads, AreListed) {
  std::set<std::string> names;
  for (const auto& e : workload_registry()) names.insert(e.name);
  EXPECT_TRUE(names.count("random-dag"));
  EXPECT_TRUE(names.count("dot"));
  EXPECT_TRUE(names.count("stg"));
}

const char* kDot = R"(/* a diamond */
digraph diamond {
  node [size=1];      // default work
  a [size=2, label="start"];
  "b c" [size=3.5]
  # a preprocessor-style line
  a -> "b c" -> d [size=4];
  a -> e;
  e -> d [size = 0.5; color=red]
  d [size=2]
  subgraph cluster0 { e [size=1] }
}
)";

TEST(DagDot, ReadsNodesEdgesDefaultsAndComments) {
  DotOptions options;
  options.default_edge_size = 0;  // the edge a -> e has no size
  const TaskGraph g = read_dot(kDot, "diamond.dot", options);
  EXPECT_EQ(g.name(), "diamond");
  ASSERT_EQ(g.size(), 4);
  EXPECT_EQ(g.task(0).name, "a");
  EXPECT_EQ(g.task(0).work, 2);
  EXPECT_EQ(g.task(1).name, "b c");
  EXPECT_EQ(g.task(1).work, 3.5);
  EXPECT_EQ(g.task(2).name, "d");
  EXPECT_EQ(g.task(2).work, 2);
  EXPECT_EQ(g.task(3).name, "e");
  EXPECT_EQ(g.task(3).work, 1);
  ASSERT_EQ(g.edge_count(), 4);
  EXPECT_EQ(g.edge(0).data, 4);  // a -> "b c"
  EXPECT_EQ(g.edge(1).data, 4);  // "b c" -> d
  EXPECT_EQ(g.edge(2).data, 0);  // a -> e: no size, the default edge size
  EXPECT_EQ(g.edge(3).data, 0.5);
}

TEST(DagDot, WriterRoundTrips) {
  RandomDagParams p;
  p.tasks = 60;
  p.integer = false;
  p.seed = 3;
  const TaskGraph g = generate_random_dag(p);
  const TaskGraph h = read_dot(write_dot(g), "x.dot");
  ASSERT_EQ(h.size(), g.size());
  ASSERT_EQ(h.edge_count(), g.edge_count());
  for (int t = 0; t < g.size(); ++t) {
    EXPECT_EQ(h.task(t).name, g.task(t).name);
    EXPECT_EQ(h.task(t).work, g.task(t).work);  // shortest round-trip form: exact
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    EXPECT_EQ(h.edge(e).from, g.edge(e).from);
    EXPECT_EQ(h.edge(e).to, g.edge(e).to);
    EXPECT_EQ(h.edge(e).data, g.edge(e).data);
  }
  EXPECT_EQ(write_dot(h), write_dot(g));
  // Names that are not plain identifiers are quoted.
  TaskGraph q("my graph");
  q.add_task("1", 1);
  q.add_task("node", 2);
  q.add_task("say \"hi\"", 3);
  q.add_edge(0, 1, 1);
  q.add_edge(1, 2, 1);
  q.finalize();
  const TaskGraph r = read_dot(write_dot(q), "q.dot");
  EXPECT_EQ(r.name(), "my graph");
  EXPECT_EQ(r.task(2).name, "say \"hi\"");
  EXPECT_EQ(r.task(1).name, "node");
}

TEST(DagDot, ErrorsNameFileLineAndWhatWasExpected) {
  auto err = [](const std::string& text) { return error_of([&] { read_dot(text, "g.dot"); }); };
  std::string e = err("digraph {\n a [size=1];\n b;\n a -> b;\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:3:")) << e;
  EXPECT_TRUE(contains(e, "task 'b' has no 'size'")) << e;
  e = err("digraph {\n a [size=x];\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:2:")) << e;
  EXPECT_TRUE(contains(e, "size must be a number >= 0, got 'x'")) << e;
  e = err("graph {\n a -- b\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:1:")) << e;
  EXPECT_TRUE(contains(e, "expected 'digraph'")) << e;
  e = err("digraph {\n a [size=1]; b [size=1];\n a -- b\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:3:")) << e;
  EXPECT_TRUE(contains(e, "'--' is an undirected edge")) << e;
  e = err("digraph {\n a [size=1];\n a -> ;\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:3: expected a task name after '->', found ';'")) << e;
  e = err("digraph {\n a [size=1 \n");
  EXPECT_TRUE(contains(e, "g.dot:3:")) << e;
  EXPECT_TRUE(contains(e, "expected an attribute name or ']'")) << e;
  e = err("digraph {\n a [label=\"oops]\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:2: string is never closed")) << e;
  e = err("digraph {\n a [size=1]\n");
  EXPECT_TRUE(contains(e, "expected '}'")) << e;
  e = err("digraph {\n a [size=1]\n}\n extra");
  EXPECT_TRUE(contains(e, "g.dot:4: expected the end of the file")) << e;
  e = err("digraph {\n a [size=1] b [size=1]\n a -> b\n a -> b [size=2]\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:4: edge a -> b is repeated (first at line 3)")) << e;
  e = err("digraph {\n a [size=1] @\n}\n");
  EXPECT_TRUE(contains(e, "g.dot:2: unexpected character '@'")) << e;
  // strict digraphs merge repeated edges, the later size winning.
  const TaskGraph s = read_dot("strict digraph { a [size=1] b [size=1] a -> b [size=1] a -> b [size=2] }", "s.dot");
  ASSERT_EQ(s.edge_count(), 1);
  EXPECT_EQ(s.edge(0).data, 2);
}

TEST(DagDot, AnEdgeWithoutSizeIsAnErrorUnlessADefaultIsGiven) {
  // As a task without size: nothing is silently zero.
  const std::string text = "digraph {\n a [size=1]; b [size=2]; c [size=3]\n a -> b [size=4]\n b -> c\n}\n";
  const std::string e = error_of([&] { read_dot(text, "g.dot"); });
  EXPECT_TRUE(contains(e, "g.dot:4: edge b -> c has no 'size' attribute")) << e;
  EXPECT_TRUE(contains(e, "default_edge_size")) << e;
  DotOptions options;
  options.default_edge_size = 0.5;
  const TaskGraph g = read_dot(text, "g.dot", options);
  ASSERT_EQ(g.edge_count(), 2);
  EXPECT_EQ(g.edge(0).data, 4);
  EXPECT_EQ(g.edge(1).data, 0.5);
  // `edge [size=D]` in the file is a default too.
  EXPECT_EQ(read_dot("digraph { edge [size=7] a [size=1] b [size=1] a -> b }", "d.dot").edge(0).data, 7);
  // The dot workload declares the key, unset unless given.
  const auto* dot = find_dag_workload("dot");
  ASSERT_NE(dot, nullptr);
  const bool declared = std::any_of(dot->params.begin(), dot->params.end(),
                                    [](const ParamSpec& p) { return p.name == "default_edge_size"; });
  EXPECT_TRUE(declared);
  EXPECT_FALSE(resolve_params(dot->params, {{"file", "g.dot"}}).has("default_edge_size"));
  EXPECT_EQ(resolve_params(dot->params, {{"file", "g.dot"}, {"default_edge_size", "2"}}).real("default_edge_size"), 2);
}

TEST(DagCycle, IsReportedWithItsTasks) {
  const std::string e = error_of([] {
    read_dot("digraph {\n node [size=1]\n a -> b\n b -> c\n c -> d\n d -> b\n}\n", "cyc.dot");
  });
  EXPECT_TRUE(contains(e, "cyc.dot:6: the graph has a cycle: b -> c -> d -> b")) << e;
  const std::string self = error_of([] { read_dot("digraph { a [size=1]; a -> a }", "self.dot"); });
  EXPECT_TRUE(contains(self, "cycle: a -> a")) << self;
  TaskGraph g;
  g.add_task("x", 1);
  g.add_task("y", 1);
  g.add_edge(0, 1, 0);
  g.finalize();
  EXPECT_TRUE(find_cycle(g).empty());
  g.add_edge(1, 0, 0);
  g.finalize();
  EXPECT_EQ(describe_cycle(g, find_cycle(g)), "x -> y -> x");
  try {
    topological_order(g);
    ADD_FAILURE() << "no throw";
  } catch (const std::invalid_argument& ex) {
    EXPECT_TRUE(contains(ex.what(), "x -> y -> x")) << ex.what();
  }
}

// A small graph in the STG format: 4 tasks between the dummies 0 and 5, 11-character fields.
const char* kStg =
    "          4\n"
    "          0          0          0\n"
    "          1          3          1          0\n"
    "          2          2          1          1\n"
    "          3          4          1          1\n"
    "          4          1          2          2          3\n"
    "          5          0          1          4\n"
    "#  a made-up example\n"
    "#  Tasks : 4 (+dummy tasks : 2)\n";

TEST(DagStg, ReadsTasksDummiesAndPredecessors) {
  const TaskGraph g = read_stg(kStg, "four.stg");
  ASSERT_EQ(g.size(), 6);
  EXPECT_EQ(g.task(0).name, "T0");
  EXPECT_EQ(g.task(0).work, 0);
  EXPECT_EQ(g.task(3).work, 4);
  ASSERT_EQ(g.edge_count(), 6);
  EXPECT_EQ(g.in_edges(4).size(), 2u);
  EXPECT_EQ(g.edge(g.in_edges(4)[0]).from, 2);
  EXPECT_EQ(g.edge(g.in_edges(4)[1]).from, 3);
  for (const auto& e : g.edges()) EXPECT_EQ(e.data, 0);
  const TaskGraph d = read_stg(kStg, "four.stg", StgOptions{false});
  ASSERT_EQ(d.size(), 4);
  EXPECT_EQ(d.task(0).name, "T1");
  EXPECT_EQ(d.edge_count(), 4);  // the dummy edges go with the dummies
}

TEST(DagStg, ReadsBothCommunicationCostLayouts) {
  // Costs after each predecessor on the record's line...
  const char* same_line =
      "2\n"
      "0 0 0\n"
      "1 5 1 0 0\n"
      "2 6 1 1 7\n"
      "3 0 1 2 0\n";
  // ...or one "predecessor cost" pair per line after the record.
  const char* own_lines =
      "2\n"
      "0 0 0\n"
      "1 5 1\n"
      "  0 0\n"
      "2 6 1\n"
      "  1 7\n"
      "3 0 1\n"
      "  2 0\n";
  for (const char* text : {same_line, own_lines}) {
    const TaskGraph g = read_stg(text, "c.stg");
    ASSERT_EQ(g.size(), 4);
    ASSERT_EQ(g.edge_count(), 3);
    EXPECT_EQ(g.edge(1).from, 1);
    EXPECT_EQ(g.edge(1).to, 2);
    EXPECT_EQ(g.edge(1).data, 7);
  }
}

TEST(DagStg, WriterRoundTripsWithAndWithoutCosts) {
  RandomDagParams p;
  p.tasks = 40;
  p.seed = 9;
  const TaskGraph g = generate_random_dag(p);
  for (bool costs : {false, true}) {
    const std::string text = write_stg(g, costs);
    // Every number in an 11-character field.
    const std::string first = text.substr(0, text.find('\n'));
    EXPECT_EQ(first.size(), 11u);
    const TaskGraph h = read_stg(text, "w.stg", StgOptions{false});
    ASSERT_EQ(h.size(), g.size());
    ASSERT_EQ(h.edge_count(), g.edge_count());
    double work = 0, data = 0;
    for (int t = 0; t < h.size(); ++t) work += h.task(t).work;
    for (const auto& e : h.edges()) data += e.data;
    EXPECT_EQ(work, g.total_work());
    EXPECT_EQ(data, costs ? g.total_data() : 0.0);
  }
}

TEST(DagStg, ErrorsNameFileLineAndWhatWasExpected) {
  auto err = [](const std::string& text) { return error_of([&] { read_stg(text, "t.stg"); }); };
  std::string e = err("");
  EXPECT_TRUE(contains(e, "t.stg: empty file")) << e;
  e = err("two\n");
  EXPECT_TRUE(contains(e, "t.stg:1: expected a whole number (the number of tasks), found 'two'")) << e;
  e = err("1\n0 0 0\n2 1 1 0\n2 0 1 1\n");
  EXPECT_TRUE(contains(e, "t.stg:3: expected task number 1 (records go in order), found 2")) << e;
  e = err("1\n0 0 0\n1 1 2 0\n2 0 1 1\n");
  EXPECT_TRUE(contains(e, "t.stg:3: task 1 announces 2 predecessors: expected 2 predecessor numbers")) << e;
  e = err("1\n0 0 0\n1 1 1 7\n2 0 1 1\n");
  EXPECT_TRUE(contains(e, "t.stg:3: a predecessor of task 1 must be in 0..2, found 7")) << e;
  e = err("1\n0 0 0\n1 1 1 0\n");
  EXPECT_TRUE(contains(e, "t.stg:4: expected the record of task 2")) << e;
  e = err("1\n0 0 0\n1 -4 1 0\n2 0 1 1\n");
  EXPECT_TRUE(contains(e, "t.stg:3: expected a number >= 0 (the processing time of task 1), found '-4'")) << e;
  e = err("1\n0 0 0\n1 1 1 0\n2 0 1 1\n9 9 9\n");
  EXPECT_TRUE(contains(e, "t.stg:5: expected only the information part")) << e;
  e = err("2\n0 0 0\n1 1 2 0 2\n2 1 1 1\n3 0 1 2\n");
  EXPECT_TRUE(contains(e, "the graph has a cycle: T1 -> T2 -> T1")) << e;
  e = err("1\n0 0 0\n1 1 1\n");
  EXPECT_TRUE(contains(e, "expected predecessor 1 of 1 of task 1 as 'predecessor cost'")) << e;
}

}  // namespace
}  // namespace mpnsim
