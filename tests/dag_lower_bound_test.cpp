// The makespan lower bound: each component by hand, and never above an optimum or any schedule.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "dag_brute_force.hpp"
#include "dag_exact_oracles.hpp"
#include "dag_test_support.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/lower_bound.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::brute_force_optimum;
using testing::ProblemBox;

double optimum(const ProblemBox& box) { return brute_force_optimum(box.problem()); }

double bound(const ProblemBox& box) { return dag_lower_bound(box.problem()).value; }

MachineSpec complete_machine(int n, double z = 1, double S = 0) { return testing::dag_machine(complete_graph(n), z, S); }

// Independent tasks with the given works.
TaskGraph independent(const std::vector<double>& works) {
  TaskGraph g("independent");
  for (std::size_t i = 0; i < works.size(); ++i) g.add_task(fmt::format("t{}", i), works[i]);
  g.finalize();
  return g;
}

// a (2), b (3) -> c (1), `data` on both edges.
TaskGraph join_graph(double data) {
  TaskGraph g("join");
  g.add_task("a", 2);
  g.add_task("b", 3);
  g.add_task("c", 1);
  g.add_edge(0, 2, data);
  g.add_edge(1, 2, data);
  g.finalize();
  return g;
}

TEST(DagLowerBound, MessageFloorIsTheLeastStartupPlusTheLeastRatePerUnit) {
  MachineSpec m = testing::dag_machine(chain(3));
  m.links[0].z = 2;
  m.links[0].startup = 1;
  m.links[1].z = 0.5;
  m.links[1].startup = 3;
  m.Tcm = 2;
  // min S = 1, min z * Tcm = 1: 4 units take at least 1 + 4.
  EXPECT_DOUBLE_EQ(min_message_time(m, 4), 5);
  EXPECT_TRUE(std::isinf(min_message_time(complete_machine(1), 4)));  // nowhere to send
}

TEST(DagLowerBound, CriticalPathTakesEachTasksLeastTime) {
  // Related processors w = 2 and 0.5: works 2 and 4 take at least 1 and 2.
  MachineSpec m = complete_machine(2);
  m.processors[0].w = 2;
  m.processors[1].w = 0.5;
  const ProblemBox related(testing::chain_graph({2, 4}, 1), m);
  EXPECT_DOUBLE_EQ(min_cost_critical_path(related.problem()), 3);
  // A cost table: rows (5, 7) and (4, 1): 5 + 1.
  TaskGraph g = testing::chain_graph({1, 1}, 1);
  g.set_costs(CostTable(2, 2, {5, 7, 4, 1}));
  const ProblemBox table(std::move(g), complete_machine(2));
  EXPECT_DOUBLE_EQ(min_cost_critical_path(table.problem()), 6);
  EXPECT_DOUBLE_EQ(dag_lower_bound(table.problem()).critical_path, 6);
}

TEST(DagLowerBound, CommunicationThatCanBeAvoidedIsNotCounted) {
  // A chain with a huge message: both tasks on one processor need no message at all. A bound
  // that charged every edge's message would say 2 + 100 + 3.
  const ProblemBox chain_box(testing::chain_graph({2, 3}, 100), complete_machine(2));
  EXPECT_DOUBLE_EQ(bound(chain_box), 5);
  EXPECT_DOUBLE_EQ(optimum(chain_box), 5);
  // The join with data 10 (messages of 10 on the complete pair): c either waits 10 for a
  // remote predecessor or runs after both on one processor, 2 + 3 + 1 = 6, the optimum. A
  // bound that made either predecessor remote would pass it.
  const ProblemBox heavy(join_graph(10), complete_machine(2));
  EXPECT_DOUBLE_EQ(bound(heavy), 6);
  EXPECT_DOUBLE_EQ(optimum(heavy), 6);
}

