// A task graph's CSR lists against lists made one edge at a time: every task's list, in edge-id
// order, for edges in order of their tasks and in none, at sizes below, at and past the buckets
// of 2^14 tasks that EdgeLists::build sorts by when the edges come in no order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "workloads/dag/edge_lists.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {
namespace {

void expect_lists(int tasks, const std::vector<DagEdge>& edges) {
  for (const auto end : {EdgeLists::End::from, EdgeLists::End::to}) {
    std::vector<std::vector<int>> expected(static_cast<std::size_t>(tasks));
    for (std::size_t e = 0; e < edges.size(); ++e)
      expected[static_cast<std::size_t>(end == EdgeLists::End::from ? edges[e].from : edges[e].to)].push_back(
          static_cast<int>(e));
    EdgeLists lists;
    lists.build(tasks, edges, end);
    for (int t = 0; t < tasks; ++t) {
      const auto got = lists.of(t);
      ASSERT_EQ(std::vector<int>(got.begin(), got.end()), expected[static_cast<std::size_t>(t)])
          << "task " << t << (end == EdgeLists::End::from ? " (out)" : " (in)");
    }
  }
}

TEST(EdgeLists, AgreeWithListsMadeOneEdgeAtATime) {
  std::mt19937_64 rng(11);
  int cases = 0;
  for (const int tasks : {0, 1, 5, 16384, 32767, 32768, 32769, 3 * 16384 + 1, 100000}) {
    SCOPED_TRACE("tasks " + std::to_string(tasks));
    if (tasks == 0) {
      expect_lists(0, {});
      continue;
    }
    const auto any = [&] { return static_cast<int>(rng() % static_cast<std::uint64_t>(tasks)); };
    // Edges parent by parent, each to a random later task (a generated graph's shape), then the
    // same edges shuffled, then edges piled on a few tasks at the buckets' edges.
    std::vector<DagEdge> edges;
    for (int from = 0; from + 1 < tasks; ++from)
      for (int k = static_cast<int>(rng() % 4); k > 0; --k)
        edges.push_back({from, from + 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(tasks - from - 1)), 1.0});
    expect_lists(tasks, edges);
    std::shuffle(edges.begin(), edges.end(), rng);
    expect_lists(tasks, edges);
    std::vector<DagEdge> piled;
    for (int k = 0; k < 5000; ++k) {
      const int spots[] = {0, tasks - 1, std::min(tasks - 1, 16383), std::min(tasks - 1, 16384), any()};
      piled.push_back({any(), spots[rng() % 5], 2.0});
    }
    expect_lists(tasks, piled);
    cases += 3;
  }
  EXPECT_EQ(cases, 8 * 3);
}

}  // namespace
}  // namespace mpnsim
