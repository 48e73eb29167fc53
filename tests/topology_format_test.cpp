// JSON, DOT and adjacency-matrix output of topologies (what `mpnsim topo` prints).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "topologies/families.hpp"
#include "topologies/topology_format.hpp"

namespace mpnsim {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(TopologyFormat, JsonHasTheRequiredKeys) {
  const auto j = topology_json(linearly_extensible_tree(2));
  for (const char* key : {"name", "kind", "nodes", "links", "link_list", "directed", "max_degree",
                          "min_degree", "diameter", "average_distance", "adjacency",
                          "self_loops_dropped", "duplicate_links_merged", "levels", "lr"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["name"], "let(depth=2)");
  EXPECT_EQ(j["kind"], "let");
  EXPECT_EQ(j["nodes"], 6);
  EXPECT_EQ(j["links"], 8);
  EXPECT_EQ(j["link_list"].size(), 8u);
  EXPECT_EQ(j["diameter"], 2);
  EXPECT_EQ(j["duplicate_links_merged"], 4);
  EXPECT_EQ(j["adjacency"][0], nlohmann::ordered_json({1, 2, 3}));
  EXPECT_EQ(j["lr"][3], nlohmann::ordered_json({0, 1}));
  EXPECT_EQ(j["levels"], nlohmann::ordered_json({0, 1, 1, 2, 2, 2}));
}

TEST(TopologyFormat, JsonAdjacencySortedAndMatchesLinks) {
  const auto t = de_bruijn(4, 2, false);
  const auto j = topology_json(t);
  std::size_t ends = 0;
  for (const auto& list : j["adjacency"]) {
    const auto v = list.get<std::vector<int>>();
    EXPECT_TRUE(std::is_sorted(v.begin(), v.end()));
    EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());  // no repeats
    ends += v.size();
  }
  EXPECT_EQ(ends, 2 * j["link_list"].size());  // undirected: each link seen from both ends
  EXPECT_EQ(j["self_loops_dropped"], 2);
  EXPECT_FALSE(j.contains("levels"));  // de Bruijn has no levels
}

TEST(TopologyFormat, JsonNullsWhereUndefined) {
  // Leaves of a binary tree have no L/R: null, not -1.
  const auto j = topology_json(k_ary_tree(2, 1));
  EXPECT_TRUE(j["lr"][1][0].is_null());
  EXPECT_EQ(j["lr"][0], nlohmann::ordered_json({1, 2}));
  // Disconnected: no diameter, no average distance.
  const Topology split("test", "split", 4, {{0, 1}, {2, 3}}, false);
  const auto k = topology_json(split);
  EXPECT_TRUE(k["diameter"].is_null());
  EXPECT_TRUE(k["average_distance"].is_null());
  EXPECT_FALSE(k.contains("lr"));
}

TEST(TopologyFormat, DotUndirectedAndDirected) {
  const auto dot = topology_dot(linearly_extensible_tree(2));
  EXPECT_EQ(dot.rfind("// let(depth=2): nodes=6 links=8", 0), 0u) << dot;  // properties first
  EXPECT_NE(dot.find("graph \"let(depth=2)\" {"), std::string::npos);
  EXPECT_NE(dot.find("rank=same; 1; 2;"), std::string::npos);  // level 1
  EXPECT_NE(dot.find("  0 -- 3;"), std::string::npos);
  EXPECT_NE(dot.find("duplicate_links_merged=4"), std::string::npos);

  const auto di = topology_dot(de_bruijn(3, 2, true));
  EXPECT_NE(di.find("digraph \"debruijn(order=3,base=2,directed=true)\""), std::string::npos);
  EXPECT_NE(di.find("  4 -> 0;"), std::string::npos);
  EXPECT_EQ(di.find("--"), std::string::npos);
  EXPECT_NE(di.find("self_loops_dropped=2"), std::string::npos);
}

TEST(TopologyFormat, MatrixRowsAreAdjacency) {
  const auto t = two_root_tree(3);
  const auto lines = lines_of(topology_matrix(t));
  ASSERT_EQ(lines.size(), 1u + 5u);
  EXPECT_EQ(lines[0].rfind("# two-root(children=3): nodes=5 links=6", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1], "0 0 1 1 1");
  EXPECT_EQ(lines[2], "0 0 1 1 1");
  EXPECT_EQ(lines[3], "1 1 0 0 0");
  // Directed: row i marks the out-neighbours only.
  const auto d = lines_of(topology_matrix(de_bruijn(2, 2, true)));
  EXPECT_EQ(d[1], "0 1 0 0");  // 0 -> 1 (0 -> 0 dropped)
  EXPECT_EQ(d[2], "0 0 1 1");  // 1 -> 2, 3
}

TEST(TopologyFormat, MatrixRefusesHugeTopologies) {
  EXPECT_THROW(topology_matrix(hypercube(13)), std::invalid_argument);  // 8192 > kMaxMatrixNodes
}

}  // namespace
}  // namespace mpnsim
