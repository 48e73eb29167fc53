// Tests of TaskGraph's storage: names in one arena, the CSR edge lists built by finalize().
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {
namespace {

std::vector<int> ids(std::span<const int> s) { return {s.begin(), s.end()}; }

// The lists the old vector-of-vectors layout gave: each task's edges in the order added.
void expect_lists_match_edges(const TaskGraph& g) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(g.size())), in(out);
  for (int e = 0; e < g.edge_count(); ++e) {
    out[static_cast<std::size_t>(g.edge(e).from)].push_back(e);
    in[static_cast<std::size_t>(g.edge(e).to)].push_back(e);
  }
  for (int t = 0; t < g.size(); ++t) {
    EXPECT_EQ(ids(g.out_edges(t)), out[static_cast<std::size_t>(t)]) << "task " << t;
    EXPECT_EQ(ids(g.in_edges(t)), in[static_cast<std::size_t>(t)]) << "task " << t;
  }
}

TEST(TaskGraphStorage, ListsKeepTheOrderEdgesWereAdded) {
  TaskGraph g("order");
  for (int i = 0; i < 4; ++i) g.add_task(fmt::format("t{}", i), i);
  g.add_edge(2, 3, 1);  // e0
  g.add_edge(0, 3, 1);  // e1
  g.add_edge(0, 1, 1);  // e2
  g.add_edge(1, 3, 1);  // e3
  g.add_edge(0, 2, 1);  // e4
  g.finalize();
  EXPECT_EQ(ids(g.out_edges(0)), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(ids(g.out_edges(1)), (std::vector<int>{3}));
  EXPECT_EQ(ids(g.out_edges(2)), (std::vector<int>{0}));
  EXPECT_TRUE(g.out_edges(3).empty());
  EXPECT_TRUE(g.in_edges(0).empty());
  EXPECT_EQ(ids(g.in_edges(1)), (std::vector<int>{2}));
  EXPECT_EQ(ids(g.in_edges(2)), (std::vector<int>{4}));
  EXPECT_EQ(ids(g.in_edges(3)), (std::vector<int>{0, 1, 3}));
}

TEST(TaskGraphStorage, EdgesInAnyOrderGiveTheSameListsAsPerTaskVectors) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 20; ++round) {
    TaskGraph g;
    const int n = 1 + static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) g.add_task(fmt::format("T{}", i), 1);
    const int m = static_cast<int>(rng() % 300);
    for (int e = 0; e < m; ++e)  // repeated pairs and self-loops too: the lists do not care
      g.add_edge(static_cast<int>(rng() % static_cast<unsigned>(n)), static_cast<int>(rng() % static_cast<unsigned>(n)), e);
    g.finalize();
    expect_lists_match_edges(g);
  }
}

TEST(TaskGraphStorage, ListsNeedFinalizeAfterNewEdges) {
  TaskGraph g("late");
  g.add_task("a", 1);
  g.add_task("b", 1);
  EXPECT_TRUE(g.finalized());  // no edges: nothing to list
  EXPECT_TRUE(g.out_edges(0).empty());
  g.add_edge(0, 1, 2);
  EXPECT_FALSE(g.finalized());
  EXPECT_THROW((void)g.out_edges(0), std::logic_error);
  EXPECT_THROW((void)g.in_edges(1), std::logic_error);
  g.finalize();
  EXPECT_EQ(ids(g.out_edges(0)), (std::vector<int>{0}));
  // A task added to a finalized graph has no edges, so the lists stay exact.
  const int c = g.add_task("c", 1);
  EXPECT_TRUE(g.finalized());
  EXPECT_TRUE(g.out_edges(c).empty());
  EXPECT_TRUE(g.in_edges(c).empty());
  g.add_edge(c, 0, 1);
  g.add_edge(1, c, 1);
  g.finalize();
  g.finalize();  // nothing to do the second time
  expect_lists_match_edges(g);
  EXPECT_EQ(ids(g.in_edges(0)), (std::vector<int>{1}));
  EXPECT_EQ(ids(g.out_edges(1)), (std::vector<int>{2}));
}

TEST(TaskGraphStorage, ACopyIsIndependent) {
  TaskGraph g("orig");
  for (int i = 0; i < 3; ++i) g.add_task(fmt::format("t{}", i), i + 1);
  g.add_edge(0, 1, 1);
  g.add_edge(1, 2, 1);
  g.finalize();
  TaskGraph copy = g;
  EXPECT_TRUE(copy.finalized());
  expect_lists_match_edges(copy);
  copy.add_task("extra with a name longer than the small-string buffer", 9);
  copy.add_edge(0, 3, 1);
  copy.finalize();
  EXPECT_EQ(ids(copy.out_edges(0)), (std::vector<int>{0, 2}));
  EXPECT_EQ(copy.task(3).name, "extra with a name longer than the small-string buffer");
  // The original keeps its tasks, names and lists.
  EXPECT_EQ(g.size(), 3);
  EXPECT_EQ(ids(g.out_edges(0)), (std::vector<int>{0}));
  EXPECT_EQ(g.task(2).name, "t2");
  EXPECT_EQ(g.task(2).work, 3);
  TaskGraph assigned;
  assigned = copy;
  expect_lists_match_edges(assigned);
  EXPECT_EQ(assigned.task(3).name, copy.task(3).name);
}

