// Tests of the thesis's ambiguous sentences as scheduler parameters: ML's `information`, MDS's readings of §4.4.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "schedulers/tree/tree_placement.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/families.hpp"
#include "workloads/tree/tree_generators.hpp"
#include "tree_test_support.hpp"

namespace mpnsim {
namespace {

using testing::place;

TEST(MlReadings, PerTaskSpreadsTheFirstLevelOfATernaryTree) {
  // By hand, LET-6, the root's three children: the first goes to L (all loads 0, ties to the
  // first candidate), the second to R (L has 1), the third stays (L and R have 1, P0 has 0).
  const TreePlacement r = place(complete_tree(3, 1), linearly_extensible_tree(2), "ml", {{"information", "per-task"}});
  EXPECT_EQ(r.levels[1].max_load, 1);
  EXPECT_DOUBLE_EQ(r.levels[1].lif, 0);
}

TEST(MlReadings, PerLevelSendsAProcessorsTasksToTheOneCandidateThatLookedLightest) {
  // By hand: the snapshot is the zero-distance schedule, P0 = 3 and 0 elsewhere, so P0 sees L
  // as lightest and sends all three there: max 3, ideal = max(1, 3/6) = 1, LIF = 200 %.
  const TreePlacement r = place(complete_tree(3, 1), linearly_extensible_tree(2), "ml", {{"information", "per-level"}});
  EXPECT_EQ(r.levels[1].max_load, 3);
  EXPECT_EQ(r.levels[1].moved, 3);
  EXPECT_DOUBLE_EQ(r.levels[1].lif, 200);
  EXPECT_EQ(r.levels[1].violations, 0);
}

TEST(MdsReadings, DefaultsAreTheLiteralReadingOfTable41) {
  const TreePlacement literal = place(complete_tree(3, 5), linearly_extensible_tree(2), "mds");
  const TreePlacement spelled = place(complete_tree(3, 5), linearly_extensible_tree(2), "mds",
                                      {{"rounding", "ceil"}, {"donor_order", "load"}, {"acceptor_priority", "current"},
                                       {"spread", "false"}, {"relay", "false"}, {"iterations", "2"}});
  const std::vector<double> lif{0.00, 0.00, 33.33, 11.11, 3.70, 1.23};  // thesis Table 4.1
  for (std::size_t k = 0; k < lif.size(); ++k) {
    EXPECT_NEAR(literal.levels[k].lif, lif[k], 0.005) << "level " << k;
    EXPECT_EQ(spelled.levels[k].loads, literal.levels[k].loads) << "level " << k;
  }
}

TEST(MdsReadings, FloorRoundingLeavesTheFirstLevelOnP0) {
  // By hand: 3 tasks on 6 processors, IL = floor(0.5) = 0, so no acceptor has room (IL - load
  // = 0) and nothing moves: max 3, ideal 1, LIF 200 %. With ceil, IL = 1 and the level spreads.
  const TreePlacement r = place(complete_tree(3, 1), linearly_extensible_tree(2), "mds", {{"rounding", "floor"}});
  EXPECT_EQ(r.levels[1].moved, 0);
  EXPECT_DOUBLE_EQ(r.levels[1].lif, 200);
}

TEST(MdsReadings, SpreadLetsADonorGoOnToItsNextAcceptor) {
  // By hand, one iteration, level 1 (P0 = 3, IL = 1): literally P0 gives 1 to its best acceptor
  // and stops (P0 = 2, LIF 100 %); spreading, it gives 1 to the next acceptor too (LIF 0 %).
  const TreePlacement literal = place(complete_tree(3, 1), linearly_extensible_tree(2), "mds", {{"iterations", "1"}});
  const TreePlacement spread =
      place(complete_tree(3, 1), linearly_extensible_tree(2), "mds", {{"iterations", "1"}, {"spread", "true"}});
  EXPECT_DOUBLE_EQ(literal.levels[1].lif, 100);
  EXPECT_DOUBLE_EQ(spread.levels[1].lif, 0);
}

TEST(MdsReadings, RelayUnstallsTheLiteralMdsOnLet10AndKeepsTheMinimumDistance) {
  // SPEC §4: the literal MDS stalls on LET-10 with ternary trees (near 110 % from level 2),
  // because P0's neighbours are all donors; relaying passes the excess on.
  const Topology let10 = linearly_extensible_tree(3);
  ASSERT_EQ(let10.size(), 10);
  const TreePlacement literal = place(complete_tree(3, 5), let10, "mds");
  const TreePlacement relay = place(complete_tree(3, 5), let10, "mds", {{"relay", "true"}});
  for (std::size_t k = 3; k < relay.levels.size(); ++k) {
    EXPECT_LT(relay.levels[k].lif, literal.levels[k].lif) << "level " << k;
    EXPECT_EQ(relay.levels[k].violations, 0) << "level " << k;
  }
}

}  // namespace
}  // namespace mpnsim