TEST(DagLowerBound, EarliestStartSplitsThePredecessorsByHand) {
  // The join with data 1: remote arrivals a: 2 + 1 = 3, b: 3 + 1 = 4. c's start is at least
  //   none shared: max(3, 4) = 4; b shared: max(3, 3) = 3; both shared: 2 + 3 = 5,
  // so 3, and the path bound is 3 + 1 = 4, the optimum (a elsewhere, b and c together).
  // With data 2 the arrivals are 4 and 5: none shared, 5; b shared, max(3, 4) = 4; both,
  // 5. c starts at 4 at the earliest and the bound is 5, the optimum, where the critical
  // path without communication says 4.
  const ProblemBox light(join_graph(1), complete_machine(2));
  const TaskWindows w1 = task_windows(light.problem());
  EXPECT_DOUBLE_EQ(w1.start[2], 3);
  EXPECT_DOUBLE_EQ(communication_path_bound(w1), 4);
  EXPECT_DOUBLE_EQ(optimum(light), 4);
  const ProblemBox two(join_graph(2), complete_machine(2));
  const DagLowerBound b2 = dag_lower_bound(two.problem());
  EXPECT_DOUBLE_EQ(task_windows(two.problem()).start[2], 4);
  EXPECT_DOUBLE_EQ(b2.communication_path, 5);
  EXPECT_DOUBLE_EQ(b2.critical_path, 4);
  EXPECT_DOUBLE_EQ(optimum(two), 5);
}

TEST(DagLowerBound, TailSplitsTheSuccessorsByHand) {
  // a (1) -> b (3), a -> c (2), data 1, two processors. After a finishes:
  //   none shared: max(1 + 3, 1 + 2) = 4; b shared: max(3, 1 + 2) = 3; both shared: 3 + 2 = 5,
  // so a's tail is 3 and the bound 1 + 3 = 4: b after a, c elsewhere from 2 to 4.
  TaskGraph g("fork");
  g.add_task("a", 1);
  g.add_task("b", 3);
  g.add_task("c", 2);
  g.add_edge(0, 1, 1);
  g.add_edge(0, 2, 1);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  const TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(w.tail[0], 3);
  EXPECT_DOUBLE_EQ(w.tail[1], 0);
  EXPECT_DOUBLE_EQ(w.start[1], 1);  // b with a
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 4);
  EXPECT_DOUBLE_EQ(optimum(box), 4);
}

TEST(DagLowerBound, TwoEdgesBetweenTwoTasksAreOneNeighbour) {
  // a -> c twice: if a shared c's processor its work would count once, not twice.
  TaskGraph g("double");
  g.add_task("a", 2);
  g.add_task("c", 1);
  g.add_edge(0, 1, 50);
  g.add_edge(0, 1, 50);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  EXPECT_DOUBLE_EQ(bound(box), 3);
  EXPECT_DOUBLE_EQ(optimum(box), 3);
}

TEST(DagLowerBound, WorkFillsTheFastestProcessorsFirst) {
  // Works 5 and 5 on w = 1, 4, 4 (speeds 1, 1/4, 1/4): the largest alone, 5 / 1 = 5; the
  // two largest on the two fastest, 10 / 1.25 = 8; all work on all speeds, 10 / 1.5 = 6.67.
  MachineSpec m = complete_machine(3);
  m.processors[1].w = 4;
  m.processors[2].w = 4;
  const ProblemBox related(independent({5, 5}), m);
  EXPECT_DOUBLE_EQ(work_bound(related.problem()), 8);
  EXPECT_DOUBLE_EQ(optimum(related), 10);
  // Identical processors: total / P. Works 3, 3, 2 on two: 4.
  const ProblemBox same(independent({3, 3, 2}), complete_machine(2));
  EXPECT_DOUBLE_EQ(work_bound(same.problem()), 4);
  // A cost table: rows (4, 6), (2, 1), (3, 3): least times 4 + 1 + 3 over 2 processors.
  TaskGraph g = independent({1, 1, 1});
  g.set_costs(CostTable(3, 2, {4, 6, 2, 1, 3, 3}));
  const ProblemBox table(std::move(g), complete_machine(2));
  EXPECT_DOUBLE_EQ(work_bound(table.problem()), 4);
  EXPECT_DOUBLE_EQ(optimum(table), 4);  // t0 on P0; t1 and t2 on P1
}

