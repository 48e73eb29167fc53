// Tests of the machine model (SPEC §2) against timelines worked out by hand.
#include <gtest/gtest.h>

#include <sstream>

#include <fmt/format.h>

#include "sim/machine.hpp"
#include "sim/plan.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {
namespace {

ProcessorSpec proc(double w, bool coprocessor, int send_ports = 1, int recv_ports = 1) {
  return ProcessorSpec{w, coprocessor, send_ports, recv_ports};
}

MachineSpec chain(int n, const ProcessorSpec& p, double z, double startup) {
  std::vector<std::pair<int, int>> links;
  for (int i = 0; i + 1 < n; ++i) links.emplace_back(i, i + 1);
  return uniform_machine(n, links, false, p, z, startup);
}

MachineSpec star(int leaves, const ProcessorSpec& p, double z) {
  std::vector<std::pair<int, int>> links;
  for (int i = 1; i <= leaves; ++i) links.emplace_back(0, i);
  return uniform_machine(leaves + 1, links, false, p, z, 0.0);
}

// P0 holds a unit load, keeps 1/2, sends 1/2 to P1; P1 keeps 1/4 and forwards 1/4 to P2.
Plan chain_plan(std::vector<int>& ids) {
  Plan plan;
  const int s01 = plan.add_send(0, 1, 0.5, "s01");
  const int c0 = plan.add_compute(0, 0.5, "c0");
  const int s12 = plan.add_send(1, 2, 0.25, "s12", {s01});
  const int c1 = plan.add_compute(1, 0.25, "c1", {s01});
  const int c2 = plan.add_compute(2, 0.25, "c2", {s12});
  ids = {s01, c0, s12, c1, c2};
  return plan;
}

TEST(Machine, ThreeProcessorChainWithCoprocessors) {
  // w = 2, z = 1, S = 0. With co-processors sends and computation overlap:
  //   s01: 0 .. 0.5        c0: 0 .. 1.0 (0.5 * 2)
  //   s12: 0.5 .. 0.75     c1: 0.5 .. 1.0 (0.25 * 2)
  //   c2: 0.75 .. 1.25
  Engine engine;
  Machine m(engine, chain(3, proc(2.0, true), 1.0, 0.0));
  std::vector<int> id;
  const PlanOutcome out = play(chain_plan(id), m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[0])], 0.5);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[1])], 1.0);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[2])], 0.75);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[3])], 1.0);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[4])], 1.25);
  const TimelineStats s = summarize(m.timeline(), 3);
  EXPECT_DOUBLE_EQ(s.makespan, 1.25);
  EXPECT_EQ(s.messages, 2u);
  EXPECT_EQ(s.hops, 2u);
  EXPECT_DOUBLE_EQ(s.processors[0].busy, 1.0);
  EXPECT_DOUBLE_EQ(s.processors[1].communicating, 0.75);  // receives 0..0.5, sends 0.5..0.75
  EXPECT_DOUBLE_EQ(s.processors[2].idle, 1.25 - 0.25 - 0.5);
  // Utilisation: busy (1.0 + 0.5 + 0.5) over 3 processors * 1.25.
  EXPECT_DOUBLE_EQ(s.utilization, 2.0 / 3.75);
}

TEST(Machine, ThreeProcessorChainWithoutCoprocessors) {
  // Same plan, no co-processors: a CPU is busy during its own sends and receives.
  //   s01: 0 .. 0.5 (P0 and P1 busy); c0 waits for P0's CPU: 0.5 .. 1.5
  //   s12 (issued first at 0.5): 0.5 .. 0.75 (P1 and P2 busy); c1 waits: 0.75 .. 1.25
  //   c2: 0.75 .. 1.25
  Engine engine;
  Machine m(engine, chain(3, proc(2.0, false), 1.0, 0.0));
  std::vector<int> id;
  const PlanOutcome out = play(chain_plan(id), m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[0])], 0.5);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[1])], 1.5);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[2])], 0.75);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[3])], 1.25);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(id[4])], 1.25);
  EXPECT_DOUBLE_EQ(summarize(m.timeline(), 3).makespan, 1.5);
}

