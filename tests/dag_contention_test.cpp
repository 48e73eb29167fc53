// Tests of contention-aware DAG scheduling: idle-interval search, plan = replay on every
// family and port setting, the checker's link rules, and the gain over contention-free plans.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "dag_test_support.hpp"
#include "idle_intervals_reference.hpp"
#include "schedulers/dag/contention_builder.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/idle_intervals.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::brute_fit;
using testing::ProblemBox;
using testing::slot_fit;

// ---------------------------------------------------------------- IdleIntervals

TEST(IdleIntervals, FindsTheFirstGapThatHoldsTheInterval) {
  IdleIntervals r;
  EXPECT_EQ(r.earliest_fit(3, 2), 3);
  r.book(2, 5);
  r.book(6, 10);
  EXPECT_EQ(r.earliest_fit(0, 2), 0);    // [0, 2] ends where [2, 5] starts
  EXPECT_EQ(r.earliest_fit(0, 2.5), 10);  // [0, 2] and [5, 6] are too short
  EXPECT_EQ(r.earliest_fit(4, 1), 5);    // inside [2, 5]: the gap [5, 6]
  EXPECT_EQ(r.earliest_fit(5.5, 1), 10);
  EXPECT_EQ(r.earliest_fit(3, 0), 5);    // an empty interval cannot sit inside a busy one
  EXPECT_EQ(r.earliest_fit(5, 0), 5);
  EXPECT_EQ(r.gaps(), 3u);
}

TEST(IdleIntervals, AnEmptyBookingCannotBeRunAcross) {
  // A zero-length message at 9 holds its link at 9: [0, 12] may no longer go there.
  IdleIntervals r;
  const auto c = r.book(9, 9);
  EXPECT_EQ(r.earliest_fit(0, 12), 9);
  EXPECT_EQ(r.earliest_fit(0, 9), 0);  // ending at 9 is fine
  EXPECT_EQ(r.earliest_fit(9, 0), 9);  // so is another empty booking at 9
  r.undo(c);
  EXPECT_EQ(r.earliest_fit(0, 12), 0);
  EXPECT_EQ(r.gaps(), 1u);
}

TEST(IdleIntervals, UndoRestoresEveryGap) {
  IdleIntervals r;
  std::vector<IdleIntervals::Change> changes;
  changes.push_back(r.book(1, 2));
  changes.push_back(r.book(4, 8));
  const auto c = r.book(2, 3);
  EXPECT_EQ(r.earliest_fit(0, 1.5), 8);  // gaps [0, 1], [3, 4], [8, inf)
  r.undo(c);
  EXPECT_EQ(r.earliest_fit(0, 1.5), 2);  // [2, 4] again
  for (auto it = changes.rbegin(); it != changes.rend(); ++it) r.undo(*it);
  EXPECT_EQ(r.gaps(), 1u);
  EXPECT_EQ(r.earliest_fit(0, 100), 0);
}

// 3000 random queries (t, d) of `r`, two in three then booked, each answer checked against
// `reference` over the bookings made so far (sorted). `whole`: whole-number times, so that
// bookings meet end to end and many are empty.
template <class Reference>
void check_random_queries(IdleIntervals& r, std::uint64_t seed, bool whole, double max_length, Reference reference) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> when(0, whole ? 300 : 1000), length(0, whole ? max_length : 20);
  std::vector<std::pair<double, double>> busy;
  for (int i = 0; i < 3000; ++i) {
    double t = when(rng), d = length(rng);
    if (whole) {
      t = std::floor(t);
      d = std::floor(d);
    }
    const double s = r.earliest_fit(t, d);
    ASSERT_EQ(s, reference(busy, t, d)) << "query " << i << " t " << t << " d " << d;
    if (i % 3 != 0) {
      r.book(s, s + d);
      busy.insert(std::upper_bound(busy.begin(), busy.end(), std::pair{s, s + d}), {s, s + d});
    }
  }
}

TEST(IdleIntervals, AgreesWithABruteForceSearchOnRandomBookings) {
  for (const bool whole : {false, true}) {
    IdleIntervals r;
    check_random_queries(r, 7, whole, 6, brute_fit);
  }
}

// keep_boundaries, the free model's processors: a task of zero duration fits between two
// tasks that meet end to end, and at the start of the first one, as in a scan of the tasks.
TEST(IdleIntervals, KeepingBoundariesAgreesWithAScanOfTheTasks) {
  IdleIntervals r(true);
  r.book(0, 2);
  r.book(2, 5);
  EXPECT_EQ(r.earliest_fit(0, 0), 0);  // before the first task
  EXPECT_EQ(r.earliest_fit(1, 0), 2);  // between the two: without keep_boundaries, 5
  EXPECT_EQ(r.earliest_fit(1, 1), 5);
  for (const bool whole : {false, true}) {
    IdleIntervals k(true);
    check_random_queries(k, 11, whole, 4, slot_fit);
  }
}

