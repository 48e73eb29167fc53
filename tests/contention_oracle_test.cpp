// Every scheduler's contention-aware plans judged by the independent oracle, over random graphs and machines.
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "contention_oracle.hpp"
#include "dag_test_support.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::judge_contention_plan;
using testing::OracleRoute;
using testing::ProblemBox;

// Values with few binary digits (quarters, halves, whole numbers): every time of a plan is then
// exact in double, so the oracle's greedy re-booking meets the builder's ties exactly.
template <class Rng>
double pick(Rng& rng, std::initializer_list<double> values) {
  return *(values.begin() + static_cast<std::ptrdiff_t>(rng() % values.size()));
}

struct Network {
  std::string name;
  Topology topology;
};

// Ports: 1, 2, 3 or all on every processor, or (-1) drawn per processor and per direction.
MachineSpec random_machine(const Topology& t, int ports, int coprocessors, std::mt19937_64& rng) {
  MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  m.Tcm = pick(rng, {0.5, 1, 2});
  m.Tcp = pick(rng, {0.5, 1.5, 2});
  for (auto& p : m.processors) {
    p.w = pick(rng, {0.5, 1, 1.5, 2});
    p.coprocessor = coprocessors == 0 ? false : coprocessors == 1 ? true : rng() % 2 == 0;
    if (ports >= 0) {
      p.send_ports = p.recv_ports = ports;
    } else {
      p.send_ports = static_cast<int>(rng() % 4);  // 0 is kAllPorts
      p.recv_ports = static_cast<int>(rng() % 4);
    }
  }
  for (auto& l : m.links) {  // heterogeneous links: the cheapest one decides the pruning bound
    l.z = pick(rng, {0.25, 0.5, 1, 1.5, 3});
    l.startup = pick(rng, {0, 0.25, 0.5, 1});
  }
  return m;
}

TEST(ContentionOracle, EverySchedulersPlansPassOnRandomGraphsAndMachines) {
  const std::vector<Network> networks{{"hypercube3", hypercube(3)}, {"mesh3x3", mesh(3, 3, false)},
                                      {"star6", star(6)}, {"ring6", ring(6)}};
  std::mt19937_64 rng(42);
  int judged = 0, machines = 0;
  // What the plans held, so that a sweep that no longer reaches a rule is seen.
  int hops = 0, second_lanes = 0, multi_hop = 0;
  // Every scheduler, both routes, on one graph and machine.
  auto judge_every_scheduler = [&](const ProblemBox& b, const std::string& where) {
    for (const auto& e : dag_schedulers()) {
      for (const OracleRoute route : {OracleRoute::engine, OracleRoute::earliest}) {
        const char* route_name = route == OracleRoute::engine ? "engine" : "earliest";
        const Schedule s =
            e.schedule(b.problem(), testing::test_params(e, {{"comm", "contention"}, {"route", route_name}}));
        // The exact scheduler takes any shortest route and any order: its plans are judged on the
        // rules and on tightness, not as greedy bookings.
        const bool exact = e.name == "optimal";
        const auto verdict = judge_contention_plan(b.graph, b.machine, s, exact ? OracleRoute::earliest : route, !exact);
        EXPECT_TRUE(verdict.ok()) << e.name << ", route " << route_name << ", " << where << ": " << verdict.first();
        ++judged;
        hops += static_cast<int>(s.hops.size());
        for (const ScheduledHop& h : s.hops) second_lanes += h.send_port > 0 || h.recv_port > 0;
        for (std::size_t m = 0; m < s.messages.size(); ++m) multi_hop += s.hop_end(m) - s.messages[m].first_hop > 1;
      }
    }
  };
  for (const Network& net : networks) {
    for (const int ports : {1, 2, 3, kAllPorts, -1}) {
      const int coprocessors = machines++ % 3;  // none, all, some
      RandomDagParams gp;
      gp.tasks = 16 + static_cast<int>(rng() % 16);
      gp.max_in = 1 + static_cast<int>(rng() % 3);
      gp.max_out = 2 + static_cast<int>(rng() % 4);  // wide: many messages leave one task at once
      gp.data_max = pick(rng, {3, 10, 20});          // communication from light to dominant
      gp.seed = rng();
      const std::string where = fmt::format("{}, ports {}, co-processors {}", net.name, ports, coprocessors);
      // (Each draw in its own statement: the order of a call's arguments is not fixed.)
      MachineSpec m = random_machine(net.topology, ports, coprocessors, rng);
      judge_every_scheduler(ProblemBox(generate_random_dag(gp), std::move(m)),
                            where + fmt::format(", random graph (seed {})", gp.seed));
      // And a fork-join as wide as the network, whose scatter and gather need every port at once.
      const double branch = pick(rng, {2, 5}), data = pick(rng, {1, 4});
      m = random_machine(net.topology, ports, coprocessors, rng);
      judge_every_scheduler(ProblemBox(testing::fork_join_graph(net.topology.size(), branch, data), std::move(m)),
                            where + ", fork-join");
    }
  }
  EXPECT_EQ(judged, 4 * 5 * 2 * static_cast<int>(dag_schedulers().size()) * 2);
  std::cout << "judged " << judged << " plans: " << hops << " hops, " << second_lanes << " on a second or third port lane, "
            << multi_hop << " messages of several hops\n";
  EXPECT_GT(second_lanes, 100);
  EXPECT_GT(multi_hop, 1000);
}