// The centre sends one unit to each of 4 leaves at time 0 (z = 1, S = 0);
// each leaf then computes one unit (w = 1). Returns each leaf's finish time.
std::vector<double> star_finish(int send_ports) {
  ProcessorSpec p = proc(1.0, true, send_ports, 1);
  Engine engine;
  Machine m(engine, star(4, p, 1.0));
  Plan plan;
  for (int leaf = 1; leaf <= 4; ++leaf) {
    const int s = plan.add_send(0, leaf, 1.0);
    plan.add_compute(leaf, 1.0, "", {s});
  }
  play(plan, m);
  const TimelineStats s = summarize(m.timeline(), 5);
  return {s.processors[1].finish, s.processors[2].finish, s.processors[3].finish,
          s.processors[4].finish};
}

TEST(Machine, StarOnePortSendsOneAtATime) {
  // Receipts at 1, 2, 3, 4 in plan order; each leaf computes for 1 more.
  EXPECT_EQ(star_finish(1), (std::vector<double>{2, 3, 4, 5}));
}

TEST(Machine, StarTwoPortSendsTwoAtATime) {
  // Leaves 1 and 2 receive at 1, leaves 3 and 4 at 2.
  EXPECT_EQ(star_finish(2), (std::vector<double>{2, 2, 3, 3}));
}

TEST(Machine, StarAllPortSendsAllAtOnce) {
  EXPECT_EQ(star_finish(kAllPorts), (std::vector<double>{2, 2, 2, 2}));
}

TEST(Machine, TwoMessagesContendForOneLink) {
  // Chain 0-1-2, all ports, z = 1. A: 0 -> 2 (1 unit), B: 1 -> 2 (1.5 units), both at 0.
  // A's first hop 0..1; link 1->2 is busy with B until 1.5, so A's second hop runs 1.5..2.5.
  Engine engine;
  Machine m(engine, chain(3, proc(1.0, true, kAllPorts, kAllPorts), 1.0, 0.0));
  Plan plan;
  const int a = plan.add_send(0, 2, 1.0, "A");
  const int b = plan.add_send(1, 2, 1.5, "B");
  const PlanOutcome out = play(plan, m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(b)], 1.5);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(a)], 2.5);
  const auto& t = m.timeline().transfers();
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(summarize(m.timeline(), 3).hops, 3u);
}

TEST(Machine, SameLinkMessagesAreServedFirstComeFirstServed) {
  // Two messages 0 -> 1 of 2 and 1 units on one link (all ports): 0..2 then 2..3.
  Engine engine;
  Machine m(engine, chain(2, proc(1.0, true, kAllPorts, kAllPorts), 1.0, 0.0));
  Plan plan;
  const int first = plan.add_send(0, 1, 2.0);
  const int second = plan.add_send(0, 1, 1.0);
  const PlanOutcome out = play(plan, m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(first)], 2.0);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(second)], 3.0);
}

TEST(Machine, LinksAreFullDuplex) {
  // 0 -> 1 and 1 -> 0 at once, one unit each: both directions busy 0..1 together.
  Engine engine;
  Machine m(engine, chain(2, proc(1.0, true), 1.0, 0.0));
  Plan plan;
  const int x = plan.add_send(0, 1, 1.0);
  const int y = plan.add_send(1, 0, 1.0);
  const PlanOutcome out = play(plan, m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(x)], 1.0);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(y)], 1.0);
}