TEST(DagLowerBound, DensityCountsTheWorkForcedIntoAnInterval) {
  // a (1) -> b, c, d (1 each), no data, two processors. The critical path is 2, the work
  // 4 / 2 = 2, but b, c and d all run inside [1, T]: 3 units on 2 processors need
  // T - 1 >= 1.5, so T >= 2.5 (the optimum is 3).
  TaskGraph g("fan");
  g.add_task("a", 1);
  for (int i = 0; i < 3; ++i) {
    g.add_task(fmt::format("b{}", i), 1);
    g.add_edge(0, i + 1, 0);
  }
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  const DagLowerBound b = dag_lower_bound(box.problem());
  EXPECT_DOUBLE_EQ(b.critical_path, 2);
  // The two sides of a (colocation_bound) see the same: a's processor over [0, T], the other
  // over [1, T] hold the 4 units when 2 T - 1 >= 4.
  EXPECT_DOUBLE_EQ(b.communication_path, 2.5);
  EXPECT_DOUBLE_EQ(b.work, 2);
  EXPECT_DOUBLE_EQ(b.density, 2.5);
  EXPECT_DOUBLE_EQ(b.value, 2.5);
  EXPECT_DOUBLE_EQ(optimum(box), 3);
  const TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 2);
  EXPECT_DOUBLE_EQ(density_bound(w, 2, 2), 2.5);  // from the windows alone
  // A budget too small to look at more than one interval still gives a sound bound.
  const double thin = density_bound(w, 2, 2, 1);
  EXPECT_GE(thin, 2);
  EXPECT_LE(thin, 2.5);
}

TEST(DagLowerBound, AConnectedGraphRunsOnOneProcessorOrSendsAMessage) {
  // x -> z, y -> z, y -> w, data 20, every task 1, two processors. No task has all four as
  // ancestors or descendants: the paths give 3 at most (x and y before z, or z and w after
  // y). But the graph is connected: on one processor it takes 4, and any message of 20 lies
  // on a path of at least 1 + 20 + 1. Hence 4, the optimum.
  TaskGraph g("w");
  for (const char* name : {"x", "y", "z", "w"}) g.add_task(name, 1);
  g.add_edge(0, 2, 20);
  g.add_edge(1, 2, 20);
  g.add_edge(1, 3, 20);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  const TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 3);
  EXPECT_DOUBLE_EQ(spread_bound(box.problem(), w), 4);
  EXPECT_DOUBLE_EQ(density_bound(w, 2, 3), 3);  // nothing more from the intervals
  EXPECT_DOUBLE_EQ(bound(box), 4);
  EXPECT_DOUBLE_EQ(optimum(box), 4);
  // a (1) -> b (1) -> c (1) and a -> d (1) -> e (1) with messages of 0.5: the crossing path
  // is the lesser, a -> b crossing gives 1 + 0.5 + 1 + 1 = 3.5 (c after b), below the 5 of
  // one processor.
  TaskGraph cheap("two-chains");
  for (const char* name : {"a", "b", "c", "d", "e"}) cheap.add_task(name, 1);
  for (auto [from, to] : std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {0, 3}, {3, 4}}) cheap.add_edge(from, to, 0.5);
  cheap.finalize();
  const ProblemBox cheap_box(std::move(cheap), complete_machine(2));
  EXPECT_DOUBLE_EQ(spread_bound(cheap_box.problem(), task_windows(cheap_box.problem())), 3.5);
  // Two parts that need not talk: each is bounded alone, the larger counts.
  TaskGraph parts("parts");
  parts.add_task("x", 4);
  parts.add_task("y", 1);
  parts.add_task("z", 2);
  parts.add_edge(1, 2, 20);
  parts.finalize();
  const ProblemBox parts_box(std::move(parts), complete_machine(2));
  EXPECT_DOUBLE_EQ(spread_bound(parts_box.problem(), task_windows(parts_box.problem())), 4);
}

TEST(DagLowerBound, ATaskWaitsForAllItsAncestorsOrForAMessageAmongThem) {
  // a, b -> c; d, e -> f; c, f -> g, data 20; then g -> h with no data; every task 1, two
  // processors. Splitting g's predecessors alone: c and f start at 2 (a and b before c),
  // so with both on g's processor g starts at 2 + 1 + 1 = 4. But a to f are all ancestors
  // of g: either they all run on g's processor, 6 in all before g, or a message of 20 crosses
  // among them, which arrives no sooner than 1 + 20 at c or f: g starts at 6. Then h at 7
  // and the bound is 8, the optimum (all on one processor).
  TaskGraph g("in-tree");
  for (const char* name : {"a", "b", "c", "d", "e", "f", "g", "h"}) g.add_task(name, 1);
  for (auto [from, to] : std::vector<std::pair<int, int>>{{0, 2}, {1, 2}, {3, 5}, {4, 5}, {2, 6}, {5, 6}})
    g.add_edge(from, to, 20);
  g.add_edge(6, 7, 0);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  const TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(w.start[2], 2);
  EXPECT_DOUBLE_EQ(w.start[6], 6);
  EXPECT_DOUBLE_EQ(w.start[7], 7);
  EXPECT_DOUBLE_EQ(bound(box), 8);
  EXPECT_DOUBLE_EQ(optimum(box), 8);
  // Backwards the same: the out-tree mirror image has a tail of 6 at its root's successor.
  TaskGraph m("out-tree");
  for (const char* name : {"h", "g", "c", "f", "a", "b", "d", "e"}) m.add_task(name, 1);
  m.add_edge(0, 1, 0);
  for (auto [from, to] : std::vector<std::pair<int, int>>{{1, 2}, {1, 3}, {2, 4}, {2, 5}, {3, 6}, {3, 7}})
    m.add_edge(from, to, 20);
  m.finalize();
  const ProblemBox mirror(std::move(m), complete_machine(2));
  EXPECT_DOUBLE_EQ(task_windows(mirror.problem()).tail[1], 6);
  EXPECT_DOUBLE_EQ(bound(mirror), 8);
}

