// Tests of task-tree workloads: complete trees, the thesis's random trees, tree files (SPEC §4).
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "sim/parameters.hpp"
#include "test_support.hpp"
#include "workloads/workload_input_error.hpp"
#include "workloads/registry.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/tree/tree_generators.hpp"
#include "workloads/tree/tree_workloads.hpp"

namespace mpnsim {
namespace {

std::vector<int> level_sizes(const TaskTree& t) {
  std::vector<int> out;
  for (int k = 0; k < t.levels(); ++k) out.push_back(t.level_size(k));
  return out;
}

TEST(TreeWorkload, CompleteTernaryDepthFive) {
  const TaskTree t = complete_tree(3, 5);
  EXPECT_EQ(t.size(), 364);
  EXPECT_EQ(level_sizes(t), (std::vector<int>{1, 3, 9, 27, 81, 243}));
  EXPECT_EQ(t.internal_tasks(), 121);
  // Breadth-first numbering: children consecutive, parents in order.
  EXPECT_EQ(t.parent(0), -1);
  EXPECT_EQ(t.first_child(0), 1);
  EXPECT_EQ(t.parent(4), 1);
  EXPECT_EQ(t.parent(12), 3);
  EXPECT_EQ(t.level_of(363), 5);
  EXPECT_TRUE(t.is_leaf(363));
}

TEST(TreeWorkload, CompleteTreeRefusesHugeSizes) {
  EXPECT_THROW(complete_tree(3, 30), ParamError);
  try {
    complete_tree(10, 12);
    FAIL() << "a 10-ary tree of depth 12 was built";
  } catch (const ParamError& e) {
    // (10^13 - 1)/9 tasks, with the memory they would take.
    EXPECT_NE(e.problem().find("1.11e+12 tasks"), std::string::npos) << e.problem();
    EXPECT_NE(e.problem().find("GiB"), std::string::npos) << e.problem();
  }
  EXPECT_THROW(complete_tree(0, 3), ParamError);
  EXPECT_EQ(complete_tree(1, 4).size(), 5);  // a chain
  EXPECT_EQ(complete_tree(2, 0).size(), 1);
}

TEST(TreeWorkload, RandomTreeFollowsTheThesisRules) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const TaskTree t = random_tree(0.9, 3, 6, seed);
    EXPECT_LE(t.levels(), 7);
    for (int i = 0; i < t.size(); ++i) {
      EXPECT_LE(t.children(i), 3);
      if (t.level_of(i) == 6) {
        EXPECT_TRUE(t.is_leaf(i));
      }
    }
  }
  // spawn = 1: every task above the maximum depth has 1..f children, so every level exists.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const TaskTree t = random_tree(1.0, 2, 7, seed);
    EXPECT_EQ(t.levels(), 8);
    for (int i = 0; i < t.size(); ++i)
      if (t.level_of(i) < 7) {
        EXPECT_GE(t.children(i), 1);
      }
  }
  // spawn = 0: only the root.
  EXPECT_EQ(random_tree(0.0, 3, 9, 5).size(), 1);
}

TEST(TreeWorkload, RandomTreeIsReproducibleAndSeedDependent) {
  const TaskTree a = random_tree(0.85, 3, 8, 42), b = random_tree(0.85, 3, 8, 42), c = random_tree(0.85, 3, 8, 43);
  EXPECT_TRUE(std::ranges::equal(a.child_counts(), b.child_counts()));
  EXPECT_FALSE(std::ranges::equal(a.child_counts(), c.child_counts()));
  // The same bytes on every platform follow from the standard engine and our fixed mappings:
  // tests/dag_workload_test.cpp (DagRandom.EngineIsTheStandardOne, MappingsAreTheDocumentedFormulas).
}

TEST(TreeWorkload, RandomTreeMeanSizeMatchesExpectation) {
  // Mean children of an inner task: spawn * (f + 1) / 2. Over many trees the mean size is close.
  double sum = 0;
  const int trees = 400;
  for (int s = 0; s < trees; ++s) sum += random_tree(0.9, 2, 6, static_cast<std::uint64_t>(s) + 100).size();
  const double expected = expected_random_tree_size(0.9, 2, 6);
  EXPECT_NEAR(sum / trees, expected, 0.08 * expected);
}