TEST(Machine, StartupLatencyOnAThreeHopRoute) {
  // Chain 0-1-2-3, S = 0.1, z = 0.5, Tcm = 2: each hop of 2 units takes
  // 0.1 + 2 * 0.5 * 2 = 2.1; store-and-forward over 3 hops arrives at 6.3.
  Engine engine;
  MachineSpec spec = chain(4, proc(1.0, true), 0.5, 0.1);
  spec.Tcm = 2.0;
  Machine m(engine, spec);
  Plan plan;
  const int s = plan.add_send(0, 3, 2.0);
  const PlanOutcome out = play(plan, m);
  EXPECT_NEAR(out.completed[static_cast<std::size_t>(s)], 6.3, 1e-12);
  const auto& t = m.timeline().transfers();
  ASSERT_EQ(t.size(), 3u);
  for (int h = 0; h < 3; ++h) {
    EXPECT_EQ(t[static_cast<std::size_t>(h)].from, h);
    EXPECT_EQ(t[static_cast<std::size_t>(h)].to, h + 1);
    EXPECT_EQ(t[static_cast<std::size_t>(h)].hop, h);
    EXPECT_NEAR(t[static_cast<std::size_t>(h)].start, 2.1 * h, 1e-12);
  }
  const TimelineStats st = summarize(m.timeline(), 4);
  EXPECT_EQ(st.messages, 1u);
  EXPECT_EQ(st.hops, 3u);
  EXPECT_DOUBLE_EQ(st.transferred, 6.0);
}

TEST(Machine, EachLinkKeepsItsOwnCosts) {
  // Chain 0-1-2-3 whose links alternate between two costs and then repeat the
  // first: (z, S) = (1, 0.5), (0.25, 0), (1, 0.5). A message of 2 units hops in
  // 2.5, then 0.5, then 2.5, and the processors' w differ as well.
  Engine engine;
  MachineSpec spec = chain(4, proc(1.0, true), 1.0, 0.5);
  spec.links[1].z = 0.25;
  spec.links[1].startup = 0.0;
  spec.processors[3].w = 3.0;
  Machine m(engine, spec);
  Plan plan;
  const int s = plan.add_send(0, 3, 2.0);
  const int c = plan.add_compute(3, 1.0, {}, {s});
  const PlanOutcome out = play(plan, m);
  EXPECT_NEAR(out.completed[static_cast<std::size_t>(s)], 5.5, 1e-12);
  EXPECT_NEAR(out.completed[static_cast<std::size_t>(c)], 8.5, 1e-12);
  const auto& t = m.timeline().transfers();
  ASSERT_EQ(t.size(), 3u);
  EXPECT_NEAR(t[1].end - t[1].start, 0.5, 1e-12);
  EXPECT_EQ(t[1].link, 1);
}

TEST(Machine, RoutesBreakTiesTowardsTheLowerNeighbour) {
  // Ring 0-1-2-3-0: from 0 to 2 both 1 and 3 are on a shortest path; 1 is taken.
  Engine engine;
  Machine m(engine, uniform_machine(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, false, proc(1, true), 1, 0));
  Plan plan;
  plan.add_send(0, 2, 1.0);
  play(plan, m);
  ASSERT_EQ(m.timeline().transfers().size(), 2u);
  EXPECT_EQ(m.timeline().transfers()[0].to, 1);
}

TEST(Machine, DirectedLinksCarryOneWayOnly) {
  // 0 -> 1 -> 2 -> 0 directed: 1 reaches 0 only through 2.
  Engine engine;
  MachineSpec spec;
  spec.processors.assign(3, proc(1, true));
  spec.links = {{0, 1, 1, 0, true}, {1, 2, 1, 0, true}, {2, 0, 1, 0, true}};
  Machine m(engine, spec);
  Plan plan;
  const int s = plan.add_send(1, 0, 1.0);
  const PlanOutcome out = play(plan, m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(s)], 2.0);
}