TEST(DagLowerBound, ABranchThatLeavesTheForkPaysTwiceIntoAJoinBesideIt) {
  // f (1) -> a (3) -> j (1) with messages of 2, f -> b (4) -> j with messages of 20, two
  // processors. Splitting j's predecessors: a elsewhere arrives at 1 + 3 + 2 = 6 (a starting
  // beside f), b beside j is done at 1 + 4 = 5, so j may start at 6 and the bound is 7. But
  // with j on f's processor, a elsewhere first waits for f's message: 1 + 2 + 3 + 2 = 8, and
  // a beside j makes 1 + 3 + 4 = 8: j starts at 8. With j elsewhere, b's data crosses (20)
  // whether b sits with f or with j: j starts at 1 + 4 + 20 = 25 at the earliest. So 8 + 1 = 9,
  // the optimum.
  TaskGraph g("fork-join");
  g.add_task("f", 1);
  g.add_task("a", 3);
  g.add_task("b", 4);
  g.add_task("j", 1);
  g.add_edge(0, 1, 2);
  g.add_edge(1, 3, 2);
  g.add_edge(0, 2, 20);
  g.add_edge(2, 3, 20);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(w.start[3], 6);
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 7);
  EXPECT_DOUBLE_EQ(colocation_bound(box.problem(), w, 0), 9);
  EXPECT_DOUBLE_EQ(w.start[3], 8);  // raised: on either side j starts at 8 or later
  EXPECT_DOUBLE_EQ(bound(box), 9);
  EXPECT_DOUBLE_EQ(optimum(box), 9);
}

TEST(DagLowerBound, CostlyMessagesGlueTasksTogether) {
  // x -> z, y -> z, y -> w with data 20 and a cheap y -> e (0.5), every task 1, two
  // processors. Every edge's least path through its message: 1 + 20 + 1 = 22 for the costly
  // three, and for y -> e max(1 + 0.5, 1) + 1 = 2.5. The spread bound takes the cheapest, 2.5.
  // But a schedule shorter than 22 keeps x, y, z and w on one processor, 4 in all: either the
  // costly edges cross (22 at least) or it takes 4; sending e away does not shorten it. 4 is
  // the optimum, which no single task's window sees (3 at most: x and y before z).
  TaskGraph g("glued");
  for (const char* name : {"x", "y", "z", "w", "e"}) g.add_task(name, 1);
  g.add_edge(0, 2, 20);
  g.add_edge(1, 2, 20);
  g.add_edge(1, 3, 20);
  g.add_edge(1, 4, 0.5);
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  const TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 3);
  EXPECT_DOUBLE_EQ(spread_bound(box.problem(), w), 2.5);
  EXPECT_DOUBLE_EQ(merge_bound(box.problem(), w, 0), 4);
  EXPECT_DOUBLE_EQ(merge_bound(box.problem(), w, 5), 5);  // never below what is known
  EXPECT_DOUBLE_EQ(bound(box), 4);
  EXPECT_DOUBLE_EQ(optimum(box), 4);
  // a -> b and c -> d with data 20, a -> c with 0.5, every task 1. c starts at 1 at the soonest
  // and has a tail of 1 (d after it), so a -> c crossing ends no sooner than 1.5 + 1 + 1 = 3.5.
  // Below 22 and 23 (the costly edges' paths) a and b share a processor, and so do c and d: 2
  // each, 3 with c's start. At 3.5 the cheap edge may cross; below it all four share one
  // processor, 4. The least consistent length is 3.5, the optimum ({a, b} and {c, d} apart).
  TaskGraph h("two-pairs");
  for (const char* name : {"a", "b", "c", "d"}) h.add_task(name, 1);
  h.add_edge(0, 1, 20);
  h.add_edge(0, 2, 0.5);
  h.add_edge(2, 3, 20);
  h.finalize();
  const ProblemBox pairs(std::move(h), complete_machine(2));
  const TaskWindows v = task_windows(pairs.problem());
  EXPECT_DOUBLE_EQ(v.start[2], 1);
  EXPECT_DOUBLE_EQ(v.tail[2], 1);
  EXPECT_DOUBLE_EQ(merge_bound(pairs.problem(), v, 0), 3.5);
  EXPECT_DOUBLE_EQ(optimum(pairs), 3.5);
  // On one processor no message can leave: every edge glues, the whole work.
  const ProblemBox alone(testing::fork_join_graph(3, 2, 0), complete_machine(1));
  EXPECT_DOUBLE_EQ(merge_bound(alone.problem(), task_windows(alone.problem()), 0), 1 + 3 * 2 + 1);
}

