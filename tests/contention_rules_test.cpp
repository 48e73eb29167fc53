// Each rule of the contention model held by a hand-computed case that needs it and one that breaks it.
#include <gtest/gtest.h>

#include <random>

#include "contention_oracle.hpp"
#include "dag_test_support.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// Places task i on processors[i], in index order, each as early as the contention-aware
// builder allows (insertion into idle time).
Schedule by_hand(const ProblemBox& box, const std::vector<int>& processors, RouteChoice route = RouteChoice::engine) {
  DagProblem p = box.problem();
  p.options = {CommModel::contention, route};
  ScheduleBuilder b(p, "hand");
  for (std::size_t t = 0; t < processors.size(); ++t) b.place(static_cast<int>(t), processors[t], 0);
  return b.take();
}

// The checker's verdict in words, safe to print when it has no violation.
std::string said(const ValidityReport& v) {
  std::string out;
  for (const auto& x : v.violations) out += std::string(to_string(x.kind)) + ": " + x.text + "\n";
  return out.empty() ? "no violation" : out;
}

// The plan is valid for the checker, the oracle passes it, and the replay finishes every task
// when the plan says.
void expect_sound(const ProblemBox& box, const Schedule& s) {
  const ValidityReport v = check_schedule(box.problem(), s);
  ASSERT_TRUE(v.valid()) << said(v);
  const auto o = testing::judge_contention_plan(box.graph, box.machine, s, testing::OracleRoute::engine);
  EXPECT_TRUE(o.ok()) << o.first();
  const DagReplay r = replay(box.graph, s, box.machine);
  for (int t = 0; t < box.graph.size(); ++t)
    EXPECT_DOUBLE_EQ(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish) << "task " << t;
}

// Star links: centre 0 and leaves 1..leaves.
std::vector<std::pair<int, int>> star_links(int leaves) {
  std::vector<std::pair<int, int>> l;
  for (int i = 1; i <= leaves; ++i) l.emplace_back(0, i);
  return l;
}

// The hop of the message that carries edge e.
const ScheduledHop& only_hop(const Schedule& s, int edge) {
  for (std::size_t m = 0; m < s.messages.size(); ++m)
    if (s.messages[m].edge == edge) return s.hops[static_cast<std::size_t>(s.messages[m].first_hop)];
  throw std::logic_error("no message for the edge");
}

// ------------------------------------------------------------------ k ports

