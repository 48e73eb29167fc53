// Tests of the task-tree schedulers and the level-synchronous driver (thesis §4.4, §5.1; SPEC §4).
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "schedulers/registry.hpp"
#include "schedulers/tree/dimension_rounds.hpp"
#include "schedulers/tree/tree_placement.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/families.hpp"
#include "topologies/registry.hpp"
#include "workloads/tree/tree_generators.hpp"
#include "tree_test_support.hpp"

namespace mpnsim {
namespace {

using testing::place;

TEST(TreeScheduler, MdsOnLet6CompleteTernaryMatchesSpec) {
  // SPEC §4: the literal MDS reading gives these rows and exactly thesis Table 4.1's LIFs.
  const TreePlacement r = place(complete_tree(3, 5), linearly_extensible_tree(2), "mds");
  ASSERT_EQ(r.levels.size(), 6u);
  const std::vector<std::vector<int>> rows{{1, 0, 0, 0, 0, 0},    {1, 1, 1, 0, 0, 0},    {2, 2, 2, 1, 1, 1},
                                           {5, 5, 5, 4, 4, 4},    {14, 14, 14, 13, 13, 13},
                                           {41, 41, 41, 40, 40, 40}};
  const std::vector<double> lif{0.00, 0.00, 33.33, 11.11, 3.70, 1.23};
  for (std::size_t k = 0; k < rows.size(); ++k) {
    EXPECT_EQ(r.levels[k].loads, rows[k]) << "level " << k;
    EXPECT_NEAR(r.levels[k].lif, lif[k], 0.005) << "level " << k;
    EXPECT_EQ(r.levels[k].violations, 0);
  }
  EXPECT_DOUBLE_EQ(r.levels[2].ideal, 1.5);
  EXPECT_DOUBLE_EQ(r.levels[1].ideal, 1.0);  // max(1, 3/6)
  EXPECT_EQ(r.levels[2].moved, 3);
  EXPECT_EQ(r.levels[5].max_load, 41);
  EXPECT_EQ(r.levels[5].min_load, 40);
}

TEST(TreeScheduler, RrOnDeBruijn8MapsCompleteBinaryTreePerfectly) {
  // Thesis §5.1.1: the binary de Bruijn network is a virtual binary tree; RR maps a complete
  // binary tree of any depth perfectly (LIF 0 at every level).
  for (bool directed : {false, true}) {
    const TreePlacement r = place(complete_tree(2, 8), de_bruijn(3, 2, directed), "rr");
    for (const auto& l : r.levels) {
      EXPECT_DOUBLE_EQ(l.lif, 0.0) << "level " << l.level;
      EXPECT_EQ(l.violations, 0);
    }
    EXPECT_EQ(r.levels[8].loads, std::vector<int>(8, 32));
  }
}

TEST(TreeScheduler, MdsNeverViolatesMinimumDistance) {
  const std::vector<Topology> nets{linearly_extensible_tree(2), linearly_extensible_tree(3), de_bruijn(3, 2, false),
                                   hypercube(3),  k_ary_tree(2, 2), mesh(3, 3, false)};
  for (const auto& net : nets)
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const TaskTree tree = random_tree(0.9, 3, 7, seed);
      for (const char* s : {"mds", "mds-relay"})
        for (const auto& l : place(tree, net, s).levels) EXPECT_EQ(l.violations, 0) << s << " on " << net.name();
    }
}

TEST(TreeScheduler, EverySchedulerConservesTasksPerLevelOnEveryTopology) {
  std::vector<Topology> nets;
  for (const auto& family : topology_registry()) nets.push_back(make_topology(family.name, {}));
  nets.push_back(de_bruijn(3, 2, true));
  nets.push_back(de_bruijn(2, 4, false));
  nets.push_back(linearly_extensible_tree(4));
  const std::vector<TaskTree> trees{complete_tree(3, 4), random_tree(0.85, 3, 7, 11), random_tree(1.0, 2, 8, 5)};
  for (const auto& entry : tree_schedulers())
    for (const auto& net : nets)
      for (const auto& tree : trees) {
        const TreePlacement r = place(tree, net, entry.name);
        ASSERT_EQ(r.levels.size(), static_cast<std::size_t>(tree.levels()));
        for (const auto& l : r.levels) {
          EXPECT_EQ(l.tasks, tree.level_size(l.level));
          EXPECT_EQ(std::accumulate(l.loads.begin(), l.loads.end(), 0), l.tasks)
              << entry.name << " on " << net.name() << " level " << l.level;
        }
        // Each task keeps its level: the placement has one processor per task, in range.
        ASSERT_EQ(r.processor.size(), static_cast<std::size_t>(tree.size()));
        // With the minimum-distance rule on (the default) nobody violates it.
        for (const auto& l : r.levels) EXPECT_EQ(l.violations, 0) << entry.name << " on " << net.name();
      }
}

// Puts every task two processors further along than its parent (a chain: two hops).
class TwoHopsAway : public TreeScheduler {
 public:
  explicit TwoHopsAway(int n) : n_(n) {}
  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    std::vector<int> out;
    for (int p : parent_processor) out.push_back((p + 2) % n_);
    return out;
  }