TEST(DagLowerBound, BranchesSentAwayStartAfterTheirMessage) {
  // A fork h (2) -> c1..c4 (4 each), data 3, two processors. With h as the reference: on h's
  // processor the side runs from 0 (h's start) to T (the branches have no tail); elsewhere no
  // branch starts before 2 + 3 = 5. So 18 units of work fit only if (T - 0) + (T - 5) >= 18:
  // T >= 11.5. Neither the windows (2 + 7 = 9: the branches apart take 3 + 4 after h), nor the
  // work (9) nor the intervals see it. The optimum keeps two branches beside h and sends two
  // away: max(2 + 8, 5 + 8) = 13.
  TaskGraph g("fork");
  g.add_task("h", 2);
  for (int i = 1; i <= 4; ++i) {
    g.add_task(fmt::format("c{}", i), 4);
    g.add_edge(0, i, 3);
  }
  g.finalize();
  const ProblemBox box(std::move(g), complete_machine(2));
  TaskWindows w = task_windows(box.problem());
  EXPECT_DOUBLE_EQ(communication_path_bound(w), 9);
  EXPECT_DOUBLE_EQ(colocation_bound(box.problem(), w, 0), 11.5);
  EXPECT_GE(bound(box), 11.5);
  EXPECT_DOUBLE_EQ(optimum(box), 13);
  // On three processors the two others share what is sent away: T + 2 (T - 5) >= 18 gives
  // T >= 28 / 3, above the windows' 9. The optimum is 10: two branches beside h (2 + 8), one
  // on each other processor (5 + 4).
  TaskGraph f("fork3");
  f.add_task("h", 2);
  for (int i = 1; i <= 4; ++i) {
    f.add_task(fmt::format("c{}", i), 4);
    f.add_edge(0, i, 3);
  }
  f.finalize();
  const ProblemBox three(std::move(f), complete_machine(3));
  TaskWindows v = task_windows(three.problem());
  EXPECT_DOUBLE_EQ(colocation_bound(three.problem(), v, 0), 28.0 / 3);
  EXPECT_DOUBLE_EQ(optimum(three), 10);
  EXPECT_LE(bound(three), 10 * (1 + 1e-12));
}

TEST(DagLowerBound, OneProcessorIsTheWholeWork) {
  const ProblemBox box(testing::fork_join_graph(3, 2, 5), complete_machine(1));
  EXPECT_DOUBLE_EQ(bound(box), 1 + 3 * 2 + 1);
  EXPECT_DOUBLE_EQ(optimum(box), 8);
}

// A random graph of n tasks: each pair i < j an edge with probability `density`, works on
// [1, 10], data scaled so that a mean message over one link takes `ccr` times a mean task.
TaskGraph random_graph(std::mt19937_64& rng, int n, double density, double ccr) {
  TaskGraph g("random");
  std::uniform_real_distribution<double> work(1, 10), unit(0, 1);
  for (int i = 0; i < n; ++i) g.add_task(fmt::format("t{}", i), std::round(work(rng)));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (unit(rng) < density) g.add_edge(i, j, std::round(work(rng)) * ccr);
  g.finalize();
  return g;
}