// The oracle can fail: plans broken by hand are refused, each for its reason.
TEST(ContentionOracle, RefusesPlansThatAreLateOrBreakARule) {
  // a on P0 sends to b on P1 and c on P2 of a star with one send port at the centre.
  TaskGraph g("fan");
  g.add_task("a", 1);
  g.add_task("b", 1);
  g.add_task("c", 1);
  g.add_edge(0, 1, 2);
  g.add_edge(0, 2, 2);
  g.finalize();
  const ProblemBox box(std::move(g), uniform_machine(3, {{0, 1}, {0, 2}}, false, ProcessorSpec{1, true, 1, 1}, 1, 0));
  DagProblem p = box.problem();
  p.options.model = CommModel::contention;
  ScheduleBuilder b(p, "hand");
  for (int t = 0; t < 3; ++t) b.place(t, t, 0);
  const Schedule good = b.take();
  ASSERT_TRUE(judge_contention_plan(box.graph, box.machine, good, OracleRoute::engine).ok());

  Schedule late = good;  // c a unit later than its data allows: valid, but needlessly late
  late.tasks[2].start += 1;
  late.tasks[2].finish += 1;
  const auto v = judge_contention_plan(box.graph, box.machine, late, OracleRoute::engine);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.first().find("could start at"), std::string::npos) << v.first();

  Schedule both = good;  // the two hops on the one send port at once
  both.hops[1].start = both.hops[0].start;
  both.hops[1].finish = both.hops[0].finish;
  both.messages[1].depart = both.hops[1].start;
  both.messages[1].arrive = both.hops[1].finish;
  both.tasks[2].start = both.hops[1].finish;
  both.tasks[2].finish = both.tasks[2].start + 1;
  EXPECT_FALSE(judge_contention_plan(box.graph, box.machine, both, OracleRoute::engine).ok());

  Schedule slow = good;  // a hop longer than S + D z Tcm
  slow.hops[0].finish += 0.5;
  EXPECT_FALSE(judge_contention_plan(box.graph, box.machine, slow, OracleRoute::engine).ok());

  // The same two messages on a machine with two send ports at the centre: nothing holds the
  // second hop back, so the plan made for one port is late there.
  MachineSpec two = box.machine;
  two.processors[0].send_ports = 2;
  ASSERT_EQ(good.hops[1].send_port, 0);
  Schedule lane = good;
  for (auto& h : lane.hops) h.send_port = -1;  // two ports at a centre of degree two do not bind
  const auto w = judge_contention_plan(box.graph, two, lane, OracleRoute::engine);
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.first().find("could start at 1 given"), std::string::npos) << w.first();
}

}  // namespace
}  // namespace mpnsim