// A placement made by hand may overlap busy time (the checker then reports the schedule);
// occupy() takes it in without breaking the search: nothing fits inside it afterwards.
TEST(IdleIntervals, OccupyTakesAnOverlappingPlacement) {
  for (const bool keep : {false, true}) {
    IdleIntervals r(keep);
    r.book(2, 4);
    r.book(6, 8);
    r.occupy(3, 7);  // over [2, 4], the gap [4, 6] and [6, 8]
    EXPECT_EQ(r.earliest_fit(0, 2), 0);
    EXPECT_EQ(r.earliest_fit(0, 2.5), 8);
    EXPECT_EQ(r.earliest_fit(3, 1), 8);
    r.occupy(10, 12);  // inside the endless gap: a booking
    EXPECT_EQ(r.earliest_fit(8, 2), 8);
    EXPECT_EQ(r.earliest_fit(8, 2.5), 12);
    r.occupy(1, 30);  // over everything from 1
    EXPECT_EQ(r.earliest_fit(0, 1), 0);
    EXPECT_EQ(r.earliest_fit(0, 1.5), 30);
    EXPECT_EQ(r.earliest_fit(31, 5), 31);
  }
}

// ---------------------------------------------------------------- plan = replay

ProcessorSpec processor(int send, int recv, bool coprocessor) { return ProcessorSpec{1, coprocessor, send, recv}; }

// a (1) feeds b (1) and c (1) with `to_b` and `to_c` units: two messages from a's processor.
TaskGraph fan_graph(const std::string& name, double to_b, double to_c) {
  TaskGraph g(name);
  g.add_task("a", 1);
  g.add_task("b", 1);
  g.add_task("c", 1);
  g.add_edge(0, 1, to_b);
  g.add_edge(0, 2, to_c);
  g.finalize();
  return g;
}

// The contention-aware schedule that places task i on processors[i] in index order, each as
// early as the builder allows.
Schedule placed_by_hand(const ProblemBox& box, const std::vector<int>& processors) {
  DagProblem p = box.problem();
  p.options.model = CommModel::contention;
  ScheduleBuilder b(p, "hand");
  for (std::size_t t = 0; t < processors.size(); ++t) b.place(static_cast<int>(t), processors[t], 0);
  return b.take();
}

struct Case {
  std::string name;
  Topology topology;
};

std::vector<Case> families() {
  return {{"hypercube3", hypercube(3)},        {"mesh3x3", mesh(3, 3, false)}, {"torus3x4", mesh(3, 4, true)},
          {"binary-tree", k_ary_tree(2, 2)},   {"ring5", ring(5)},             {"star4", star(4)},
          {"let2", linearly_extensible_tree(2)}, {"debruijn-directed", de_bruijn(3, 2, true)},
          {"complete4", complete_graph(4)}};
}

// Every task of the replay finishes when the plan says, to kTimeRelTol.
void expect_plan_is_replay(const ProblemBox& box, const Schedule& s, const std::string& what) {
  const ValidityReport v = check_schedule(box.problem(), s);
  ASSERT_TRUE(v.valid()) << what << ": " << to_string(v.violations[0].kind) << ": " << v.violations[0].text;
  const DagReplay r = replay(box.graph, s, box.machine);
  for (int t = 0; t < box.graph.size(); ++t)
    ASSERT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish))
        << what << ": task " << box.graph.task(t).name << " planned to finish at "
        << s.tasks[static_cast<std::size_t>(t)].finish << ", replayed at " << r.finish[static_cast<std::size_t>(t)];
  EXPECT_TRUE(times_equal(r.makespan, s.makespan())) << what;
}

