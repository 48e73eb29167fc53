// The random-DAG generator against a literal reference of thesis §6.4: children picked one at a
// time from a plain vector of flags, each closed while its parent picks and reopened after while
// its in-degree is not full. The generator picks a node's children side by side (ranks moved past
// the earlier picks, dag_generator.cpp); the graphs must be the same, edge for edge.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "workloads/dag/dag_generator.hpp"
#include "workloads/random_draws.hpp"

namespace mpnsim {
namespace {

struct ReferenceEdge {
  int from, to;
  double data;
};

double reference_draw(std::mt19937_64& rng, double lo, double hi, bool integer) {
  if (integer)
    return static_cast<double>(uniform_integer(rng, static_cast<std::int64_t>(std::ceil(lo)),
                                               static_cast<std::int64_t>(std::floor(hi))));
  return lo == hi ? lo : uniform_real(rng, lo, hi);
}

// The k-th open node after i, by a scan of the flags.
int kth_open_after(const std::vector<bool>& open, int i, int k) {
  for (std::size_t j = static_cast<std::size_t>(i) + 1; j < open.size(); ++j)
    if (open[j] && k-- == 0) return static_cast<int>(j);
  ADD_FAILURE() << "no open node of rank " << k << " after " << i;
  return -1;
}

void reference_graph(const RandomDagParams& p, std::vector<double>& work, std::vector<ReferenceEdge>& edges) {
  std::mt19937_64 rng(p.seed);
  const int n = p.tasks;
  std::vector<int> parents(static_cast<std::size_t>(n), 0);
  std::vector<bool> open(static_cast<std::size_t>(n), true);
  work.assign(static_cast<std::size_t>(n), 0);
  edges.clear();
  for (int i = 0; i < n; ++i) {
    work[static_cast<std::size_t>(i)] = reference_draw(rng, p.exec_min, p.exec_max, p.integer);
    const bool orphan = parents[static_cast<std::size_t>(i)] == 0;
    int out = static_cast<int>(uniform_integer(rng, orphan ? 1 : 0, p.max_out));
    int room = 0;
    for (std::size_t j = static_cast<std::size_t>(i) + 1; j < open.size(); ++j) room += open[j];
    out = std::min(out, room);
    std::vector<int> children;
    for (int m = 0; m < out; ++m) {
      const int k = static_cast<int>(uniform_integer(rng, 0, room - m - 1));
      const int j = kth_open_after(open, i, k);
      open[static_cast<std::size_t>(j)] = false;
      children.push_back(j);
      edges.push_back({i, j, reference_draw(rng, p.data_min, p.data_max, p.integer)});
    }
    for (const int j : children)
      if (++parents[static_cast<std::size_t>(j)] < p.max_in) open[static_cast<std::size_t>(j)] = true;
  }
}

TEST(DagGeneratorReference, SameGraphAsPickingOneChildAtATime) {
  int graphs = 0;
  // Degrees below, at and above the side-by-side picks' limit (8 children at once), byte and int
  // parent counts, whole and real draws, sizes around the open set's words and blocks.
  for (const int tasks : {1, 2, 5, 63, 130, 700, 1500}) {
    for (const int max_in : {1, 2, 3, 7, 300}) {
      for (const int max_out : {1, 2, 3, 8, 9, 30}) {
        for (const bool integer : {true, false}) {
          RandomDagParams p;
          p.tasks = tasks;
          p.max_in = max_in;
          p.max_out = max_out;
          p.integer = integer;
          p.seed = static_cast<std::uint64_t>(tasks * 1000 + max_in * 10 + max_out);
          SCOPED_TRACE("tasks " + std::to_string(tasks) + " max_in " + std::to_string(max_in) + " max_out " +
                       std::to_string(max_out) + (integer ? " integer" : " real"));
          std::vector<double> work;
          std::vector<ReferenceEdge> edges;
          reference_graph(p, work, edges);
          const TaskGraph g = generate_random_dag(p);
          ASSERT_EQ(g.size(), tasks);
          for (int t = 0; t < tasks; ++t) ASSERT_EQ(g.work(t), work[static_cast<std::size_t>(t)]) << "task " << t;
          ASSERT_EQ(g.edge_count(), static_cast<int>(edges.size()));
          for (int e = 0; e < g.edge_count(); ++e) {
            const ReferenceEdge& r = edges[static_cast<std::size_t>(e)];
            ASSERT_EQ(g.edge(e).from, r.from) << "edge " << e;
            ASSERT_EQ(g.edge(e).to, r.to) << "edge " << e;
            ASSERT_EQ(g.edge(e).data, r.data) << "edge " << e;
          }
          ++graphs;
        }
      }
    }
  }
  EXPECT_EQ(graphs, 7 * 5 * 6 * 2);
}

}  // namespace
}  // namespace mpnsim
