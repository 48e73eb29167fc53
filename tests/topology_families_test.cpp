// Hypercube, de Bruijn, mesh/torus, trees, chain, ring, star, two-root and complete graph: sizes and distances.
#include <gtest/gtest.h>

#include <vector>

#include "topologies/families.hpp"

namespace mpnsim {
namespace {

// The same links without the vertex-transitive flag, so properties() runs a BFS from every node.
Topology from_every_node(const Topology& t) {
  return Topology(t.kind(), t.name(), t.size(), t.links(), t.directed());
}

void expect_same_distances(const Topology& t) {
  ASSERT_TRUE(t.vertex_transitive());
  const auto full = from_every_node(t);
  EXPECT_EQ(t.properties().diameter, full.properties().diameter) << t.name();
  ASSERT_TRUE(full.properties().average_distance) << t.name();
  EXPECT_NEAR(*t.properties().average_distance, *full.properties().average_distance, 1e-12) << t.name();
}

TEST(TopologyFamilies, HypercubeDegreeDiameterLinks) {
  for (int d = 1; d <= 12; ++d) {
    const auto t = hypercube(d);
    const auto& p = t.properties();
    // Formulas: N = 2^d, degree d, diameter d, d*2^(d-1) links; distances from 0 sum to
    // sum_k k*C(d,k) = d*2^(d-1) over 2^d - 1 others.
    EXPECT_EQ(p.nodes, 1 << d);
    EXPECT_EQ(p.max_degree, d);
    EXPECT_EQ(p.min_degree, d);
    EXPECT_EQ(p.diameter, d);
    EXPECT_EQ(p.links, d << (d - 1));
    EXPECT_NEAR(*p.average_distance, double(d << (d - 1)) / ((1 << d) - 1), 1e-12);
  }
  EXPECT_EQ(*hypercube(3).levels(), (std::vector<int>{0, 1, 1, 2, 1, 2, 2, 3}));  // one-bits
  expect_same_distances(hypercube(5));
}

TEST(TopologyFamilies, DirectedDeBruijnDiameterIsTheOrder) {
  // Shift-register argument: n shifts reach any node, and 0 -> N-1 needs all n (one 1-bit per
  // shift). N = 8 -> 3, N = 16 -> 4.
  EXPECT_EQ(de_bruijn(3, 2, true).properties().diameter, 3);
  EXPECT_EQ(de_bruijn(4, 2, true).properties().diameter, 4);
  // Quaternary, N = 16: two base-4 digits, diameter 2.
  EXPECT_EQ(de_bruijn(2, 4, true).properties().diameter, 2);
  const auto t = de_bruijn(3, 2, true);
  EXPECT_TRUE(t.directed());
  // 16 arcs; 0 -> 0 and 7 -> 7 are self-loops; in a directed graph no arc repeats.
  EXPECT_EQ(t.properties().links, 14);
  EXPECT_EQ(t.self_loops_dropped(), 2);
  EXPECT_EQ(t.duplicate_links_merged(), 0);
  EXPECT_EQ(t.adjacency()[3], (std::vector<int>{6, 7}));  // out-neighbours 2i, 2i+1
  EXPECT_EQ((*t.lr())[5], (std::pair<int, int>{2, 3}));   // L = 10 mod 8, R = 11 mod 8
}

TEST(TopologyFamilies, UndirectedDeBruijnN8ByHand) {
  // Hand count from the arcs i -> 2i, 2i+1 (mod 8) read as undirected links:
  // 16 arcs, self-loops 0-0 and 7-7, and 2-5 from both 2 -> 5 and 5 -> 2: 13 links.
  const auto t = de_bruijn(3, 2, false);
  EXPECT_FALSE(t.directed());
  EXPECT_EQ(t.properties().links, 13);
  EXPECT_EQ(t.self_loops_dropped(), 2);
  EXPECT_EQ(t.duplicate_links_merged(), 1);
  const Adjacency hand{{1, 4}, {0, 2, 3, 4}, {1, 4, 5}, {1, 5, 6, 7},
                       {0, 1, 2, 6}, {2, 3, 6}, {3, 4, 5, 7}, {3, 6}};
  EXPECT_EQ(t.adjacency(), hand);
  // Undirected distances are at most the directed ones (3); by hand from 0: {1,4} at 1,
  // {2,3,6} at 2, {5,7} at 3. So the diameter stays 3.
  EXPECT_EQ(t.properties().diameter, 3);
  EXPECT_EQ(t.properties().max_degree, 4);
  EXPECT_EQ(t.properties().min_degree, 2);
  // Measured: undirected N = 16 keeps diameter 4 (= order), like the directed graph.
  EXPECT_EQ(de_bruijn(4, 2, false).properties().diameter, 4);
}

TEST(TopologyFamilies, DeBruijnOrder2MergesAndDrops) {
  // Hand count, N = 4: arcs 0->0,1  1->2,3  2->0,1  3->2,3; loops 0-0, 3-3; 1-2 twice.
  const auto t = de_bruijn(2, 2, false);
  EXPECT_EQ(t.self_loops_dropped(), 2);
  EXPECT_EQ(t.duplicate_links_merged(), 1);
  EXPECT_EQ(t.links(), (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(t.name(), "debruijn(order=2,base=2,directed=false)");
}

TEST(TopologyFamilies, QuaternaryDeBruijn) {
  // N = 4^2 = 16, 64 arcs; i = 4i + k (mod 16) for i = 0, 5, 10, 15: four self-loops.
  const auto t = de_bruijn(2, 4, true);
  EXPECT_EQ(t.size(), 16);
  EXPECT_EQ(t.self_loops_dropped(), 4);
  EXPECT_EQ(t.properties().links, 60);
  EXPECT_EQ(t.adjacency()[1], (std::vector<int>{4, 5, 6, 7}));
  EXPECT_FALSE(t.lr());  // L/R is a binary notion
}

TEST(TopologyFamilies, MeshDiameter) {
  // Formula: the corner-to-corner path, (r-1) + (c-1).
  for (int r = 1; r <= 6; ++r)
    for (int c = 1; c <= 6; ++c) {
      const auto t = mesh(r, c, false);
      EXPECT_EQ(t.properties().diameter, (r - 1) + (c - 1)) << t.name();
      EXPECT_EQ(t.properties().links, r * (c - 1) + c * (r - 1)) << t.name();
      EXPECT_FALSE(t.vertex_transitive());
    }
  EXPECT_EQ(mesh(4, 4, false).name(), "mesh(rows=4,cols=4,torus=false)");
  EXPECT_EQ(mesh(3, 4, false).adjacency()[5], (std::vector<int>{1, 4, 6, 9}));  // row*cols + col
}

TEST(TopologyFamilies, TorusDiameterAndSymmetry) {
  // Formula: floor(r/2) + floor(c/2), half way round each ring.
  for (int r = 1; r <= 7; ++r)
    for (int c = 1; c <= 7; ++c) {
      const auto t = mesh(r, c, true);
      EXPECT_EQ(t.properties().diameter, r / 2 + c / 2) << t.name();
    }
  expect_same_distances(mesh(4, 5, true));
  expect_same_distances(mesh(2, 3, true));
  expect_same_distances(mesh(1, 6, true));
}

TEST(TopologyFamilies, TorusWrapOnSmallSidesIsReported) {
  // 2 x 3: the vertical wrap repeats each of the 3 vertical links (3 merged); 6 + 3 links.
  const auto t = mesh(2, 3, true);
  EXPECT_EQ(t.duplicate_links_merged(), 3);
  EXPECT_EQ(t.self_loops_dropped(), 0);
  EXPECT_EQ(t.properties().links, 9);
  // 1 x 4: every vertical wrap is a self-loop (4 dropped); what is left is a ring of 4.
  const auto u = mesh(1, 4, true);
  EXPECT_EQ(u.self_loops_dropped(), 4);
  EXPECT_EQ(u.properties().links, 4);
}

TEST(TopologyFamilies, KAryTree) {
  // Binary tree of depth D: 2^(D+1) - 1 nodes, leaf-to-leaf across the root is 2D.
  for (int depth = 0; depth <= 8; ++depth) {
    const auto t = k_ary_tree(2, depth);
    EXPECT_EQ(t.size(), (2 << depth) - 1);
    EXPECT_EQ(t.properties().diameter, 2 * depth);
    EXPECT_EQ(t.properties().links, t.size() - 1);
  }
  const auto t = k_ary_tree(2, 2);
  EXPECT_EQ(*t.levels(), (std::vector<int>{0, 1, 1, 2, 2, 2, 2}));
  const std::vector<std::pair<int, int>> lr{{1, 2}, {3, 4}, {5, 6}, {-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
  EXPECT_EQ(*t.lr(), lr);
  // Ternary, depth 2: 1 + 3 + 9 = 13 nodes, children of 1 are 4, 5, 6.
  const auto k3 = k_ary_tree(3, 2);
  EXPECT_EQ(k3.size(), 13);
  EXPECT_EQ(k3.adjacency()[1], (std::vector<int>{0, 4, 5, 6}));
  EXPECT_EQ(k3.properties().diameter, 4);
  EXPECT_EQ(k3.properties().max_degree, 4);
  EXPECT_FALSE(k3.lr());
}

TEST(TopologyFamilies, ChainRingStar) {
  for (int n = 1; n <= 9; ++n) {
    // Chain: n-1 links, end to end n-1 hops.
    EXPECT_EQ(chain(n).properties().diameter, n - 1);
    EXPECT_EQ(chain(n).properties().links, n - 1);
    // Star: n-1 links, leaf to leaf 2 hops (once there are two leaves).
    EXPECT_EQ(star(n).properties().links, n - 1);
    EXPECT_EQ(star(n).properties().diameter, n >= 3 ? 2 : n - 1);
    // Ring: half way round.
    EXPECT_EQ(ring(n).properties().diameter, n / 2);
  }
  EXPECT_EQ(ring(8).properties().links, 8);
  EXPECT_EQ(ring(2).duplicate_links_merged(), 1);  // 0-1 and 1-0
  EXPECT_EQ(ring(1).self_loops_dropped(), 1);
  expect_same_distances(ring(9));
  EXPECT_EQ(star(6).properties().max_degree, 5);
  EXPECT_EQ(star(6).adjacency()[0], (std::vector<int>{1, 2, 3, 4, 5}));
}

TEST(TopologyFamilies, TwoRootTree) {
  // N = m + 2; 2m links; the roots meet only through a child, so they are 2 apart.
  const auto t = two_root_tree(5);
  EXPECT_EQ(t.size(), 7);
  EXPECT_EQ(t.properties().links, 10);
  EXPECT_EQ(t.adjacency()[0], (std::vector<int>{2, 3, 4, 5, 6}));
  EXPECT_EQ(t.adjacency()[1], (std::vector<int>{2, 3, 4, 5, 6}));
  EXPECT_EQ(t.adjacency()[4], (std::vector<int>{0, 1}));
  EXPECT_EQ(t.properties().diameter, 2);
  EXPECT_EQ(t.properties().max_degree, 5);
  EXPECT_EQ(t.properties().min_degree, 2);
  EXPECT_EQ(*t.levels(), (std::vector<int>{0, 0, 1, 1, 1, 1, 1}));
}

TEST(TopologyFamilies, CompleteGraph) {
  const auto t = complete_graph(9);
  EXPECT_EQ(t.properties().links, 36);  // n(n-1)/2
  EXPECT_EQ(t.properties().diameter, 1);
  EXPECT_EQ(t.properties().max_degree, 8);
  EXPECT_DOUBLE_EQ(*t.properties().average_distance, 1.0);
  expect_same_distances(t);
}

}  // namespace
}  // namespace mpnsim