TEST(TreeWorkload, ParentListFile) {
  // The root need not come first; siblings keep their order.
  const TaskTree t = read_tree_parents("# a small tree\n2\n2\n-1   # the root\n\n0\n", "t.txt");
  EXPECT_EQ(t.size(), 4);
  EXPECT_EQ(level_sizes(t), (std::vector<int>{1, 2, 1}));
  EXPECT_EQ(t.children(0), 2);
  EXPECT_EQ(t.children(1), 1);  // file task 0 (first child of the root) has file task 3 below it
}

void expect_error(const std::string& text, const std::string& where, const std::string& what) {
  try {
    read_tree_parents(text, "tree.txt");
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const WorkloadInputError& e) {
    EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(TreeWorkload, ParentListErrorsSayFileLineAndWhatWasExpected) {
  expect_error("-1\n0\nx\n", "tree.txt:3:", "expected the index of task 2's parent");
  expect_error("-1\n0\n-1\n", "tree.txt:3:", "second root");
  expect_error("-1\n0\n7\n", "tree.txt:3:", "parent 7 does not exist");
  expect_error("-1\n2\n1\n", "tree.txt:2:", "cycle (1 -> 2 -> 1)");
  expect_error("0\n0\n", "tree.txt:1:", "its own parent");
  expect_error("1\n0\n", "tree.txt:", "no root");
  expect_error("# nothing\n", "tree.txt:", "no tasks");
}

TEST(TreeWorkload, DotFile) {
  const TaskTree t = read_tree_dot("digraph t {\n  r -> a; r -> b\n  a -> c -> d\n}\n", "t.dot");
  EXPECT_EQ(t.size(), 5);
  EXPECT_EQ(level_sizes(t), (std::vector<int>{1, 2, 1, 1}));
  try {
    read_tree_dot("digraph { a -> c; b -> c }", "t.dot");
    ADD_FAILURE();
  } catch (const WorkloadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("two parents"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_tree_dot("digraph { a -> b; c -> d }", "t.dot"), WorkloadInputError);  // two roots
}

TEST(TreeWorkload, FileFormatChosenByNameOrContent) {
  testing::TempDir dir("tree-files");
  EXPECT_EQ(read_tree_file(dir.file("a.txt", "-1\n0\n0\n")).size(), 3);
  EXPECT_EQ(read_tree_file(dir.file("b.dot", "digraph { 0 -> 1 }")).size(), 2);
  EXPECT_EQ(read_tree_file(dir.file("c.tree", "// mine\ndigraph { 0 -> 1; 0 -> 2; 1 -> 3 }")).size(), 4);
  EXPECT_THROW(read_tree_file((dir.path() / "missing.txt").string()), WorkloadInputError);
}

// The size check of a complete tree, without the tree: (k^(D+1) - 1) / (k - 1) tasks, D + 1 for k = 1.
TEST(TreeWorkload, CompleteTreeSizeFromItsParameters) {
  EXPECT_EQ(complete_tree_size(3, 5), 364);          // (3^6 - 1) / 2
  EXPECT_EQ(complete_tree_size(2, 21), 4'194'303);   // 2^22 - 1, the largest that fits
  EXPECT_EQ(complete_tree_size(1, 4), 5);
  EXPECT_EQ(complete_tree_size(2, 0), 1);
  EXPECT_EQ(complete_tree_size(3, 5), complete_tree(3, 5).size());
  EXPECT_THROW((void)complete_tree_size(2, 22), ParamError);  // 2^23 - 1 > kMaxTreeTasks
  EXPECT_THROW((void)complete_tree_size(0, 3), ParamError);
  try {
    (void)complete_tree_size(10, 12);
    FAIL() << "a 10-ary tree of depth 12 was accepted";
  } catch (const ParamError& e) {
    EXPECT_NE(e.problem().find("1.11e+12 tasks"), std::string::npos) << e.problem();
  }
}

TEST(TreeWorkload, RegisteredAndListed) {
  for (const char* name : {"complete", "random", "tree-file"}) {
    ASSERT_NE(find_tree_workload(name), nullptr) << name;
    bool listed = false;
    for (const auto& e : workload_registry()) listed |= e.name == name;
    EXPECT_TRUE(listed) << name;
  }
  const auto& random = *find_tree_workload("random");
  const ParamSet p = resolve_params(random.params, {{"spawn", "0.9"}, {"fanout", "3"}, {"depth", "5"}});
  EXPECT_EQ(tree_workload_label(random, p), "random(spawn=0.9 fanout=3 depth=5)");
  EXPECT_TRUE(std::ranges::equal(make_tree(random, p, 7).child_counts(), random_tree(0.9, 3, 5, 7).child_counts()));
}

}  // namespace
}  // namespace mpnsim
