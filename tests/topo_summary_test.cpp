// `mpnsim topo`: a summary by default that works at 2^20 nodes, and full outputs whose size is estimated first (issue #12).
#include <gtest/gtest.h>

#include <sstream>

#include "test_support.hpp"
#include "topologies/distance_estimate.hpp"
#include "topologies/families.hpp"
#include "topologies/registry.hpp"
#include "topologies/topology_format.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;

TEST(TopoSummary, HypercubeOfAMillionNodesInUnderOneGiB) {
  // The address space is capped at 1 GiB: the summary must fit (it peaks near 0.3 GB).
  if (!testing::kAddressSpaceCanBeCapped)
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space, so ulimit -v cannot measure the binary";
  const testing::CommandResult c = testing::run_mpnsim_capped("topo hypercube --dim 20", 0, 1024);
  ASSERT_EQ(c.exit_code, 0) << c.output;
  for (const char* line : {"hypercube(dim=20)", "nodes              1048576", "links              10485760",
                           "degree             min 20, mean 20, max 20", "diameter           20",
                           "average distance   10.0000095", "exact: one breadth-first search from node 0",
                           "levels             21 (levels 0..20"})
    EXPECT_NE(c.output.find(line), std::string::npos) << line << "\n" << c.output;
}

TEST(TopoSummary, ExactDistancesWhileAffordable) {
  const auto r = run_mpnsim("topo let --depth 3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("exact: a breadth-first search from each of the 10 nodes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("nodes per level: 1, 2, 3, 4"), std::string::npos) << r.output;
}

TEST(TopoSummary, SampledDistancesSayHowTheyWereFound) {
  // All-pairs on a 4-ary tree of 87 381 nodes would be ~2e10 steps: sampled within the budget.
  const Topology t = k_ary_tree(4, 8);
  const DistanceEstimate e = estimate_distances(t, 2e9, 3e7);
  EXPECT_FALSE(e.exact);
  EXPECT_TRUE(e.connected);
  // The double sweep from the root reaches a leaf, then the farthest leaf: the true diameter, 16.
  EXPECT_EQ(e.diameter, 16);
  EXPECT_GT(e.sources, 3);
  EXPECT_NEAR(e.average_distance, 14.0, 1.0);  // most pairs are leaves in different subtrees of the root
  EXPECT_NE(e.method.find("uniformly drawn sources"), std::string::npos) << e.method;
  // Exact for the same tree within a larger budget: the estimate must agree with it.
  const DistanceEstimate exact = estimate_distances(k_ary_tree(4, 4));
  EXPECT_TRUE(exact.exact);
  EXPECT_EQ(exact.diameter, 8);
}

TEST(TopoSummary, DisconnectedAndDirectedNetworks) {
  const DistanceEstimate d = estimate_distances(de_bruijn(3, 2, true));
  EXPECT_TRUE(d.connected);  // de Bruijn graphs are strongly connected
  EXPECT_EQ(d.diameter, 3);
  const auto r = run_mpnsim("topo debruijn --order 3 --directed");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("arcs"), std::string::npos) << r.output;
}

TEST(TopoOutput, FullFormatsAboveOneGiBAreRefusedBeforeBuilding) {
  // In 512 MiB of address space, which the 2 GiB network would not fit: nothing is built.
  const auto r = testing::run_mpnsim_capped("topo hypercube --dim 22 --format json", 0, 512);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("4194304 nodes and up to 46137344 links would make about 2.0 GiB of json"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("-o FILE --force"), std::string::npos) << r.output;
  const auto dot = run_mpnsim("topo hypercube --dim 22 --format json -o /dev/null");
  EXPECT_EQ(dot.exit_code, 2) << dot.output;  // -o alone is not enough
  const auto force = run_mpnsim("topo let --depth 2 --force");
  EXPECT_EQ(force.exit_code, 2) << force.output;
  EXPECT_NE(force.output.find("--force writes only to a file"), std::string::npos) << force.output;
  const auto matrix = run_mpnsim("topo hypercube --dim 13 --format matrix");
  EXPECT_EQ(matrix.exit_code, 2) << matrix.output;
}

TEST(TopoOutput, EstimatesAreCloseToWhatIsWritten) {
  for (const auto& [kind, params] : std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>{
           {"hypercube", {{"dim", "12"}}},
           {"let", {{"depth", "60"}}},
           {"debruijn", {{"order", "11"}}},
           {"mesh", {{"rows", "40"}, {"cols", "50"}, {"torus", "true"}}},
           {"tree", {{"arity", "3"}, {"depth", "7"}}}}) {
    const Topology t = make_topology(kind, params);
    const TopologySize size = topology_size(kind, params);
    for (const std::string format : {"json", "dot"}) {
      std::ostringstream out;
      if (format == "json") write_topology_json(t, out);
      else write_topology_dot(t, out);
      const double ratio = static_cast<double>(estimated_topology_bytes(format, size)) /
                           static_cast<double>(out.str().size());
      EXPECT_GT(ratio, 0.9) << kind << " " << format;
      EXPECT_LT(ratio, 1.8) << kind << " " << format;  // levels and L/R are counted even where there are none
    }
  }
}

TEST(TopoOutput, UnknownFlagsAreSuggestedAmongTheFamilyAndTopoFlags) {
  auto r = run_mpnsim("topo hypercube --dim 3 --fromat json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = run_mpnsim("topo hypercube --dmi 3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("did you mean --dim?"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace mpnsim
