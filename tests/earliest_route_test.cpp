// route: earliest's choice of way (docs/dag.md): each processor reached by the way in that ends first, of equal ones the one from the lower-numbered processor, however the search ranks them.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "contention_oracle.hpp"
#include "dag_test_support.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// Every case is on the 2-cube: a on P3 sends to b on P0, by P1 or by P2. The search ranks the
// ways into a processor by a bound on their ends and skips those that cannot win; asking for b's
// data-ready time on P1 first puts P1's arrival in the reach tree, so that P0's way from P1 is
// then ranked by it, after the way from P2, whatever their ends. Each case is run both ways.

// The processor the last message's (b's) first hop goes to (P1 or P2), and its arrival at P0.
std::pair<int, double> way_taken(const Schedule& s) {
  EXPECT_EQ(s.hop_end(s.messages.size() - 1) - s.messages.back().first_hop, 2);
  return {s.hops[static_cast<std::size_t>(s.messages.back().first_hop)].to, s.messages.back().arrive};
}

void expect_judged_earliest(const ProblemBox& box, const Schedule& s) {
  const auto verdict = testing::judge_contention_plan(box.graph, box.machine, s, testing::OracleRoute::earliest);
  EXPECT_TRUE(verdict.ok()) << verdict.first();
}

// Without co-processors, one port each way: every hop also holds the CPUs at both of its ends.
// P1's and P0's CPUs are held from 0 by a task each, for `busy1` and `busy0`; a (work 2) runs
// on P3 from 0 and sends `data`. The way by P1 waits for busy1; either way's last hop for busy0.
struct BusyCpus {
  double busy1, busy0, data;
};

std::pair<Schedule, ProblemBox> place_busy_cpus(const BusyCpus& c, bool ask_p1_first) {
  TaskGraph g("busy-cpus");
  for (const char* name : {"busy1", "busy0", "a", "b"}) g.add_task(name, 1);
  g.add_edge(2, 3, c.data);
  g.finalize();
  // Execution times per task on P0..P3: only the processor each task goes to matters.
  g.set_costs(CostTable(4, 4, {c.busy1, c.busy1, c.busy1, c.busy1, c.busy0, c.busy0, c.busy0, c.busy0,  //
                               2, 2, 2, 2, 1, 1, 1, 1}));
  const Topology t = hypercube(2);
  ProblemBox box(std::move(g), uniform_machine(t.size(), t.links(), false, ProcessorSpec{1, false, 1, 1}, 1, 0));
  DagProblem p = box.problem();
  p.options = {CommModel::contention, RouteChoice::earliest};
  ScheduleBuilder b(p, "hand");
  const int on[] = {1, 0, 3};
  for (int task = 0; task < 3; ++task) b.place(task, on[task], 0);
  if (ask_p1_first) (void)b.data_ready(3, 1);
  b.place(3, 0, 0);
  return {b.take(), std::move(box)};
}

// With co-processors and every port, only the links bind. x0 on P2 sends `to_p0` units to y0
// on P0 (holding P2 -> P0 over [1, 1 + to_p0]), x1 on P3 sends 8 to y1 on P1 (P3 -> P1 over
// [1, 9]); then a on P3 (over [1, 3]) sends `data` to b. By P1 the message is at P1 at 9 + data
// and at P0 at 9 + 2 data; by P2 it is at P2 at 3 + data and waits for x0's message.
struct LinksOnly {
  ProblemBox box;
  explicit LinksOnly(double to_p0, double data) : box(graph(to_p0, data), machine()) {}
  static TaskGraph graph(double to_p0, double data) {
    TaskGraph g("links-only");
    for (const char* name : {"x0", "y0", "x1", "y1", "a", "b"}) g.add_task(name, 1);
    g.add_edge(0, 1, to_p0);
    g.add_edge(2, 3, 8);
    g.add_edge(4, 5, data);
    g.finalize();
    g.set_costs(CostTable(6, 4, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1}));
    return g;
  }
  static MachineSpec machine() {
    const Topology t = hypercube(2);
    return uniform_machine(t.size(), t.links(), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  }
  // A builder with every task but b placed.
  std::unique_ptr<ScheduleBuilder> builder(DagProblem& p) const {
    p.options = {CommModel::contention, RouteChoice::earliest};
    auto b = std::make_unique<ScheduleBuilder>(p, "hand");
    const int on[] = {2, 0, 3, 1, 3};
    for (int task = 0; task < 5; ++task) b->place(task, on[task], 0);
    return b;
  }
  Schedule place_b(bool ask_p1_first) const {
    DagProblem p = box.problem();
    auto b = builder(p);
    if (ask_p1_first) (void)b->data_ready(5, 1);
    b->place(5, 0, 0);
    return b->take();
  }
};