// A machine of `p` processors on a complete graph, a chain or a ring, heterogeneous at times.
MachineSpec random_machine(std::mt19937_64& rng, int p, int trial) {
  std::uniform_real_distribution<double> unit(0, 1);
  const Topology t = trial % 3 == 0 || p < 3 ? (trial % 2 ? complete_graph(p) : chain(p)) : trial % 3 == 1 ? chain(p) : ring(p);
  MachineSpec m = testing::dag_machine(t, 1, trial % 2 ? 0.0 : 0.5 + 2 * unit(rng));
  if (trial % 4 == 1)
    for (auto& pr : m.processors) pr.w = 0.5 + 1.5 * unit(rng);
  if (trial % 5 == 2)
    for (auto& l : m.links) {
      l.z = 0.3 + 2 * unit(rng);
      l.startup = 2 * unit(rng);
    }
  return m;
}

TEST(DagLowerBound, NeverAboveTheOptimumOfSmallGraphs) {
  std::mt19937_64 rng(36);
  const double ccrs[] = {0.1, 0.5, 1, 2, 5, 10};
  int checked = 0, tight = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 3 + trial % 4 + (trial % 7 == 0 ? 1 : 0);  // 3..7 tasks
    const int p = 1 + trial % 3;
    const double ccr = ccrs[trial % 6];
    TaskGraph g = random_graph(rng, n, 0.2 + 0.1 * (trial % 5), ccr);
    if (trial % 6 == 5) {  // unrelated processors
      std::vector<double> table;
      std::uniform_real_distribution<double> cost(1, 10);
      for (int i = 0; i < n * p; ++i) table.push_back(std::round(cost(rng)));
      g.set_costs(CostTable(n, p, table));
    }
    const ProblemBox box(std::move(g), random_machine(rng, p, trial));
    const DagLowerBound b = dag_lower_bound(box.problem());
    const double opt = optimum(box);
    EXPECT_LE(b.value, opt * (1 + 1e-9)) << "trial " << trial << ": " << n << " tasks, " << p << " processors, CCR "
                                         << ccr << "; parts " << b.critical_path << " " << b.communication_path << " "
                                         << b.work << " " << b.density;
    EXPECT_LE(b.critical_path, b.value);
    EXPECT_LE(b.communication_path, b.value);
    EXPECT_LE(b.work, b.value);
    tight += b.value >= opt * (1 - 1e-9);
    ++checked;
  }
  EXPECT_EQ(checked, 600);
  EXPECT_GT(tight, 0);  // the oracle and the bound meet sometimes: neither is trivially loose
}

// The merge bound on its own (from nothing known), above all at high CCR where it counts:
// never above the optimum, and without a cost table never below the spread bound it refines.
TEST(DagLowerBound, MergeBoundNeverAboveTheOptimum) {
  std::mt19937_64 rng(3607);
  const double ccrs[] = {1, 2, 5, 10, 20};
  int raised = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 4 + trial % 4;  // 4..7 tasks
    const int p = 2 + trial % 2;
    TaskGraph g = random_graph(rng, n, 0.25 + 0.1 * (trial % 4), ccrs[trial % 5]);
    const bool table = trial % 7 == 3;
    if (table) {
      std::vector<double> costs;
      std::uniform_real_distribution<double> cost(1, 10);
      for (int i = 0; i < n * p; ++i) costs.push_back(std::round(cost(rng)));
      g.set_costs(CostTable(n, p, costs));
    }
    const ProblemBox box(std::move(g), random_machine(rng, p, trial));
    const TaskWindows w = task_windows(box.problem());
    const double merge = merge_bound(box.problem(), w, 0);
    const double opt = optimum(box);
    EXPECT_LE(merge, opt * (1 + 1e-9)) << "trial " << trial << ": " << n << " tasks, " << p << " processors";
    // From the windows' own bound (which covers every task alone), at least the spread bound.
    const double path = communication_path_bound(w);
    if (!table) {
      EXPECT_GE(merge_bound(box.problem(), w, path), spread_bound(box.problem(), w) * (1 - 1e-12)) << "trial " << trial;
    }
    raised += merge > path * (1 + 1e-9);
  }
  EXPECT_GT(raised, 20);  // it does see more than the windows on many of them
}