TEST(Machine, IdenticalInputsGiveIdenticalTimelines) {
  auto run_once = [] {
    Engine engine;
    Machine m(engine, star(6, proc(0.7, false, 2, 1), 0.3));
    Plan plan;
    for (int leaf = 1; leaf <= 6; ++leaf) {
      const int s = plan.add_send(0, leaf, 0.1 * leaf, fmt::format("s{}", leaf));
      plan.add_compute(leaf, 0.05 * leaf, fmt::format("c{}", leaf), {s});
    }
    plan.add_compute(0, 0.2, "c0");
    play(plan, m);
    std::ostringstream csv;
    write_timeline_csv(m.timeline(), csv);
    return csv.str();
  };
  const std::string a = run_once();
  EXPECT_EQ(a, run_once());
  EXPECT_NE(a.find("transfer"), std::string::npos);
}

TEST(MachineSpec, RepeatedLinksAreRefusedAndOppositeDirectedLinksAreNot) {
  auto spec_with = [](std::vector<LinkSpec> links) {
    MachineSpec spec = uniform_machine(4, {}, false, proc(1.0, true), 1.0, 0.0);
    spec.links = std::move(links);
    return spec;
  };
  try {
    validate(spec_with({{0, 1}, {2, 3}, {1, 2}, {3, 2}}));
    FAIL() << "repeated link accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("link 2-3 is given twice"), std::string::npos) << e.what();
  }
  LinkSpec forward{0, 1, 1.0, 0.0, true}, backward{1, 0, 1.0, 0.0, true};
  EXPECT_NO_THROW(validate(spec_with({forward, backward, {2, 3}})));
  EXPECT_THROW(validate(spec_with({forward, forward})), std::invalid_argument);
  EXPECT_THROW(validate(spec_with({{1, 0}, forward})), std::invalid_argument);
  EXPECT_THROW(validate(spec_with({{0, 4}})), std::invalid_argument);
  EXPECT_THROW(validate(spec_with({{2, 2}})), std::invalid_argument);
  // Links in increasing order skip the rows; a repeat among them must still be found.
  EXPECT_NO_THROW(validate(spec_with({{0, 1}, {1, 2}, {1, 3}, {2, 3}})));
  EXPECT_THROW(validate(spec_with({{0, 1}, {1, 2}, {1, 2}})), std::invalid_argument);
  EXPECT_THROW(validate(spec_with({{0, 1}, {2, 1}, {1, 2}})), std::invalid_argument);
  EXPECT_THROW(validate(spec_with({{0, 1}, {1, 2, 1.0, 0.0, true}, {1, 2}})), std::invalid_argument);
}

TEST(Plan, DependencyListsKeepEveryEntryInlineOrNot) {
  DependencyList a{4, 7};
  EXPECT_EQ(a.size(), 2u);
  for (int x : {9, 11, 13}) a.push_back(x);  // past the two inline entries
  EXPECT_EQ(std::vector<int>(a.begin(), a.end()), (std::vector<int>{4, 7, 9, 11, 13}));
  DependencyList copy = a;
  copy.push_back(1);
  EXPECT_EQ(a.size(), 5u);
  EXPECT_EQ(copy.size(), 6u);
  EXPECT_EQ(copy[5], 1);
  DependencyList moved = std::move(copy);
  EXPECT_EQ(moved.size(), 6u);
  EXPECT_EQ(moved[0], 4);
  const DependencyList from_vector(std::vector<int>{3});
  EXPECT_EQ(from_vector.size(), 1u);
  EXPECT_EQ(from_vector[0], 3);
}

TEST(Plan, CyclesAreRefusedWithTheirNames) {
  Plan plan;
  plan.add_compute(0, 1, "a", {1});
  plan.add_compute(0, 1, "b", {0});
  try {
    validate(plan, 1);
    FAIL() << "cycle accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("a -> b -> a"), std::string::npos) << e.what();
  }
}