TEST(ContentionAware, EverySchedulerPlansItsReplayOnEveryFamilyAndPortSetting) {
  std::mt19937_64 rng(2026);
  int checked = 0;
  for (const Case& c : families()) {
    for (int trial = 0; trial < 3; ++trial) {
      RandomDagParams gp;
      gp.tasks = 12 + static_cast<int>(rng() % 20);
      gp.seed = rng();
      gp.integer = trial != 2;
      TaskGraph g = generate_random_dag(gp);
      const int ports[] = {1, 2, kAllPorts};
      const int send = ports[rng() % 3], recv = ports[rng() % 3];
      const bool coprocessor = rng() % 3 != 0;
      const double S = (rng() % 2) ? 0.0 : 0.7;
      const double z = std::uniform_real_distribution<double>(0.05, 2)(rng);
      MachineSpec machine = uniform_machine(c.topology.size(), c.topology.links(), c.topology.directed(),
                                            processor(send, recv, coprocessor), z, S);
      if (trial == 1) {  // heterogeneous processors and links
        for (auto& p : machine.processors) p.w = std::uniform_real_distribution<double>(0.5, 3)(rng);
        for (auto& l : machine.links) {
          l.z = std::uniform_real_distribution<double>(0.05, 2)(rng);
          l.startup = std::uniform_real_distribution<double>(0, 1)(rng);
        }
        machine.processors[0].coprocessor = !machine.processors[0].coprocessor;
      }
      const ProblemBox box(std::move(g), std::move(machine));
      for (const auto& e : dag_schedulers()) {
        for (const RouteChoice route : {RouteChoice::engine, RouteChoice::earliest}) {
          const ParamSet params = testing::test_params(
              e, {{"comm", "contention"}, {"route", route == RouteChoice::engine ? "engine" : "earliest"}});
          const Schedule s = e.schedule(box.problem(), params);
          ASSERT_TRUE(s.contention_aware) << e.name;
          expect_plan_is_replay(box, s,
                                fmt::format("{} on {} (send {}, recv {}, coprocessor {}, S {}, route {})", e.name, c.name,
                                            send, recv, coprocessor, S, route == RouteChoice::engine ? "engine" : "earliest"));
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(ContentionAware, ZeroCostsAndZeroDataReplayAsPlanned) {
  // Zero-length tasks and messages at one instant must not deadlock or reorder the replay.
  TaskGraph g("zeros");
  for (int i = 0; i < 6; ++i) g.add_task(fmt::format("t{}", i), i % 2 ? 0 : 1);
  g.add_edge(0, 1, 0);
  g.add_edge(0, 2, 0);
  g.add_edge(1, 3, 0);
  g.add_edge(2, 3, 1);
  g.add_edge(3, 4, 0);
  g.add_edge(3, 5, 0);
  g.finalize();
  const Topology t = hypercube(2);
  const ProblemBox box(std::move(g), uniform_machine(t.size(), t.links(), false, processor(1, 1, false), 1, 0));
  for (const auto& e : dag_schedulers())
    expect_plan_is_replay(box, e.schedule(box.problem(), testing::test_params(e, {{"comm", "contention"}})), e.name);
}

TEST(ContentionAware, TwoMessagesOnOneLinkAreSerialisedInThePlan) {
  // a on P0 feeds b and c, both pinned (by cost) to P1: the two messages share P0 -> P1.
  TaskGraph g = fan_graph("fan", 2, 2);
  g.set_costs(CostTable(3, 2, {1, 100, 100, 1, 100, 1}));
  const ProblemBox box(std::move(g), testing::dag_machine(chain(2), 1, 0));
  DagProblem p = box.problem();
  p.options.model = CommModel::contention;
  const Schedule s = schedule_heft(p);
  ASSERT_EQ(s.hops.size(), 2u);
  EXPECT_EQ(s.hops[0].start, 1);
  EXPECT_EQ(s.hops[0].finish, 3);
  EXPECT_EQ(s.hops[1].start, 3);  // waits for the link
  EXPECT_EQ(s.hops[1].finish, 5);
  EXPECT_DOUBLE_EQ(s.makespan(), 6);
  expect_plan_is_replay(box, s, "fan");
  // The contention-free plan says 5 and replays at 6.
  const Schedule free = schedule_heft(box.problem());
  EXPECT_DOUBLE_EQ(free.makespan(), 5);
  EXPECT_DOUBLE_EQ(replay(box.graph, free, box.machine).makespan, 6);
}

TEST(ContentionAware, WithoutACoprocessorMessagesTakeCpuTime) {
  // One-port processors without co-processors: sending from P0 blocks P0's next task.
  TaskGraph g("send-then-compute");
  g.add_task("a", 1);
  g.add_task("b", 1);
  g.add_task("c", 5);
  g.add_edge(0, 1, 3);
  g.add_edge(0, 2, 0);
  g.finalize();
  g.set_costs(CostTable(3, 2, {1, 100, 100, 1, 5, 100}));
  const ProblemBox box(std::move(g), uniform_machine(2, {{0, 1}}, false, processor(1, 1, false), 1, 0));
  DagProblem p = box.problem();
  p.options.model = CommModel::contention;
  const Schedule s = schedule_heft(p);
  expect_plan_is_replay(box, s, "no co-processor");
  // c (higher rank) goes first at 1; the message to b then waits for P0's CPU.
  EXPECT_EQ(s.tasks[2].start, 1);
  ASSERT_EQ(s.hops.size(), 1u);
  EXPECT_EQ(s.hops[0].start, 6);
}

TEST(ContentionAware, EarliestRouteAvoidsABusyLink) {
  // On the 2-cube, P0 -> P3 can go by P1 or P2; the engine takes P1. A long message on
  // P0 -> P1 makes the route by P2 arrive first.
  TaskGraph g("detour");
  g.add_task("a", 1);
  g.add_task("x", 1);
  g.add_task("b", 1);
  g.add_edge(0, 1, 10);
  g.add_edge(0, 2, 1);
  g.finalize();
  g.set_costs(CostTable(3, 4, {1, 100, 100, 100, 100, 1, 100, 100, 100, 100, 100, 1}));
  const Topology t = hypercube(2);
  const ProblemBox box(std::move(g), testing::dag_machine(t, 1, 0));
  DagProblem p = box.problem();
  p.options = {CommModel::contention, RouteChoice::earliest};
  const Schedule s = schedule_heft(p);
  expect_plan_is_replay(box, s, "detour");
  const ScheduledMessage& m = s.messages.back();
  ASSERT_EQ(s.tasks[static_cast<std::size_t>(box.graph.edge(m.edge).to)].processor, 3);
  EXPECT_EQ(s.hops[static_cast<std::size_t>(m.first_hop)].to, 2);
  EXPECT_DOUBLE_EQ(m.arrive, 3);
  p.options.route = RouteChoice::engine;
  const Schedule engine = schedule_heft(p);
  EXPECT_DOUBLE_EQ(engine.messages.back().arrive, 13);  // behind the long message on P0 -> P1
}

// ---------------------------------------------------------------- the checker's link rules

struct HandMade {
  ProblemBox box;
  Schedule s;
};

// a on P0 sends to b and c on P2 of the chain P0 - P1 - P2 (one port each way, no
// co-processor on P1): two 2-hop messages, booked one after the other.
HandMade two_messages() {
  MachineSpec m = uniform_machine(3, {{0, 1}, {1, 2}}, false, processor(1, 1, true), 1, 0);
  m.processors[1].coprocessor = false;
  HandMade h{ProblemBox(fan_graph("two", 1, 1), std::move(m)), {}};
  h.s = placed_by_hand(h.box, {0, 2, 2});
  return h;
}

TEST(ContentionAware, CheckerAcceptsTheBuildersBookings) {
  HandMade h = two_messages();
  ASSERT_EQ(h.s.hops.size(), 4u);
  EXPECT_TRUE(check_schedule(h.box.problem(), h.s).valid());
  expect_plan_is_replay(h.box, h.s, "two messages");
}

// A message's hops run from its first hop to the next message's: two messages of two hops
// each are hops 0-1 and 2-3. A first hop moved past the next message's leaves the message no
// hops, and one moved back gives it a hop of the message before: both are route violations.
TEST(ContentionAware, CheckerRejectsAMessageWhoseHopsAreNotItsOwn) {
  HandMade h = two_messages();
  ASSERT_EQ(h.s.messages.size(), 2u);
  EXPECT_EQ(h.s.hop_end(0), 2);
  EXPECT_EQ(h.s.hop_end(1), 4);
  HandMade past = two_messages();
  past.s.messages[0].first_hop = 3;  // hops 3..1: none
  const ValidityReport v = check_schedule(past.box.problem(), past.s);
  ASSERT_TRUE(v.has(ViolationKind::route));
  bool named = false;
  for (const auto& x : v.violations) named = named || x.text.find("names hops 3..1 of 4") != std::string::npos;
  EXPECT_TRUE(named);
  HandMade back = two_messages();
  back.s.messages[1].first_hop = 1;  // hops 1..3: the first message's second hop among them
  EXPECT_TRUE(check_schedule(back.box.problem(), back.s).has(ViolationKind::route));
}

TEST(ContentionAware, CheckerRejectsTwoHopsOnOneLinkAtOnce) {
  HandMade h = two_messages();
  // The second message's first hop moved onto the first's: P0 -> P1 twice during [1, 2].
  h.s.hops[2].start = 1;
  h.s.hops[2].finish = 2;
  h.s.messages[1].depart = 1;
  EXPECT_TRUE(check_schedule(h.box.problem(), h.s).has(ViolationKind::link_busy));
}

TEST(ContentionAware, CheckerRejectsMorePortsThanAProcessorHas) {
  HandMade h = two_messages();
  // P1 relays both at once: two sends out of P1 with one send port (and the link P1 -> P2 twice).
  h.s.hops[3].start = h.s.hops[1].start;
  h.s.hops[3].finish = h.s.hops[1].finish;
  const ValidityReport v = check_schedule(h.box.problem(), h.s);
  EXPECT_TRUE(v.has(ViolationKind::ports));
}

TEST(ContentionAware, CheckerRejectsAPortBreachOnDifferentLinks) {
  // P0 of a star sends to P1 and P2 at once over two links with one send port.
  const ProblemBox box(fan_graph("fan", 1, 1),
                       uniform_machine(3, {{0, 1}, {0, 2}}, false, processor(1, kAllPorts, true), 1, 0));
  const DagProblem p = box.problem();
  Schedule s = placed_by_hand(box, {0, 1, 2});
  ASSERT_TRUE(check_schedule(p, s).valid());
  ASSERT_EQ(s.hops.size(), 2u);
  EXPECT_EQ(s.hops[1].start, 2);  // the builder waited for the port
  s.hops[1].start = 1;
  s.hops[1].finish = 2;
  s.messages[1].depart = 1;
  s.messages[1].arrive = 2;
  EXPECT_TRUE(check_schedule(p, s).has(ViolationKind::ports));
}

TEST(ContentionAware, CheckerRejectsAHopBeforeThePreviousOne) {
  HandMade h = two_messages();
  h.s.hops[1].start -= 0.5;
  h.s.hops[1].finish -= 0.5;
  EXPECT_TRUE(check_schedule(h.box.problem(), h.s).has(ViolationKind::hop_order));
}

TEST(ContentionAware, CheckerRejectsABrokenRoute) {
  HandMade h = two_messages();
  h.s.hops[1].from = 0;  // the second hop does not start where the first ended
  EXPECT_TRUE(check_schedule(h.box.problem(), h.s).has(ViolationKind::route));
  HandMade k = two_messages();
  k.s.hops[0].finish += 0.25;  // a hop shorter or longer than its link takes
  EXPECT_TRUE(check_schedule(k.box.problem(), k.s).has(ViolationKind::route));
}

TEST(ContentionAware, CheckerRejectsComputingWhileRelayingWithoutACoprocessor) {
  HandMade h = two_messages();
  // A task of 1 on P1 during the relay of the first message (P1 has no co-processor).
  TaskGraph g = h.box.graph;
  const int x = g.add_task("x", 1);
  MachineSpec m = h.box.machine;
  HandMade k{ProblemBox(std::move(g), std::move(m)), h.s};
  k.s.tasks.push_back({1, h.s.hops[1].start, h.s.hops[1].start + 1});
  k.s.task_booked.push_back(99);
  ASSERT_EQ(x, 3);
  EXPECT_TRUE(check_schedule(k.box.problem(), k.s).has(ViolationKind::overlap));
}

// ---------------------------------------------------------------- what contention awareness buys

TEST(ContentionAware, HeftAndEtfReplayShorterOnAOnePortHypercubeWhenCommunicationDominates) {
  // Issue #22's bar: one-port 4-cube, E/C 0.5, 20 random graphs of 100 tasks; the
  // contention-aware plan must replay at least 15 % shorter on average.
  const Topology cube = hypercube(4);
  const MachineSpec machine =
      uniform_machine(cube.size(), cube.links(), false, processor(1, 1, true), 1, 0);
  for (const char* name : {"heft", "etf"}) {
    double ratio_sum = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      RandomDagParams gp;
      gp.tasks = 100;
      gp.seed = seed;
      TaskGraph g = generate_random_dag(gp);
      // E/C = mean execution time / mean one-hop message time (z = 1, S = 0).
      g.scale_data((g.total_work() / g.size()) / 0.5 / (g.total_data() / g.edge_count()));
      const ProblemBox box(std::move(g), machine);
      const DagSchedulerEntry* e = find_dag_scheduler(name);
      const Schedule planned = e->schedule(box.problem(), resolve_params(e->params, {}));
      ASSERT_FALSE(planned.contention_aware);
      const double free = replay(box.graph, planned, box.machine).makespan;
      const Schedule aware = e->schedule(box.problem(), resolve_params(e->params, {{"comm", "contention"}}));
      const double contention = replay(box.graph, aware, box.machine).makespan;
      EXPECT_TRUE(times_equal(contention, aware.makespan())) << name << " seed " << seed;
      ratio_sum += contention / free;
    }
    const double mean_ratio = ratio_sum / 20;
    EXPECT_LE(mean_ratio, 0.85) << name << ": contention-aware replays at " << mean_ratio
                                << " of the contention-free replay on average";
  }
}

// ---------------------------------------------------------------- CPOP's critical path

TEST(Cpop, CriticalPathWalkTakesTheNearerOfTwoEqualPrioritySuccessors) {
  // Issue #22: a -> b -> c with a shortcut a -> c; priorities of b and c are both |CP| but
  // rounding puts c one ulp higher. b must stay on the critical path (pinned to P0).
  TaskGraph g("shortcut");
  g.add_task("a", 0);
  g.add_task("b", 0);
  g.add_task("c", 0);
  g.add_edge(0, 1, 1.2);
  g.add_edge(1, 2, 2);
  g.add_edge(0, 2, 0.1);
  g.finalize();
  g.set_costs(CostTable(3, 2, {6.2, 50, 27.6, 0.6, 8.9, 50}));
  const ProblemBox box(std::move(g), testing::dag_machine(complete_graph(2), 1, 0));
  const Schedule s = schedule_cpop(box.problem());
  EXPECT_EQ(s.tasks[1].processor, 0);
  EXPECT_NEAR(s.makespan(), 42.7, 1e-9);
}

}  // namespace
}  // namespace mpnsim

namespace mpnsim {
namespace {

TEST(Bsa, IsContentionAwareByDefaultValidAndReplaysAsPlanned) {
  const DagSchedulerEntry* bsa = find_dag_scheduler("bsa");
  ASSERT_NE(bsa, nullptr);
  const Topology cube = hypercube(3);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    RandomDagParams gp;
    gp.tasks = 40;
    gp.seed = seed;
    const ProblemBox box(generate_random_dag(gp),
                         uniform_machine(cube.size(), cube.links(), false, processor(1, 1, true), 1, 0.5));
    const Schedule s = bsa->schedule(box.problem(), resolve_params(bsa->params, {}));
    EXPECT_TRUE(s.contention_aware);
    expect_plan_is_replay(box, s, fmt::format("bsa, seed {}", seed));
    // Every task leaves the pivot only for a processor where it finishes earlier: never
    // longer than everything on the pivot (the sequential time there).
    EXPECT_LE(s.makespan(), box.graph.total_work() + 1e-9);
  }
}

TEST(Bsa, SpreadsIndependentTasksOverTheNetwork) {
  // Eight independent tasks of 4 on a complete network of 8: at the pivot's turn each task
  // after the first finishes earlier on a free neighbour, so every processor gets one.
  TaskGraph g("independent");
  for (int i = 0; i < 8; ++i) g.add_task(fmt::format("t{}", i), 4);
  const ProblemBox box(std::move(g), testing::dag_machine(complete_graph(8), 1, 0));
  EXPECT_DOUBLE_EQ(schedule_bsa(box.problem()).makespan(), 4);
  // On the 3-cube the pivot P0 has three neighbours: its turn leaves it t0 and t4 (t4 would
  // finish at 8 anywhere then), and the tasks that bubbled on move further at their
  // processors' turns; P0 is not visited again, so the schedule is 8 long (Kwok & Ahmad's
  // bubbling moves tasks outward only).
  const ProblemBox cube(box.graph, testing::dag_machine(hypercube(3), 1, 0));
  EXPECT_DOUBLE_EQ(schedule_bsa(cube.problem()).makespan(), 8);
}

}  // namespace
}  // namespace mpnsim

namespace mpnsim {
namespace {

TEST(ContentionAware, AnEmptyHopAtTheStartOfAnotherDoesNotTakeASecondPort) {
  // One send port at the centre of a star: an empty message (no data, S = 0) to P1 at 1 and
  // a message of 1 to P2 from 1 share the instant 1, served one after the other (fuzz finding).
  const ProblemBox box(fan_graph("empty-and-full", 0, 1),
                       uniform_machine(3, {{0, 1}, {0, 2}}, false, processor(1, 1, true), 1, 0));
  const Schedule s = placed_by_hand(box, {0, 1, 2});
  ASSERT_EQ(s.hops.size(), 2u);
  EXPECT_EQ(s.hops[0].start, 1);
  EXPECT_EQ(s.hops[0].finish, 1);
  EXPECT_EQ(s.hops[1].start, 1);
  expect_plan_is_replay(box, s, "empty and full");
}

}  // namespace
}  // namespace mpnsim

namespace mpnsim {
namespace {

// A random graph of `tasks` tasks (whole numbers, with many exact ties, for even seeds) on the
// cube with unit links and startup 0.5; each processor with the given ports and co-processor.
ProblemBox random_cube_box(const Topology& cube, std::uint64_t seed, int tasks, int send_ports, int recv_ports,
                           bool coprocessor) {
  RandomDagParams gp;
  gp.tasks = tasks;
  gp.seed = seed;
  gp.integer = seed % 2 == 0;
  return ProblemBox(generate_random_dag(gp),
                    uniform_machine(cube.size(), cube.links(), false, processor(send_ports, recv_ports, coprocessor), 1, 0.5));
}

TEST(ContentionAware, BoundedSearchChoosesAsEvaluatingEveryProcessor) {
  // best_processor skips processors whose no-waiting bound cannot win; its choice must be
  // the argmin over all of them, ties to the lowest index, for both keys and both policies.
  const Topology cube = hypercube(3);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const ProblemBox box = random_cube_box(cube, seed, 40, 1, 1, seed < 3);
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    testing::expect_best_processor_is_the_best_of_all(p, seed);
  }
}

// With the engine's route a candidate is bounded a third time, by its first message's route
// fitted on the committed timetables (routed_data_ready_bound), before it is evaluated: the
// choice must stay the best of all. Routes of up to five hops, where the waits on the way
// reorder the candidates; one port with and without co-processors, and every port; both keys,
// with and without insertion (expect_best_processor_is_the_best_of_all alternates them).
TEST(ContentionAware, RoutedBoundChoosesAsEvaluatingEveryProcessor) {
  for (const int dim : {4, 5}) {
    const Topology cube = hypercube(dim);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const int ports = seed < 4 ? 1 : kAllPorts;
      const ProblemBox box = random_cube_box(cube, seed, 60, ports, ports, seed % 2 == 0);
      DagProblem p = box.problem();
      p.options.model = CommModel::contention;
      p.options.route = RouteChoice::engine;
      testing::expect_best_processor_is_the_best_of_all(p, seed * 10 + static_cast<std::uint64_t>(dim));
    }
  }
}

// An evaluation with a cutoff stops only when its key loses to it, and otherwise finds the start
// of the evaluation without one: both routes, one port and every port, with and without
// co-processors, cutoffs below, at and above the key, ties won and lost. The cut evaluations
// come first, and the uncut one after them must still give the start of a builder that never
// had a cutoff: what a cut evaluation leaves in the reach trees is exact (with route: earliest,
// an entry is made only where the cutoff let no better way in go unseen).
TEST(ContentionAware, CutoffStopsOnlyEvaluationsThatLose) {
  const Topology cube = hypercube(4);
  int cut = 0, kept = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const ProblemBox box = random_cube_box(cube, seed, 40, seed < 3 || seed == 5 ? 1 : kAllPorts,
                                           seed < 3 || seed == 5 ? 1 : kAllPorts, seed % 2 == 1);
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    p.options.route = seed % 3 == 1 || seed == 5 ? RouteChoice::earliest : RouteChoice::engine;
    Schedule schedule, clean_schedule;
    schedule.tasks.assign(static_cast<std::size_t>(p.graph.size()), TaskPlacement{});
    clean_schedule.tasks = schedule.tasks;
    ContentionBuilder builder(p, schedule), clean(p, clean_schedule);
    for (int t : topological_order(p.graph)) {
      int best = -1;
      double best_finish = 0, best_start = 0;
      for (int q = 0; q < p.processors(); ++q) {
        const double duration = p.exec_time(t, q);
        const double start = clean.start_from(t, q, 0);
        const double finish = start + duration;
        for (const double shift : {-2.0, -0.5, 0.0, 0.5})
          for (const bool ties_lose : {false, true}) {
            const double key = finish + shift;
            const double got = builder.start_from(t, q, 0, {key, duration, ties_lose});
            if (std::isinf(got)) {
              ++cut;
              EXPECT_TRUE(finish > key || (finish == key && ties_lose)) << "seed " << seed << " task " << t << " on " << q;
            } else {
              ++kept;
              EXPECT_EQ(got, start) << "seed " << seed << " task " << t << " on " << q;
            }
          }
        EXPECT_EQ(builder.start_from(t, q, 0), start) << "seed " << seed << " task " << t << " on " << q;
        if (best < 0 || finish < best_finish) {
          best = q;
          best_finish = finish;
          best_start = start;
        }
      }
      builder.place(t, best, best_start);
      clean.place(t, best, best_start);
    }
    EXPECT_EQ(schedule.hops.size(), clean_schedule.hops.size()) << "seed " << seed;
  }
  EXPECT_GT(cut, 0);
  EXPECT_GT(kept, 0);
}

}  // namespace
}  // namespace mpnsim