// The conditioned windows and the two sides' load, for every task as the reference, on forks and
// random graphs where branches are worth sending away: never above the optimum.
TEST(DagLowerBound, ColocationBoundNeverAboveTheOptimum) {
  std::mt19937_64 rng(3609);
  const double ccrs[] = {0.2, 0.5, 1, 2, 5};
  int raised = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 4 + trial % 4;  // 4..7 tasks
    const int p = 2 + trial % 2;
    TaskGraph g = trial % 3 == 0 ? testing::fork_join_graph(n - 2, 1 + static_cast<double>(rng() % 5), ccrs[trial % 5])
                                 : random_graph(rng, n, 0.3 + 0.1 * (trial % 3), ccrs[trial % 5]);
    const int tasks = g.size();
    if (trial % 7 == 4) {
      std::vector<double> costs;
      std::uniform_real_distribution<double> cost(1, 10);
      for (int i = 0; i < tasks * p; ++i) costs.push_back(std::round(cost(rng)));
      g.set_costs(CostTable(tasks, p, costs));
    }
    const ProblemBox box(std::move(g), random_machine(rng, p, trial));
    const double opt = optimum(box);
    for (int r = 0; r < tasks; ++r) {
      TaskWindows w = task_windows(box.problem());
      const double path = communication_path_bound(w);
      const double conditioned = colocation_bound(box.problem(), w, r);
      EXPECT_LE(conditioned, opt * (1 + 1e-9)) << "trial " << trial << ", reference " << r;
      EXPECT_LE(communication_path_bound(w), opt * (1 + 1e-9)) << "trial " << trial << ", raised windows";
      raised += conditioned > path * (1 + 1e-9);
    }
  }
  EXPECT_GT(raised, 50);
}

// Under contention the optimum of every schedule the engine can play (the exhaustive oracle of
// the exact scheduler's tests: routes, ports, link directions, CPUs without co-processors).
TEST(DagLowerBound, NeverAboveTheOptimumUnderContention) {
  std::mt19937_64 rng(3608);
  const std::vector<Topology> nets = {chain(3), star(4), ring(3), hypercube(2)};
  for (int trial = 0; trial < 24; ++trial) {
    const Topology& t = nets[static_cast<std::size_t>(trial) % nets.size()];
    MachineSpec m = testing::dag_machine(t, 1, trial % 3 == 0 ? 0.5 : 0);
    for (auto& pr : m.processors) {
      pr.send_ports = pr.recv_ports = 1;
      pr.coprocessor = trial % 2 == 0;
    }
    const ProblemBox box(random_graph(rng, 3 + trial % 2, 0.6, std::array{0.5, 2.0, 10.0}[trial % 3]), std::move(m));
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    const double truth = testing::brute_force_contention(p);
    EXPECT_LE(dag_lower_bound(p).value, truth * (1 + 1e-9)) << "trial " << trial << " on " << t.name();
  }
}

// What every scheduler writes on larger graphs, planned and replayed, against the bound.
TEST(DagLowerBound, NeverAboveAnySchedulersPlanOrReplay) {
  std::mt19937_64 rng(3636);
  const std::vector<Topology> nets = {hypercube(3), mesh(2, 3, false), chain(4), complete_graph(5), star(5)};
  int checked = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const Topology& t = nets[static_cast<std::size_t>(trial) % nets.size()];
    RandomDagParams gp;
    gp.tasks = 20 + static_cast<int>(rng() % 30);
    gp.seed = rng();
    TaskGraph g = generate_random_dag(gp);
    g.scale_data(std::array{0.05, 0.5, 2.0}[static_cast<std::size_t>(trial) % 3]);
    if (trial % 4 == 3) {
      std::vector<double> table;
      for (int i = 0; i < g.size() * t.size(); ++i) table.push_back(1 + static_cast<double>(rng() % 10));
      g.set_costs(CostTable(g.size(), t.size(), table));
    }
    MachineSpec m = testing::dag_machine(t, 1, trial % 2 ? 0.0 : 0.4);
    if (trial % 3 == 1) {
      for (auto& p : m.processors) {
        p.w = 0.5 + static_cast<double>(rng() % 4) / 2;
        p.send_ports = p.recv_ports = 1;
        p.coprocessor = rng() % 2 == 0;
      }
      for (auto& l : m.links) {
        l.z = 0.2 + static_cast<double>(rng() % 8) / 4;
        l.startup = static_cast<double>(rng() % 3) / 4;
      }
    }
    const ProblemBox box(std::move(g), std::move(m));
    const double b = bound(box);
    for (const auto& e : dag_schedulers())
      for (const char* comm : {"free", "contention"})
        for (const char* route : {"engine", "earliest"}) {
          if (std::string(comm) == "free" && std::string(route) == "earliest") continue;
          std::vector<std::pair<std::string, std::string>> given{{"comm", comm}, {"route", route}};
          // The exact search's best schedule within a small budget is a schedule like any other.
          if (e.name == "optimal") given.emplace_back("max_states", "2000");
          const ParamSet params = resolve_params(e.params, given);
          DagProblem p = box.problem();
          p.options = comm_options(params);
          const Schedule s = e.schedule(p, params);
          const std::string what = fmt::format("{} comm {} route {} trial {}", e.name, comm, route, trial);
          ASSERT_TRUE(check_schedule(p, s).valid()) << what;
          EXPECT_LE(b, s.makespan() * (1 + 1e-9)) << what;
          EXPECT_LE(b, replay(box.graph, s, box.machine, false).makespan * (1 + 1e-9)) << what;
          ++checked;
        }
  }
  EXPECT_GT(checked, 300);
}

