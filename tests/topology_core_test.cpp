// Topology itself: clean-up of raw links, adjacency, degrees and distances (hand-built graphs).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "topologies/topology.hpp"

namespace mpnsim {
namespace {

using Links = std::vector<std::pair<int, int>>;

TEST(TopologyCore, UndirectedDropsSelfLoopsAndMergesBothOrientations) {
  // (0,1), (1,0) and (0,1) are one link: two merged; (2,2) is a self-loop.
  const Topology t("test", "test", 3, Links{{0, 1}, {1, 0}, {2, 2}, {0, 1}, {2, 1}}, false);
  EXPECT_EQ(t.links(), (Links{{0, 1}, {1, 2}}));
  EXPECT_EQ(t.self_loops_dropped(), 1);
  EXPECT_EQ(t.duplicate_links_merged(), 2);
  EXPECT_EQ(t.adjacency(), (Adjacency{{1}, {0, 2}, {1}}));
  EXPECT_EQ(boost::num_edges(t.graph()), 2u);  // one Boost edge per link
  EXPECT_EQ(boost::num_vertices(t.graph()), 3u);
}

TEST(TopologyCore, DirectedKeepsOppositeArcsApart) {
  const Topology t("test", "test", 3, Links{{1, 0}, {0, 1}, {0, 1}, {1, 2}, {1, 1}}, true);
  EXPECT_EQ(t.links(), (Links{{0, 1}, {1, 0}, {1, 2}}));
  EXPECT_EQ(t.duplicate_links_merged(), 1);
  EXPECT_EQ(t.self_loops_dropped(), 1);
  EXPECT_EQ(t.adjacency(), (Adjacency{{1}, {0, 2}, {}}));  // out-neighbours
  // Degree counts distinct neighbours in or out: node 1 touches 0 and 2, node 2 only 1.
  EXPECT_EQ(t.properties().max_degree, 2);
  EXPECT_EQ(t.properties().min_degree, 1);
  // Node 2 reaches nobody: not strongly connected, so no diameter.
  EXPECT_FALSE(t.properties().diameter);
  EXPECT_FALSE(t.properties().average_distance);
}

TEST(TopologyCore, DisconnectedHasNoDiameter) {
  const Topology t("test", "test", 4, Links{{0, 1}, {2, 3}}, false);
  EXPECT_FALSE(t.properties().diameter);
  EXPECT_FALSE(t.properties().average_distance);
  EXPECT_EQ(t.properties().links, 2);
  EXPECT_EQ(t.properties().min_degree, 1);
}

TEST(TopologyCore, PathDistancesByHand) {
  // Path 0-1-2-3: unordered distances 1,2,3,1,2,1 sum to 10; ordered pairs 12 -> 20/12.
  const Topology t("test", "test", 4, Links{{2, 3}, {0, 1}, {1, 2}}, false);
  EXPECT_EQ(t.properties().diameter, 3);
  EXPECT_NEAR(*t.properties().average_distance, 20.0 / 12.0, 1e-12);
  EXPECT_EQ(t.properties().max_degree, 2);
  EXPECT_EQ(t.properties().min_degree, 1);
}

// The neighbour lists are built on first use: properties() first, a copy made before any use, and
// threads asking at once all see the lists the links give (and the threads one shared set).
TEST(TopologyCore, NeighbourListsOnFirstUseAreTheSameWhoeverAsks) {
  const Links links{{3, 4}, {0, 1}, {1, 2}, {2, 3}, {4, 0}, {1, 3}};
  const Adjacency expected{{1, 4}, {0, 2, 3}, {1, 3}, {1, 2, 4}, {0, 3}};
  const Topology t("test", "test", 5, links, false);
  const Topology copy = t;
  EXPECT_EQ(t.properties().max_degree, 3);
  EXPECT_EQ(t.adjacency(), expected);
  EXPECT_EQ(copy.adjacency(), expected);
  const Topology fresh("test", "test", 5, links, false);
  std::vector<const Adjacency*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) threads.emplace_back([&, i] { seen[i] = &fresh.adjacency(); });
  for (auto& th : threads) th.join();
  for (const Adjacency* a : seen) EXPECT_EQ(a, seen.front());
  EXPECT_EQ(*seen.front(), expected);
}

TEST(TopologyCore, RejectsNodesOutOfRange) {
  EXPECT_THROW(Topology("test", "test", 2, Links{{0, 2}}, false), std::out_of_range);
  EXPECT_THROW(Topology("test", "test", 0, Links{}, false), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