// (ETF, Min-Min and DLS-pairs under contention against looking at every ready task again after
// each placement: tests/ready_pairs_test.cpp, ReadyPairs.ContentionPicksAsLookingAtEveryReadyPair.)

namespace mpnsim {
namespace {

// BSA's shortcuts (bsa.cpp): place_at_insertion_start places and books as insertion_start then
// place do, and insertion_start_within gives insertion_start's answer unless the finish is past
// its limit (then infinity, with contention). Two builders side by side, both models, both
// routes, one port and every port, with and without co-processors, limits below, at and above.
TEST(ContentionAware, PlacingAtTheInsertionStartBooksAsEvaluatingThenPlacing) {
  const Topology cube = hypercube(4);
  int cut = 0, kept = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const ProblemBox box = random_cube_box(cube, seed, 40, seed < 4 ? 1 : kAllPorts, seed < 4 ? 1 : kAllPorts, seed % 2 == 1);
    DagProblem p = box.problem();
    p.options.model = seed == 3 ? CommModel::free : CommModel::contention;
    p.options.route = seed % 3 == 1 ? RouteChoice::earliest : RouteChoice::engine;
    ScheduleBuilder a(p, "evaluated"), b(p, "placed");
    for (int t : topological_order(p.graph)) {
      const int q = static_cast<int>((static_cast<std::uint64_t>(t) * 7 + seed) % static_cast<std::uint64_t>(p.processors()));
      const double start = a.insertion_start(t, q);
      a.place(t, q, start);
      const double finish = start + p.exec_time(t, q);
      for (const double shift : {-1.0, -1e-6, 0.0, 0.5}) {
        const double got = b.insertion_start_within(t, q, finish + shift);
        if (std::isinf(got)) {
          ++cut;
          EXPECT_LT(shift, 0) << "seed " << seed << " task " << t;
          EXPECT_EQ(p.options.model, CommModel::contention);
        } else {
          ++kept;
          EXPECT_EQ(got, start) << "seed " << seed << " task " << t;
        }
      }
      EXPECT_EQ(b.place_at_insertion_start(t, q), start) << "seed " << seed << " task " << t;
    }
    const Schedule x = a.take(), y = b.take();
    for (std::size_t t = 0; t < x.tasks.size(); ++t) {
      EXPECT_EQ(x.tasks[t].processor, y.tasks[t].processor);
      EXPECT_EQ(x.tasks[t].start, y.tasks[t].start);
      EXPECT_EQ(x.tasks[t].finish, y.tasks[t].finish);
    }
    ASSERT_EQ(x.messages.size(), y.messages.size()) << "seed " << seed;
    for (std::size_t m = 0; m < x.messages.size(); ++m) {
      EXPECT_EQ(x.messages[m].edge, y.messages[m].edge);
      EXPECT_EQ(x.messages[m].depart, y.messages[m].depart);
      EXPECT_EQ(x.messages[m].arrive, y.messages[m].arrive);
    }
    ASSERT_EQ(x.hops.size(), y.hops.size()) << "seed " << seed;
    for (std::size_t h = 0; h < x.hops.size(); ++h) {
      EXPECT_EQ(x.hops[h].channel, y.hops[h].channel);
      EXPECT_EQ(x.hops[h].send_port, y.hops[h].send_port);
      EXPECT_EQ(x.hops[h].recv_port, y.hops[h].recv_port);
      EXPECT_EQ(x.hops[h].start, y.hops[h].start);
      EXPECT_EQ(x.hops[h].finish, y.hops[h].finish);
    }
  }
  EXPECT_GT(cut, 0);
  EXPECT_GT(kept, 0);
}

// An untouched timetable holds no block (idle_intervals.cpp) and answers as one idle from 0 on;
// its first booking and the undo of it leave it answering as before.
TEST(IdleIntervals, AnUntouchedResourceIsIdleFromZeroOn) {
  IdleIntervals r;
  EXPECT_EQ(r.gaps(), 1u);
  EXPECT_EQ(r.earliest_fit(0, 5), 0);
  EXPECT_EQ(r.earliest_fit(3.5, 0), 3.5);
  r.forget_before(10);  // nothing to forget
  EXPECT_EQ(r.earliest_fit(2, 1), 2);
  const IdleIntervals::Change c = r.book(2, 4);
  EXPECT_EQ(r.gaps(), 2u);
  EXPECT_EQ(r.earliest_fit(1, 2), 4);
  EXPECT_EQ(r.earliest_fit(0, 2), 0);
  r.undo(c);
  EXPECT_EQ(r.gaps(), 1u);
  EXPECT_EQ(r.earliest_fit(1, 2), 1);
  IdleIntervals kept(true);
  kept.occupy(1, 3);
  EXPECT_EQ(kept.gaps(), 2u);
  EXPECT_EQ(kept.earliest_fit(0, 1), 0);
  EXPECT_EQ(kept.earliest_fit(0.5, 1), 3);
}

}  // namespace
}  // namespace mpnsim
