// The task orders of HEFT (decreasing upward rank) and LPS (a level's tasks by decreasing
// selection priority), ties in topological order, against a stable sort written out here, on
// graphs with many tied priorities and enough tasks for the radix sorts' buckets.
#include <algorithm>
#include <cstdint>
#include <functional>
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

// On one processor a list scheduler's order is the order of the starts: every task is ready at 0
// or at its predecessor's finish, no gap is left behind, and each task goes at the processor's
// end, from the finish of the one placed before it (every work here is positive). `priority`
// gives each task's priority from the problem; the expected order is the stable sort of the
// topological order by decreasing priority, written out here.
void expect_priority_order(const TaskGraph& g, const std::function<Schedule(const DagProblem&)>& schedule,
                           const std::function<double(const DagProblem&, const std::vector<int>&, int)>& priority) {
  const ProblemBox box(g, uniform_machine(1, {}, false, ProcessorSpec{}, 1.0, 0.0));
  const DagProblem p = box.problem();
  const std::vector<int> topo = topological_order(p.graph);
  std::vector<int> expected = topo;
  std::stable_sort(expected.begin(), expected.end(),
                   [&](int a, int b) { return priority(p, topo, a) > priority(p, topo, b); });
  const Schedule s = schedule(p);
  double at = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const TaskPlacement& x = s.tasks[static_cast<std::size_t>(expected[i])];
    ASSERT_EQ(x.start, at) << "task " << expected[i] << " at position " << i;
    at = x.finish;
  }
}

// HEFT's priority: the upward rank (computed once per problem, then looked up).
void expect_heft_order_is_the_stable_rank_order(const TaskGraph& g) {
  std::vector<double> rank;
  expect_priority_order(g, schedule_heft, [&](const DagProblem& p, const std::vector<int>& topo, int t) {
    if (rank.empty()) rank = upward_ranks(p, topo);
    return rank[static_cast<std::size_t>(t)];
  });
}

// `n` independent tasks of work 1, 2 or 3: three long runs of equal priorities. (Not 0:
// insertion puts a task of no duration at the first boundary, which hides its place in the order.)
TaskGraph independent_tasks(int n, std::uint64_t seed) {
  TaskGraph g("independent");
  std::mt19937_64 rng(seed);
  for (int i = 0; i < n; ++i) g.add_task(fmt::format("T{}", i), static_cast<double>(1 + rng() % 3));
  g.finalize();
  return g;
}

// LPS, independent tasks: one level, every task an entry task whose selection priority is its
// static level, its execution time.
TEST(LpsOrder, IndependentTasksWithFewDistinctWorksGoByWorkThenIndex) {
  expect_priority_order(
      independent_tasks(5000, 5), [](const DagProblem& p) { return schedule_lps(p); },
      [](const DagProblem& p, const std::vector<int>&, int t) { return p.exec_time(t, 0); });
}

// The shared sort itself, where the schedulers' graphs cannot reach: positions that are not the
// tasks' order, a -0 that ties with +0, a priority near the largest double, a negative one, and a
// subset of the tasks.
TEST(SortByDecreasingPriority, GoesByPriorityThenPosition) {
  const std::vector<double> priority{2.0, -0.0, 5.0, 0.0, 2.0, 1e300, -1.0, 5.0};
  const std::vector<int> position{7, 6, 5, 4, 3, 2, 1, 0};
  std::vector<int> tasks{0, 1, 2, 3, 4, 5, 6, 7};
  sort_by_decreasing_priority(tasks, priority, position);
  // 1e300, then the two 5s (task 7 at position 0 first), the two 2s (task 4 at 3 first), the
  // zeros (task 3 at 4 before task 1 at 6, the signs alike), -1.
  EXPECT_EQ(tasks, (std::vector<int>{5, 7, 2, 4, 0, 3, 1, 6}));
  std::vector<int> some{6, 1, 3};
  sort_by_decreasing_priority(some, priority, position);
  EXPECT_EQ(some, (std::vector<int>{3, 1, 6}));
}

TEST(HeftOrder, IndependentTasksWithFewDistinctWorksGoByWorkThenIndex) {
  expect_heft_order_is_the_stable_rank_order(independent_tasks(5000, 7));
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
