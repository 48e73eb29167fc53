// The engine's routes (sim/router.hpp) against breadth-first searches made here: every route
// is a shortest path, each step to the lowest-numbered neighbour one hop closer, whether the
// next arc comes from a search of the row or from the table kept per destination, and in a
// Router copied or moved after its tables were made.
#include <gtest/gtest.h>

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/machine_spec.hpp"
#include "sim/router.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

// Hops from every processor to dst over the machine's link directions.
std::vector<int> hops_to(const MachineSpec& m, int dst) {
  const std::size_t n = m.processors.size();
  std::vector<std::vector<int>> into(n);  // into[v]: processors with a link direction u -> v
  for (const LinkSpec& l : m.links) {
    into[static_cast<std::size_t>(l.b)].push_back(l.a);
    if (!l.directed) into[static_cast<std::size_t>(l.a)].push_back(l.b);
  }
  std::vector<int> d(n, -1);
  std::deque<int> queue{dst};
  d[static_cast<std::size_t>(dst)] = 0;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int u : into[static_cast<std::size_t>(v)])
      if (d[static_cast<std::size_t>(u)] < 0) {
        d[static_cast<std::size_t>(u)] = d[static_cast<std::size_t>(v)] + 1;
        queue.push_back(u);
      }
  }
  return d;
}

TEST(Router, NextArcsFollowShortestPathsToTheLowestNeighbour) {
  const std::vector<std::pair<std::string, Topology>> networks = {
      {"ring 7", ring(7)},         {"mesh 3x4", mesh(3, 4, false)}, {"torus 3x3", mesh(3, 3, true)},
      {"hypercube 4", hypercube(4)}, {"star 6", star(6)},            {"de Bruijn 3 directed", de_bruijn(3, 2, true)},
      {"tree 3^2", k_ary_tree(3, 2)}};
  for (const auto& [label, t] : networks) {
    SCOPED_TRACE(label);
    const MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
    const int n = t.size();
    Router router(m);
    // Twice over: the first pass builds the tables, the second reads them.
    for (int pass = 0; pass < 2; ++pass)
      for (int dst = 0; dst < n; ++dst) {
        const std::vector<int> d = hops_to(m, dst);
        for (int u = 0; u < n; ++u) {
          if (u == dst || d[static_cast<std::size_t>(u)] < 0) continue;
          const Arc& a = router.next_arc(u, dst);
          int expected = -1;  // the lowest-numbered neighbour one hop closer
          for (const Arc& b : router.arcs(u))
            if (d[static_cast<std::size_t>(b.to)] == d[static_cast<std::size_t>(u)] - 1 && (expected < 0 || b.to < expected))
              expected = b.to;
          ASSERT_EQ(a.to, expected) << "from " << u << " to " << dst << " (pass " << pass << ")";
          ASSERT_EQ(router.distance(u, dst), d[static_cast<std::size_t>(u)]);
          // The arc is the link direction u -> a.to.
          const LinkSpec& l = m.links[static_cast<std::size_t>(a.link())];
          ASSERT_TRUE((l.a == u && l.b == a.to && a.channel % 2 == 0) || (l.b == u && l.a == a.to && a.channel % 2 == 1));
        }
      }
  }
}

// Every next arc and distance of `router` against the searches above.
void expect_shortest_lowest(Router& router, const MachineSpec& m) {
  const int n = static_cast<int>(m.processors.size());
  for (int dst = 0; dst < n; ++dst) {
    const std::vector<int> d = hops_to(m, dst);
    for (int u = 0; u < n; ++u) {
      if (u == dst || d[static_cast<std::size_t>(u)] < 0) continue;
      int expected = -1;
      for (const Arc& b : router.arcs(u))
        if (d[static_cast<std::size_t>(b.to)] == d[static_cast<std::size_t>(u)] - 1 && (expected < 0 || b.to < expected))
          expected = b.to;
      ASSERT_EQ(router.next_arc(u, dst).to, expected) << "from " << u << " to " << dst;
      ASSERT_EQ(router.distance(u, dst), d[static_cast<std::size_t>(u)]);
    }
  }
}

// The look-up keeps pointers to its tables: a copy must not read the original's (gone here
// before the copy is asked), and a move keeps them.
TEST(Router, CopiesAndMovesAnswerAsTheOriginal) {
  const Topology t = mesh(4, 5, true);
  const MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  auto original = std::make_unique<Router>(m);
  for (int pass = 0; pass < 2; ++pass) expect_shortest_lowest(*original, m);  // tables made, then read
  Router copied(*original);
  Router assigned(m);
  expect_shortest_lowest(assigned, m);
  assigned = *original;
  original.reset();
  expect_shortest_lowest(copied, m);
  expect_shortest_lowest(assigned, m);
  Router moved(std::move(copied));
  expect_shortest_lowest(moved, m);
  Router move_assigned(m);
  move_assigned = std::move(moved);
  expect_shortest_lowest(move_assigned, m);
}

}  // namespace
}  // namespace mpnsim