// a (1) on the centre of a star of k + 1 leaves sends 2 units to a task (1) on every leaf;
// k send ports at the centre (fewer than its k + 1 links, so they bind). z = 1, S = 0:
// k hops leave at once at 1 on lanes 0..k-1 and arrive at 3; the last waits for lane 0 and
// runs 3 to 5. On one lane only, the hops would leave at 1, 3, 5, ...
TEST(ContentionRules, KSendPortsCarryKHopsAtOnce) {
  for (const int k : {2, 3}) {
    TaskGraph g("scatter");
    g.add_task("a", 1);
    for (int i = 1; i <= k + 1; ++i) {
      g.add_task(fmt::format("b{}", i), 1);
      g.add_edge(0, i, 2);
    }
    g.finalize();
    MachineSpec m = uniform_machine(k + 2, star_links(k + 1), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
    m.processors[0].send_ports = k;
    const ProblemBox box(std::move(g), std::move(m));
    std::vector<int> where(static_cast<std::size_t>(k + 2));
    for (int i = 0; i < k + 2; ++i) where[static_cast<std::size_t>(i)] = i;
    const Schedule s = by_hand(box, where);
    for (int e = 0; e < k; ++e) {
      EXPECT_EQ(only_hop(s, e).start, 1) << "k " << k << ", hop " << e;
      EXPECT_EQ(only_hop(s, e).send_port, e) << "k " << k;
      EXPECT_EQ(s.tasks[static_cast<std::size_t>(e + 1)].finish, 4) << "k " << k;
    }
    EXPECT_EQ(only_hop(s, k).start, 3) << "k " << k;
    EXPECT_EQ(only_hop(s, k).send_port, 0) << "k " << k;
    EXPECT_EQ(s.makespan(), 6) << "k " << k;
    expect_sound(box, s);
    // k + 1 hops at once out of k ports: the checker and the oracle refuse it.
    Schedule broken = s;
    broken.hops.back().start = 1;
    broken.hops.back().finish = 3;
    broken.hops.back().send_port = 1;
    broken.messages.back().depart = 1;
    broken.messages.back().arrive = 3;
    EXPECT_TRUE(check_schedule(box.problem(), broken).has(ViolationKind::ports)) << "k " << k;
    EXPECT_FALSE(testing::judge_contention_plan(box.graph, box.machine, broken, testing::OracleRoute::engine).ok());
  }
}

// The mirror: a task (1) on each of k + 1 leaves sends 2 units to j (1) on the centre, which
// has k receive ports: k hops arrive together at 3, the last at 5, and j runs 5 to 6.
TEST(ContentionRules, KReceivePortsTakeKHopsAtOnce) {
  for (const int k : {2, 3}) {
    TaskGraph g("gather");
    for (int i = 1; i <= k + 1; ++i) g.add_task(fmt::format("x{}", i), 1);
    const int j = g.add_task("j", 1);
    for (int i = 0; i <= k; ++i) g.add_edge(i, j, 2);
    g.finalize();
    MachineSpec m = uniform_machine(k + 2, star_links(k + 1), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
    m.processors[0].recv_ports = k;
    const ProblemBox box(std::move(g), std::move(m));
    std::vector<int> where;
    for (int i = 1; i <= k + 1; ++i) where.push_back(i);
    where.push_back(0);
    const Schedule s = by_hand(box, where);
    for (int e = 0; e < k; ++e) {
      EXPECT_EQ(only_hop(s, e).start, 1) << "k " << k;
      EXPECT_EQ(only_hop(s, e).recv_port, e) << "k " << k;
    }
    EXPECT_EQ(only_hop(s, k).start, 3) << "k " << k;
    EXPECT_EQ(s.tasks[static_cast<std::size_t>(j)].start, 5) << "k " << k;
    expect_sound(box, s);
    Schedule broken = s;  // all k + 1 at once into k receive ports, j at 3
    broken.hops.back().start = 1;
    broken.hops.back().finish = 3;
    broken.hops.back().recv_port = 1;
    broken.messages.back().depart = 1;
    broken.messages.back().arrive = 3;
    broken.tasks[static_cast<std::size_t>(j)].start = 3;
    broken.tasks[static_cast<std::size_t>(j)].finish = 4;
    const ValidityReport v = check_schedule(box.problem(), broken);
    EXPECT_TRUE(v.has(ViolationKind::ports)) << "k " << k;
    EXPECT_FALSE(v.has(ViolationKind::link_busy)) << "k " << k;  // every hop on its own link
    EXPECT_FALSE(testing::judge_contention_plan(box.graph, box.machine, broken, testing::OracleRoute::engine).ok());
  }
}

// ------------------------------------------------------------------ ports differ per processor

// The complete network of four (three links each). a and x (1) on P0 and P1 each send 2 units
// to a task (1) on P2 and one on P3; P0 has one send port, P1 as many as links. P0's hops
// go one after the other (1-3, 3-5), P1's together (1-3).
TEST(ContentionRules, EachProcessorHasItsOwnSendPorts) {
  TaskGraph g("two-senders");
  for (const char* name : {"a", "x", "c2", "c3", "d2", "d3"}) g.add_task(name, 1);
  g.add_edge(0, 2, 2);
  g.add_edge(0, 3, 2);
  g.add_edge(1, 4, 2);
  g.add_edge(1, 5, 2);
  g.finalize();
  const Topology k4 = complete_graph(4);
  MachineSpec m = testing::dag_machine(k4, 1, 0);
  m.processors[0].send_ports = 1;
  const ProblemBox box(std::move(g), std::move(m));
  const Schedule s = by_hand(box, {0, 1, 2, 3, 2, 3});
  EXPECT_EQ(only_hop(s, 0).start, 1);
  EXPECT_EQ(only_hop(s, 1).start, 3);  // P0's one port
  EXPECT_EQ(only_hop(s, 2).start, 1);
  EXPECT_EQ(only_hop(s, 3).start, 1);  // P1 sends both at once
  EXPECT_EQ(s.tasks[3].start, 5);      // c3 after the second hop of P0
  EXPECT_EQ(s.tasks[4].start, 4);      // d2 after c2 on P2
  EXPECT_EQ(s.tasks[5].start, 3);      // d3 in P3's idle time before c3
  expect_sound(box, s);
}

// P3 has one receive port, the others as many as links: two messages into P3 arrive one
// after the other (3, 5), two into P2 together (3).
TEST(ContentionRules, EachProcessorHasItsOwnReceivePorts) {
  TaskGraph g("two-receivers");
  for (const char* name : {"a", "x", "j3", "j2"}) g.add_task(name, 1);
  g.add_edge(0, 2, 2);
  g.add_edge(1, 2, 2);
  g.add_edge(0, 3, 2);
  g.add_edge(1, 3, 2);
  g.finalize();
  MachineSpec m = testing::dag_machine(complete_graph(4), 1, 0);
  m.processors[3].recv_ports = 1;
  const ProblemBox box(std::move(g), std::move(m));
  const Schedule s = by_hand(box, {0, 1, 3, 2});
  EXPECT_EQ(s.tasks[2].start, 5);  // j3: its second message waited for P3's one port
  EXPECT_EQ(s.tasks[3].start, 3);  // j2: both messages at once
  expect_sound(box, s);
}

// ------------------------------------------------------------------ Tcm and Tcp

// P0 (w 1) - P1 (w 2), z 0.5, S 0.25, Tcp 1.5, Tcm 2. a (work 2) on P0 takes 2 * 1 * 1.5 = 3;
// its 3 units cross in 0.25 + 3 * 0.5 * 2 = 3.25; b (work 3) on P1 takes 3 * 2 * 1.5 = 9.
TEST(ContentionRules, HopsCountTcmAndTasksTcp) {
  MachineSpec m = uniform_machine(2, {{0, 1}}, false, ProcessorSpec{1, true, 1, 1}, 0.5, 0.25, 1.5, 2);
  m.processors[1].w = 2;
  const ProblemBox box(testing::chain_graph({2, 3}, 3), std::move(m));
  const Schedule s = by_hand(box, {0, 1});
  EXPECT_EQ(s.tasks[0].finish, 3);
  ASSERT_EQ(s.hops.size(), 1u);
  EXPECT_EQ(s.hops[0].start, 3);
  EXPECT_EQ(s.hops[0].finish, 6.25);
  EXPECT_EQ(s.tasks[1].start, 6.25);
  EXPECT_EQ(s.tasks[1].finish, 15.25);
  expect_sound(box, s);
  // A hop as long as S + D z (Tcm left out) is refused by the checker and the oracle.
  Schedule short_hop = s;
  short_hop.hops[0].finish = 4.75;
  short_hop.messages[0].arrive = 4.75;
  short_hop.tasks[1].start = 4.75;
  short_hop.tasks[1].finish = 13.75;
  EXPECT_TRUE(check_schedule(box.problem(), short_hop).has(ViolationKind::route));
  EXPECT_FALSE(testing::judge_contention_plan(box.graph, box.machine, short_hop, testing::OracleRoute::engine).ok());
  // So is a task as long as work * w (Tcp left out).
  Schedule short_task = s;
  short_task.tasks[1].finish = 12.25;
  EXPECT_TRUE(check_schedule(box.problem(), short_task).has(ViolationKind::duration));
}

// ------------------------------------------------------------------ the checker's receive side

// P1 and P2 (leaves of a star) each send 2 units to j on the centre P0, which has one receive
// port: the builder serialises them (1-3, 3-5). Both at once on their two links break only
// the receive-port rule.
TEST(ContentionRules, CheckerRefusesTwoHopsIntoOneReceivePort) {
  TaskGraph g("into-one-port");
  g.add_task("x1", 1);
  g.add_task("x2", 1);
  g.add_task("j", 1);
  g.add_edge(0, 2, 2);
  g.add_edge(1, 2, 2);
  g.finalize();
  MachineSpec m = uniform_machine(3, star_links(2), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  m.processors[0].recv_ports = 1;
  const ProblemBox box(std::move(g), std::move(m));
  const Schedule s = by_hand(box, {1, 2, 0});
  ASSERT_EQ(s.hops.size(), 2u);
  EXPECT_EQ(s.hops[1].start, 3);
  EXPECT_EQ(s.tasks[2].start, 5);
  expect_sound(box, s);
  Schedule broken = s;
  broken.hops[1].start = 1;
  broken.hops[1].finish = 3;
  broken.messages[1].depart = 1;
  broken.messages[1].arrive = 3;
  const ValidityReport v = check_schedule(box.problem(), broken);
  ASSERT_EQ(v.violations.size(), 1u) << said(v);
  EXPECT_EQ(v.violations[0].kind, ViolationKind::ports);
  EXPECT_NE(v.violations[0].text.find("receives 2 hops at once"), std::string::npos) << v.violations[0].text;
}

// P0 (with a co-processor) sends 2 units to b on P1, which has none: P1's CPU receives from 1
// to 3. x (1.5) placed on P1 afterwards cannot go at 0 (it would run into the receive) and
// goes after b, at 4. A task on P1 during the receive breaks only the CPU rule.
TEST(ContentionRules, TheReceivingCpuWithoutACoprocessorIsBusy) {
  TaskGraph g("receive-busy");
  g.add_task("a", 1);
  g.add_task("b", 1);
  g.add_task("x", 1.5);
  g.add_edge(0, 1, 2);
  g.finalize();
  MachineSpec m = uniform_machine(2, {{0, 1}}, false, ProcessorSpec{1, true, 1, 1}, 1, 0);
  m.processors[1].coprocessor = false;
  const ProblemBox box(std::move(g), std::move(m));
  const Schedule s = by_hand(box, {0, 1, 1});
  EXPECT_EQ(s.hops[0].start, 1);
  EXPECT_EQ(s.tasks[1].start, 3);
  EXPECT_EQ(s.tasks[2].start, 4);  // not 0: [0, 1.5] runs into the receive at 1
  expect_sound(box, s);
  Schedule broken = s;
  broken.tasks[2].start = 0;
  broken.tasks[2].finish = 1.5;
  const ValidityReport v = check_schedule(box.problem(), broken);
  ASSERT_EQ(v.violations.size(), 1u) << said(v);
  EXPECT_EQ(v.violations[0].kind, ViolationKind::overlap);
}

// ------------------------------------------------------------------ the pruning bound

// Route `earliest`: the bound of a processor counts each hop at the cheapest link. Centre P0
// of a star, P0-P1 at z 1, P0-P2 at z 10. a (1) then c (9) on P0; b (5) needs 1 unit of a.
// b finishes at 15 on P0 (after c), at 1 + 1 + 5 = 7 on P1, at 1 + 10 + 5 = 16 on P2. A bound
// at the dearest link (16 on P1) is above P0's 15, and P1 would never be evaluated.
TEST(ContentionRules, ThePruningBoundTakesTheCheapestLink) {
  TaskGraph g("prune");
  g.add_task("a", 1);
  g.add_task("c", 9);
  g.add_task("b", 5);
  g.add_edge(0, 2, 1);
  g.finalize();
  MachineSpec m = uniform_machine(3, star_links(2), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  m.links[1].z = 10;
  const ProblemBox box(std::move(g), std::move(m));
  DagProblem p = box.problem();
  p.options = {CommModel::contention, RouteChoice::earliest};
  ScheduleBuilder b(p, "prune");
  b.place(0, 0, 0);
  b.place(1, 0, 0);
  const ScheduleBuilder::Choice c = b.best_processor(2, true, true);
  EXPECT_EQ(c.processor, 1);
  EXPECT_EQ(c.start, 2);
}

// The bounded search against evaluating every processor, on heterogeneous links with Tcm != 1,
// both routes, both keys, with and without insertion.
TEST(ContentionRules, BoundedSearchOnHeterogeneousLinksChoosesAsEvaluatingEveryProcessor) {
  const Topology cube = hypercube(3);
  std::mt19937_64 rng(5);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomDagParams gp;
    gp.tasks = 30;
    gp.seed = seed;
    MachineSpec m = uniform_machine(cube.size(), cube.links(), false, ProcessorSpec{1, seed % 2 == 0, 1, 1}, 1, 0.5, 1, 0.5);
    for (auto& l : m.links) {
      l.z = std::uniform_real_distribution<double>(0.1, 8)(rng);
      l.startup = std::uniform_real_distribution<double>(0, 2)(rng);
    }
    const ProblemBox box(generate_random_dag(gp), std::move(m));
    DagProblem p = box.problem();
    p.options = {CommModel::contention, seed <= 3 ? RouteChoice::earliest : RouteChoice::engine};
    testing::expect_best_processor_is_the_best_of_all(p, seed);
  }
}

}  // namespace
}  // namespace mpnsim