TEST(Plan, ForwardDependenciesAreAcceptedAndLateCyclesFound) {
  Plan ok;
  ok.add_compute(0, 1, "late", {1});  // waits for an action listed after it
  ok.add_compute(0, 1, "early");
  EXPECT_NO_THROW(validate(ok, 1));
  Plan bad;
  bad.add_compute(0, 1, "entry", {1});  // leads into a cycle it is not part of
  bad.add_compute(0, 1, "x", {2});
  bad.add_compute(0, 1, "y", {1});
  try {
    validate(bad, 1);
    FAIL() << "cycle accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("x -> y -> x"), std::string::npos) << e.what();
  }
}

TEST(Plan, NamesBecomeTimelineTagsAndUnnamedActionsHaveNone) {
  Plan plan;
  const int a = plan.add_compute(0, 1, "first");
  const int b = plan.add_compute(0, 1);
  const int c = plan.add_send(0, 1, 1, "third", {a});
  EXPECT_EQ(plan.name(a), "first");
  EXPECT_EQ(plan.name(b), "");
  EXPECT_EQ(plan.name(c), "third");
  Engine engine;
  Machine m(engine, chain(2, proc(1.0, true), 1.0, 0.0));
  play(plan, m);
  const auto& computes = m.timeline().computes();
  ASSERT_EQ(computes.size(), 2u);
  EXPECT_EQ(m.timeline().tag_name(computes[0].tag), "first");
  EXPECT_EQ(m.timeline().tag_name(computes[1].tag), "");
  ASSERT_EQ(m.timeline().transfers().size(), 1u);
  EXPECT_EQ(m.timeline().tag_name(m.timeline().transfers()[0].tag), "third");
}

// A plan without names is played from records without tags (24 bytes an action, not 32): the
// same plan with and without names, stored or moved in, completes every action at the same times
// by hand: s01 at 0.5, c0 at 0.5, s12 at 0.75, c1 at 0.75, c2 at 1.0 (w = 1, z = 1, co-processors).
TEST(Plan, PlansWithAndWithoutNamesPlayAlike) {
  std::vector<int> id;
  const Plan named = chain_plan(id);
  Plan unnamed = named;
  unnamed.names.clear();
  for (auto& a : unnamed.actions) a.name = 0;
  const std::vector<double> expected = {0.5, 0.5, 0.75, 0.75, 1.0};
  auto completions = [](const Plan& plan, bool moved) {
    Engine engine;
    Machine m(engine, chain(3, proc(1.0, true), 1.0, 0.0));
    Plan copy = plan;
    const PlanOutcome out = moved ? play(std::move(copy), m) : play(plan, m);
    EXPECT_EQ(m.timeline().computes().size(), 3u);
    for (const auto& c : m.timeline().computes())
      EXPECT_EQ(m.timeline().tag_name(c.tag).empty(), plan.names.empty());
    return out.completed;
  };
  for (bool moved : {false, true}) {
    const std::vector<double> a = completions(named, moved), b = completions(unnamed, moved);
    ASSERT_EQ(a.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      EXPECT_DOUBLE_EQ(a[static_cast<std::size_t>(id[k])], expected[k]) << k;
      EXPECT_DOUBLE_EQ(b[static_cast<std::size_t>(id[k])], expected[k]) << k;
    }
  }
}

TEST(Plan, BadProcessorsAndAmountsAreRefused) {
  Plan p1;
  p1.add_send(0, 5, 1);
  EXPECT_THROW(validate(p1, 3), std::invalid_argument);
  Plan p2;
  p2.add_compute(0, -1);
  EXPECT_THROW(validate(p2, 3), std::invalid_argument);
}

TEST(TimeTolerance, RelativeComparison) {
  EXPECT_TRUE(times_equal(1e6, 1e6 * (1 + 5e-10)));
  EXPECT_FALSE(times_equal(1e6, 1e6 * (1 + 5e-9)));
  EXPECT_TRUE(times_equal(0.0, 1e-10));
}

}  // namespace
}  // namespace mpnsim