TEST(EarliestRoute, EqualEndsGoToTheLowerNumberedPredecessor) {
  // Unit hops. CPUs: by P1, P3 -> P1 at [9, 10] (P1's CPU), P1 -> P0 at [10, 11]; by P2,
  // P3 -> P2 at [2, 3], P2 -> P0 at [10, 11] (P0's CPU): both ways into P0 end at 11.
  // Links (x0 sends 9): by P1, [9, 10] and [10, 11]; by P2, [3, 4] and [10, 11] behind x0's
  // message. There, with P1 known first, the way from P1 has a bound of 11 (its arrival 10, no
  // port bound above it), equal to the end the way from P2 is found to have: it must still be
  // looked at, as it wins the tie.
  for (const bool ask : {false, true}) {
    const std::string what = ask ? "P1 asked first" : "P0 alone";
    const auto [cpus, cpus_box] = place_busy_cpus({9, 10, 1}, ask);
    EXPECT_EQ(way_taken(cpus), std::make_pair(1, 11.0)) << "CPUs, " << what;
    EXPECT_EQ(cpus.tasks[3].start, 11);
    expect_judged_earliest(cpus_box, cpus);
    const LinksOnly links(9, 1);
    const Schedule s = links.place_b(ask);
    EXPECT_EQ(way_taken(s), std::make_pair(1, 11.0)) << "links, " << what;
    expect_judged_earliest(links.box, s);
  }
}

TEST(EarliestRoute, TheWayThatEndsFirstWinsFromTheHigherNumberedPredecessorToo) {
  // As above with P1's CPU busy until 11 (by P1 at P0 at 13, by P2 at 11), and with x0 sending
  // 8 (by P2 at P0 at 10, by P1 at 11).
  for (const bool ask : {false, true}) {
    const std::string what = ask ? "P1 asked first" : "P0 alone";
    const auto [cpus, cpus_box] = place_busy_cpus({11, 10, 1}, ask);
    EXPECT_EQ(way_taken(cpus), std::make_pair(2, 11.0)) << "CPUs, " << what;
    expect_judged_earliest(cpus_box, cpus);
    const LinksOnly links(8, 1);
    const Schedule s = links.place_b(ask);
    EXPECT_EQ(way_taken(s), std::make_pair(2, 10.0)) << "links, " << what;
    expect_judged_earliest(links.box, s);
  }
}

TEST(EarliestRoute, ZeroLengthHopsTieToTheLowerNumberedPredecessor) {
  // No data and no startup: every hop lasts 0, so a way's bound is where its hop may start, and
  // a hop that does not wait ends where it starts. CPUs: by P2 the message is at P2 at 2 and
  // waits for P0's CPU until 5; by P1 it waits for P1's CPU, and is at P1 and at P0 at 5. Links
  // (x0 sends 8): by P1 it is at P1 and P0 at 9; by P2 at P2 at 3 and at P0 at 9, behind x0's
  // message. Ties, which P1's way wins. (The oracle does not judge zero-length operations.)
  for (const bool ask : {false, true}) {
    const std::string what = ask ? "P1 asked first" : "P0 alone";
    const auto [cpus, cpus_box] = place_busy_cpus({5, 5, 0}, ask);
    EXPECT_EQ(way_taken(cpus), std::make_pair(1, 5.0)) << "CPUs, " << what;
    EXPECT_EQ(cpus.tasks[3].start, 5);
    EXPECT_EQ(way_taken(place_busy_cpus({7, 5, 0}, ask).first), std::make_pair(2, 5.0)) << "P1 busy until 7, " << what;
    EXPECT_EQ(way_taken(LinksOnly(8, 0).place_b(ask)), std::make_pair(1, 9.0)) << "links, " << what;
    EXPECT_EQ(way_taken(LinksOnly(9, 0).place_b(ask)), std::make_pair(1, 9.0)) << "links, x0 sends 9, " << what;
  }
}

TEST(EarliestRoute, AnEvaluationCutShortLeavesNoWayChosenTooLate) {
  // Links, x0 sending 20: by P1 the message of 1 is at P1 at 10 and at P0 at 11; by P2 at P2 at
  // 4 and at P0 only at 22, behind x0's message. P1's arrival is found first, so P0's way from
  // P1 is ranked by it (bound 11), after the way from P2 (bound 5). With a cutoff that only
  // arrivals by 7 beat, the way from P2 is fitted (22: it loses) and the one from P1 is not (its
  // bound loses): the evaluation stops, and must not leave P0 reached from P2, which a later
  // evaluation without a cutoff would take as found.
  const LinksOnly links(20, 1);
  DagProblem p = links.box.problem();
  auto b = links.builder(p);
  EXPECT_EQ(b->data_ready(5, 1), 10);
  EXPECT_TRUE(std::isinf(b->earliest_start_within(5, 0, 8, 1, false)));
  EXPECT_EQ(b->data_ready(5, 0), 11);
  b->place(5, 0, 0);
  const Schedule s = b->take();
  EXPECT_EQ(way_taken(s), std::make_pair(1, 11.0));
  expect_judged_earliest(links.box, s);
}

}  // namespace
}  // namespace mpnsim