 private:
  int n_;
};

TEST(TreeScheduler, ViolationsAreCountedNeverHidden) {
  const Topology chain5 = chain(5);
  const TreeNetwork net(chain5);
  TwoHopsAway far(5);
  const TreePlacement r = place_tree(complete_tree(2, 2), net, far);
  EXPECT_EQ(r.levels[1].violations, 2);
  EXPECT_EQ(r.levels[1].moved, 2);
  EXPECT_EQ(r.levels[1].loads, (std::vector<int>{0, 0, 2, 0, 0}));
  EXPECT_EQ(r.levels[2].violations, 4);  // 2 -> 4 is two hops
  // GM balancing freely (min_distance: false) on LET-10 relays a task two hops from its parent.
  int violations = 0;
  for (const auto& l : place(complete_tree(3, 6), linearly_extensible_tree(3), "gm", {{"min_distance", "false"}}).levels)
    violations += l.violations;
  EXPECT_GT(violations, 0);
}

TEST(TreeScheduler, MdsRelayBeatsLiteralMdsOnLet10) {
  // SPEC §4: the literal reading stalls on LET-10 (P0's neighbours are all donors).
  const TaskTree tree = complete_tree(3, 6);
  const TreePlacement literal = place(tree, linearly_extensible_tree(3), "mds");
  const TreePlacement relay = place(tree, linearly_extensible_tree(3), "mds-relay");
  EXPECT_GT(literal.levels[3].lif, 100.0);
  for (int k = 2; k <= 6; ++k) {
    EXPECT_LT(relay.levels[static_cast<std::size_t>(k)].lif, literal.levels[static_cast<std::size_t>(k)].lif);
    EXPECT_EQ(relay.levels[static_cast<std::size_t>(k)].violations, 0);
  }
}

TEST(TreeScheduler, DemRoundsReproduceTheThesisOnLet6AndCubeBits) {
  const DimensionRounds let = dimension_rounds(linearly_extensible_tree(2));
  using R = std::vector<std::vector<std::pair<int, int>>>;
  EXPECT_EQ(let.rounds, (R{{{0, 1}, {0, 2}, {0, 3}}, {{1, 3}, {2, 4}}, {{1, 4}, {2, 5}, {3, 5}}}));
  const DimensionRounds cube = dimension_rounds(hypercube(2));
  EXPECT_EQ(cube.rounds, (R{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}}));
  // Elsewhere: a proper edge colouring, every link once, no processor twice in a round.
  const Topology let10 = linearly_extensible_tree(3);
  const DimensionRounds rounds = dimension_rounds(let10);
  std::size_t links = 0;
  for (const auto& round : rounds.rounds) {
    std::vector<int> seen(static_cast<std::size_t>(let10.size()), 0);
    for (auto [a, b] : round) {
      EXPECT_EQ(seen[static_cast<std::size_t>(a)]++, 0);
      EXPECT_EQ(seen[static_cast<std::size_t>(b)]++, 0);
    }
    links += round.size();
  }
  EXPECT_EQ(links, let10.links().size());
}

TEST(TreeScheduler, RrAlternatesBetweenLAndR) {
  // LET-6: P0's L and R are P1 and P2; three children go to 1, 2, 1.
  const TreePlacement r = place(complete_tree(3, 1), linearly_extensible_tree(2), "rr");
  EXPECT_EQ(r.levels[1].loads, (std::vector<int>{0, 2, 1, 0, 0, 0}));
  EXPECT_EQ(r.levels[1].moved, 3);
}

TEST(TreeScheduler, MlPicksTheLeastLoadedOfLRAndItself) {
  // LET-6, root on P0: L(P0) = 1, R(P0) = 2, then P0 itself; ties to the first.
  const TreePlacement r = place(complete_tree(3, 1), linearly_extensible_tree(2), "ml");
  EXPECT_EQ(r.levels[1].loads, (std::vector<int>{1, 1, 1, 0, 0, 0}));
}

TEST(TreeScheduler, ListedWithTheOtherSchedulers) {
  for (const char* name : {"mds", "mds-relay", "rr", "ml", "dem", "hbm", "gm"}) {
    bool listed = false;
    for (const auto& e : scheduler_registry()) listed |= e.name == name && e.kind == "tree";
    EXPECT_TRUE(listed) << name;
  }
}

}  // namespace
}  // namespace mpnsim