// The density bound written out plainly: every interval [a, T - b] from the distinct starts and
// tails (none thinned), every task's forced part c, all the positive c's sorted, x* the least
// over k < P of (their sum but the k largest) / (P - k), then the threshold pass. The sums are
// taken in the same order as density_bound takes them, so the two agree to the bit.
double plain_density_bound(const TaskWindows& w, int processors, double known) {
  const std::size_t n = w.exec.size();
  const auto P = static_cast<std::size_t>(processors);
  auto distinct = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  std::vector<std::pair<double, double>> candidates;  // (a + b, a + b + x*)
  for (double a : distinct(w.start))
    for (double b : distinct(w.tail)) {
      std::vector<double> inside;
      double total = 0;
      for (std::size_t v = 0; v < n; ++v) {
        const double c = std::min({w.exec[v], w.start[v] + w.exec[v] - a, w.tail[v] + w.exec[v] - b});
        if (c > 0) {
          inside.push_back(c);
          total += c;
        }
      }
      if (inside.size() <= P) continue;
      std::sort(inside.begin(), inside.end(), std::greater<>());
      double rest = total, x = total / static_cast<double>(P);
      for (std::size_t k = 1; k < P; ++k) {
        rest -= inside[k - 1];
        x = std::min(x, rest / static_cast<double>(P - k));
      }
      candidates.emplace_back(a + b, a + b + x);
    }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  double bound = known;
  for (const auto& [threshold, value] : candidates) {
    if (threshold >= bound || times_equal(threshold, bound)) break;
    bound = std::max(bound, value);
  }
  return bound;
}

TEST(DagLowerBound, DensityBoundIsThePlainRuleOnRandomWindows) {
  // Windows as a pass would make them, at random: many tasks outside most intervals (c <= 0),
  // some of zero time, ties among starts and tails (whole numbers), a few long tasks among many
  // short ones (so that the P - 1 largest c's decide x*), and intervals that hold only a few.
  std::mt19937_64 rng(41);
  std::uniform_int_distribution<int> coarse(0, 12);
  std::uniform_real_distribution<double> fine(0, 1);
  int raised = 0;
  for (const int processors : {1, 2, 3, 5, 8})
    for (const std::size_t n : {1, 2, 6, 13, 40})
      for (int round = 0; round < 6; ++round) {
        TaskWindows w;
        const bool whole = round % 2 == 0;
        for (std::size_t v = 0; v < n; ++v) {
          const double length = fine(rng) < 0.25 ? 8 + 12 * fine(rng) : fine(rng);
          w.exec.push_back(whole ? std::round(length) : length);
          w.start.push_back(whole ? coarse(rng) : 12 * fine(rng));
          w.tail.push_back(whole ? coarse(rng) : 12 * fine(rng));
        }
        const double known = communication_path_bound(w) * (round < 3 ? 0.5 : 1.0);
        const double want = plain_density_bound(w, processors, known);
        EXPECT_EQ(density_bound(w, processors, known, 1e12), want) << processors << " processors, " << n << " tasks";
        raised += want > known;
      }
  EXPECT_GT(raised, 20);  // the intervals raise the bound in many of the cases
}


}  // namespace
}  // namespace mpnsim
