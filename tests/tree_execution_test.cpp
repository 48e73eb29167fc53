// Tests of the event-driven execution of a placed task tree against hand-computed timelines (SPEC §4).
#include <gtest/gtest.h>

#include "schedulers/tree/tree_execution.hpp"
#include "schedulers/tree/tree_placement.hpp"
#include "topologies/families.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/tree/tree_generators.hpp"

namespace mpnsim {
namespace {

TreeExecutionParams params(double g, double S, double C) {
  TreeExecutionParams p;
  p.grain = g;
  p.startup = S;
  p.per_unit = C;
  return p;
}

TEST(TreeExecution, RootAndTwoChildrenOnTwoProcessorsByHand) {
  // Root 0 on P0 with children 1 (P0) and 2 (P1); g = 1, S = 0.5, C = 1, sizes 1:
  //   spawn 0 on P0 [0, 1]; task 2 to P1 [1, 2.5] while spawn 1 runs on P0 [1, 2];
  //   spawn 2 on P1 [2.5, 3.5]; result 2 to P0 [3.5, 5]; combine 0 on P0 [5, 6].
  // One processor: g * (3 tasks + 1 combine) = 4. Busy 4 of 2 x 6.
  const TaskTree tree = complete_tree(2, 1);
  const std::vector<int> placement{0, 0, 1};
  const TreeExecution e = execute_tree(tree, placement, chain(2), params(1, 0.5, 1));
  EXPECT_DOUBLE_EQ(e.makespan, 6.0);
  EXPECT_DOUBLE_EQ(e.serial_time, 4.0);
  EXPECT_DOUBLE_EQ(e.speedup, 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(e.utilization, 4.0 / 12.0);
  EXPECT_EQ(e.messages, 2u);
  EXPECT_EQ(e.hops, 2u);
  // Without co-processors the CPUs also carry the messages: task 2's send holds P0's CPU
  // [1, 2.5], so spawn 1 runs [2.5, 3.5]; spawn 2 [2.5, 3.5]; result [3.5, 5]; combine [5, 6].
  TreeExecutionParams busy = params(1, 0.5, 1);
  busy.coprocessor = false;
  EXPECT_DOUBLE_EQ(execute_tree(tree, placement, chain(2), busy).makespan, 6.0);
}

TEST(TreeExecution, AChildTwoHopsAwayPaysTwiceEachWay) {
  // The same tree with child 2 on P2 of a 3-chain (a minimum-distance violation):
  // task 2 over two hops [1, 2.5] [2.5, 4]; spawn 2 [4, 5]; result back [5, 6.5] [6.5, 8];
  // combine 0 [8, 9].
  const TreeExecution e = execute_tree(complete_tree(2, 1), std::vector<int>{0, 0, 2}, chain(3), params(1, 0.5, 1));
  EXPECT_DOUBLE_EQ(e.makespan, 9.0);
  EXPECT_EQ(e.messages, 2u);
  EXPECT_EQ(e.hops, 4u);
}

TEST(TreeExecution, OneProcessorTakesTheSerialTime) {
  const TaskTree tree = random_tree(0.9, 3, 6, 9);
  const std::vector<int> all_on_p0(static_cast<std::size_t>(tree.size()), 0);
  const TreeExecution e = execute_tree(tree, all_on_p0, chain(1), params(2, 1, 1));
  EXPECT_DOUBLE_EQ(e.makespan, e.serial_time);
  EXPECT_DOUBLE_EQ(e.speedup, 1.0);
  EXPECT_EQ(e.messages, 0u);
}

TEST(TreeExecution, PlanHasOneSpawnPerTaskAndOneCombinePerInnerTask) {
  const TaskTree tree = complete_tree(3, 3);
  const TreeNetwork net(linearly_extensible_tree(2));
  auto s = find_tree_scheduler("mds")->make(net, resolve_params(find_tree_scheduler("mds")->params, {}));
  const TreePlacement placed = place_tree(tree, net, *s);
  const Plan plan = tree_execution_plan(tree, placed.processor, TreeExecutionParams{});
  int computes = 0, sends = 0, moved = 0;
  for (const auto& a : plan.actions) (a.op == PlanAction::Op::compute ? computes : sends)++;
  for (const auto& l : placed.levels) moved += l.moved;
  EXPECT_EQ(computes, tree.size() + tree.internal_tasks());
  EXPECT_EQ(sends, 2 * moved);  // each moved task goes out and its result comes back
  EXPECT_THROW(tree_execution_plan(tree, std::vector<int>{0}, TreeExecutionParams{}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
