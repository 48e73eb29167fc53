// Linearly extensible tree (thesis eq 3.3): sizes, links, Table 3.1 diameters and the degree facts of SPEC §7.
#include <gtest/gtest.h>

#include <vector>

#include "topologies/families.hpp"

namespace mpnsim {
namespace {

TEST(TopologyLet, SizeAndLevelsFollowEq33) {
  // Eq 3.3: N = (d+1)(d+2)/2, level j holds processors numbered consecutively.
  for (int d = 0; d <= 12; ++d) EXPECT_EQ(linearly_extensible_tree(d).size(), (d + 1) * (d + 2) / 2);
  const auto t = linearly_extensible_tree(3);
  EXPECT_EQ(*t.levels(), (std::vector<int>{0, 1, 1, 2, 2, 2, 3, 3, 3, 3}));
  EXPECT_EQ(t.name(), "let(depth=3)");
  EXPECT_EQ(t.kind(), "let");
}

TEST(TopologyLet, Let6NeighboursLinksAndLr) {
  // Hand count from eq 3.3 at depth 2 (N = 6): L(i) = i+j+1, R(i) = i+j+2 (mod 6).
  const auto t = linearly_extensible_tree(2);
  EXPECT_EQ(t.adjacency()[0], (std::vector<int>{1, 2, 3}));  // SPEC §7 / brief: P0 -> {1, 2, 3}
  EXPECT_EQ(t.properties().links, 8);
  const std::vector<std::pair<int, int>> lr{{1, 2}, {3, 4}, {4, 5}, {0, 1}, {1, 2}, {2, 3}};
  EXPECT_EQ(*t.lr(), lr);
  // Of the 12 raw links, 4 repeat one already there (1-3, 1-4, 2-4, 2-5 come from both ends).
  EXPECT_EQ(t.self_loops_dropped(), 0);
  EXPECT_EQ(t.duplicate_links_merged(), 4);
  // Hand count: of the 15 pairs, 8 are linked and the 7 others at distance 2,
  // so the average over ordered pairs is (8 + 2*7) / 15 = 22/15.
  EXPECT_EQ(t.properties().diameter, 2);
  EXPECT_NEAR(*t.properties().average_distance, 22.0 / 15.0, 1e-12);
}

TEST(TopologyLet, SmallLetsHaveSelfLoopsAndDoubledLinksReported) {
  // Depth 0 (N = 1): L = R = P0, two self-loops, no link left.
  const auto t0 = linearly_extensible_tree(0);
  EXPECT_EQ(t0.self_loops_dropped(), 2);
  EXPECT_EQ(t0.properties().links, 0);
  EXPECT_EQ(t0.properties().diameter, 0);
  // Depth 1 (N = 3), hand count: P0 -> 1, 2; P1 -> 0 (again 0-1), 1 (loop); P2 -> 1, 2 (loop).
  const auto t1 = linearly_extensible_tree(1);
  EXPECT_EQ(t1.self_loops_dropped(), 2);
  EXPECT_EQ(t1.duplicate_links_merged(), 1);
  EXPECT_EQ(t1.links(), (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}}));
  // From depth 3 on, every node has 2 distinct links out: 2N links, nothing merged.
  for (int d = 3; d <= 12; ++d) {
    const auto t = linearly_extensible_tree(d);
    EXPECT_EQ(t.self_loops_dropped() + t.duplicate_links_merged(), 0) << "depth " << d;
    EXPECT_EQ(t.properties().links, 2 * t.size()) << "depth " << d;
  }
}

TEST(TopologyLet, DiametersOfThesisTable31) {
  // Thesis Table 3.1: LET depth 0..11 and 15.
  const std::vector<std::pair<int, int>> table{{0, 0}, {1, 1}, {2, 2},  {3, 3}, {4, 4},
                                               {5, 4}, {6, 5}, {7, 6},  {8, 7}, {9, 8},
                                               {10, 8}, {11, 9}, {15, 12}};
  for (auto [depth, diameter] : table)
    EXPECT_EQ(linearly_extensible_tree(depth).properties().diameter, diameter) << "depth " << depth;
}

TEST(TopologyLet, Depth20DiameterIs17NotThePrinted16) {
  // SPEC §7: the thesis prints 16 for depth 20; breadth-first search gives 17 (16 is depth 19's).
  EXPECT_EQ(linearly_extensible_tree(19).properties().diameter, 16);
  EXPECT_EQ(linearly_extensible_tree(20).properties().diameter, 17);
}

TEST(TopologyLet, DegreeExceedsTheThesisBoundOf4) {
  // SPEC §7: the fold-back links of eq 3.3 give degree 5 at depth 3 and 6 from depth 4
  // (the thesis states at most 4). Depth 2 by hand: P0, P1, P2, P3 have 3 neighbours.
  EXPECT_EQ(linearly_extensible_tree(2).properties().max_degree, 3);
  EXPECT_EQ(linearly_extensible_tree(3).properties().max_degree, 5);
  for (int d = 4; d <= 20; ++d)
    EXPECT_EQ(linearly_extensible_tree(d).properties().max_degree, 6) << "depth " << d;
  // SPEC §7: P4 at depth 4 has neighbours 1, 2 (it is their R and L), 7, 8 (its own L, R)
  // and 13, 14 (whose L/R fold back to it).
  EXPECT_EQ(linearly_extensible_tree(4).adjacency()[4], (std::vector<int>{1, 2, 7, 8, 13, 14}));
}

}  // namespace
}  // namespace mpnsim