TEST(TaskGraphStorage, NamesAreStoredWhole) {
  TaskGraph g;
  const std::vector<std::string> names{"", "a", std::string("nul\0inside", 10), std::string(300, 'x'), "", "last"};
  for (std::size_t i = 0; i < names.size(); ++i) g.add_task(names[i], static_cast<double>(i) / 2);
  for (int t = 0; t < g.size(); ++t) {
    EXPECT_EQ(g.task(t).name, names[static_cast<std::size_t>(t)]);
    EXPECT_EQ(g.task(t).work, t / 2.0);
  }
  g.set_work(2, 7.5);
  EXPECT_EQ(g.task(2).work, 7.5);
  EXPECT_EQ(g.total_work(), 0 + 0.5 + 7.5 + 1.5 + 2 + 2.5);
  // A name taken from the graph itself survives the arena growing under it.
  for (int i = 0; i < 100; ++i) g.add_task(g.task(3).name, 0);
  EXPECT_EQ(g.task(g.size() - 1).name, names[3]);
}

TEST(TaskGraphStorage, ReserveChangesNothingVisible) {
  TaskGraph a, b;
  b.reserve(50, 200, 500);
  for (TaskGraph* g : {&a, &b}) {
    for (int i = 0; i < 50; ++i) g->add_task(fmt::format("task{}", i), i);
    for (int i = 0; i + 1 < 50; ++i) g->add_edge(i, 49 - i / 2, i);
    g->finalize();
  }
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.edge_count(), b.edge_count());
  for (int t = 0; t < a.size(); ++t) {
    EXPECT_EQ(a.task(t).name, b.task(t).name);
    EXPECT_EQ(ids(a.out_edges(t)), ids(b.out_edges(t)));
    EXPECT_EQ(ids(a.in_edges(t)), ids(b.in_edges(t)));
  }
  expect_lists_match_edges(b);
  // Reserving less than there is, or again later, is harmless too.
  b.reserve(1, 1);
  b.add_edge(0, 1, 1);
  b.finalize();
  expect_lists_match_edges(b);
}

}  // namespace
}  // namespace mpnsim

// The topological order is the lowest-numbered ready task first, whether every edge goes to a
// higher number (the one-pass case: 0, 1, ..., n - 1) or not (the heap), checked against a
// quadratic search on random DAGs numbered both ways.
TEST(TaskGraphOrder, TopologicalOrderIsLowestNumberedReadyFirst) {
  std::mt19937 rng(11);
  for (int round = 0; round < 40; ++round) {
    const int n = 2 + static_cast<int>(rng() % 60);
    std::vector<int> label(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) label[static_cast<std::size_t>(i)] = i;
    if (round % 2 == 1) std::shuffle(label.begin(), label.end(), rng);  // odd rounds: edges go both ways
    mpnsim::TaskGraph g;
    for (int i = 0; i < n; ++i) g.add_task(fmt::format("t{}", i), 1.0);
    std::vector<std::vector<int>> preds(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (rng() % 5 == 0) {
          const int from = label[static_cast<std::size_t>(a)], to = label[static_cast<std::size_t>(b)];
          g.add_edge(from, to, 1.0);
          preds[static_cast<std::size_t>(to)].push_back(from);
        }
    g.finalize();
    std::vector<int> expected;
    std::vector<bool> done(static_cast<std::size_t>(n), false);
    while (static_cast<int>(expected.size()) < n)
      for (int t = 0; t < n; ++t) {
        const auto& p = preds[static_cast<std::size_t>(t)];
        if (!done[static_cast<std::size_t>(t)] &&
            std::all_of(p.begin(), p.end(), [&](int u) { return done[static_cast<std::size_t>(u)]; })) {
          expected.push_back(t);
          done[static_cast<std::size_t>(t)] = true;
          break;
        }
      }
    EXPECT_EQ(mpnsim::topological_order(g), expected) << "round " << round;
  }
  mpnsim::TaskGraph loop;
  loop.add_task("a", 1.0);
  loop.add_task("b", 1.0);
  loop.add_edge(0, 1, 1.0);
  loop.add_edge(1, 0, 1.0);
  loop.finalize();
  EXPECT_THROW(mpnsim::topological_order(loop), std::invalid_argument);
}
