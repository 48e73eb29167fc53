// The task orders of HEFT (decreasing upward rank) and LPS (a level's tasks by decreasing
// selection priority), ties in topological order, against a stable sort written out here, on
// graphs with many tied priorities and enough tasks for the radix sorts' buckets.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// The tasks of `expected` ran in that order, each from the finish of the one before (every
// work positive, one processor).
void expect_starts_in_order(const Schedule& s, const std::vector<int>& expected) {
  double at = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const TaskPlacement& x = s.tasks[static_cast<std::size_t>(expected[i])];
    ASSERT_EQ(x.start, at) << "task " << expected[i] << " at position " << i;
    at = x.finish;
  }
}

// One processor, so that HEFT's order is the order of the starts: each task after the last,
// as insertion finds no gap before it (no gaps are left: every task is ready at 0, or at its
// predecessor's finish, and goes at the processor's end).
void expect_heft_order_is_the_stable_rank_order(const TaskGraph& g) {
  const ProblemBox box(g, uniform_machine(1, {}, false, ProcessorSpec{}, 1.0, 0.0));
  const DagProblem p = box.problem();
  const std::vector<int> topo = topological_order(p.graph);
  const std::vector<double> rank = upward_ranks(p, topo);
  std::vector<int> expected = topo;
  std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
    return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(b)];
  });
  expect_starts_in_order(schedule_heft(p), expected);
}

// LPS on one processor, independent tasks: one level, every task an entry task whose selection
// priority is its static level (its execution time), so its order is the stable sort of the
// topological order by decreasing execution time.
TEST(LpsOrder, IndependentTasksWithFewDistinctWorksGoByWorkThenIndex) {
  TaskGraph g("independent");
  std::mt19937_64 rng(5);
  for (int i = 0; i < 5000; ++i) g.add_task(fmt::format("T{}", i), static_cast<double>(1 + rng() % 3));
  g.finalize();
  const ProblemBox box(g, uniform_machine(1, {}, false, ProcessorSpec{}, 1.0, 0.0));
  const DagProblem p = box.problem();
  const std::vector<int> topo = topological_order(p.graph);
  std::vector<int> expected = topo;
  std::stable_sort(expected.begin(), expected.end(),
                   [&](int a, int b) { return p.exec_time(a, 0) > p.exec_time(b, 0); });
  expect_starts_in_order(schedule_lps(p), expected);
}

TEST(HeftOrder, IndependentTasksWithFewDistinctWorksGoByWorkThenIndex) {
  // 5000 tasks, works from {1, 2, 3}: three long runs of equal ranks. (Not 0: insertion puts a
  // task of no duration at the first boundary, which hides its place in the order.)
  TaskGraph g("independent");
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) g.add_task(fmt::format("T{}", i), static_cast<double>(1 + rng() % 3));
  g.finalize();
  expect_heft_order_is_the_stable_rank_order(g);
}

TEST(HeftOrder, ChainsWithTiedRanksKeepTheirTopologicalOrder) {
  // 400 chains of 6 tasks of work 1 and zero data: the k-th task of every chain has the same
  // rank, and each chain's tasks must come in their own order.
  TaskGraph g("chains");
  for (int c = 0; c < 400; ++c)
    for (int k = 0; k < 6; ++k) g.add_task(fmt::format("c{}_{}", c, k), 1.0);
  for (int c = 0; c < 400; ++c)
    for (int k = 0; k + 1 < 6; ++k) g.add_edge(c * 6 + k, c * 6 + k + 1, 0.0);
  g.finalize();
  expect_heft_order_is_the_stable_rank_order(g);
}

TEST(HeftOrder, RandomRealRanks) {
  TaskGraph g("reals");
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0.0, 10.0);
  for (int i = 0; i < 3000; ++i) g.add_task(fmt::format("T{}", i), i % 5 == 0 ? 2.5 : u(rng));
  g.finalize();
  expect_heft_order_is_the_stable_rank_order(g);
}

}  // namespace
}  // namespace mpnsim
