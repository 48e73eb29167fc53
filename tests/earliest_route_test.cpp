// route: earliest's choice of way (docs/dag.md): each processor on the way reached by the way in that ends first, of equal ones the way from the lower-numbered processor; evaluations cut short leave that choice alone.
#include <gtest/gtest.h>

#include <cmath>

#include "contention_oracle.hpp"
#include "dag_test_support.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// The 2-cube without co-processors, one port each way: a on P3 (work 2, from 0) sends `data`
// to b on P0. P1's and P0's CPUs are held by a task each from 0, for `busy1` and `busy0`. The
// message goes by P1 or by P2; each hop also holds the CPUs at both of its ends, so the way by
// P1 waits for busy1, and either way's last hop for busy0.
struct TwoWays {
  double busy1, busy0, data;
  // Ask for b's data-ready time on P1 before placing it: the reach tree then holds P1's
  // arrival when P0's ways in are ranked, so the way from P1 is ranked by that arrival, not
  // by the least arrival one hop from P3 (a later bound than P2's).
  bool ask_p1_first;
};

struct Placed {
  Schedule schedule;
  ProblemBox box;
};

Placed place_two_ways(const TwoWays& c) {
  TaskGraph g("two-ways");
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
  if (c.ask_p1_first) (void)b.data_ready(3, 1);
  b.place(3, 0, 0);
  Schedule s = b.take();
  return {std::move(s), std::move(box)};
}

// The processor the message's first hop goes to (P1 or P2), and its arrival at P0.
std::pair<int, double> way_taken(const Schedule& s) {
  EXPECT_EQ(s.messages.size(), 1u);
  EXPECT_EQ(s.hop_end(0) - s.messages[0].first_hop, 2);
  return {s.hops[static_cast<std::size_t>(s.messages[0].first_hop)].to, s.messages[0].arrive};
}

TEST(EarliestRoute, EqualEndsGoToTheLowerNumberedPredecessor) {
  // A unit hop: by P1, P3 -> P1 at [9, 10] (P1's CPU), P1 -> P0 at [10, 11]; by P2, P3 -> P2
  // at [2, 3], P2 -> P0 at [10, 11] (P0's CPU). Both ways into P0 end at 11: P1's is taken.
  // Asked about P1 first, the way from P1 is ranked by its arrival (bound 10 + 1 = 11) after
  // P2's (bound 2 + 1 + 1): its bound then equals the best end found, and it must still be
  // looked at, as it wins the tie.
  for (const bool ask : {false, true}) {
    const Placed p = place_two_ways({9, 10, 1, ask});
    EXPECT_EQ(way_taken(p.schedule), std::make_pair(1, 11.0)) << (ask ? "P1 asked first" : "P0 alone");
    EXPECT_EQ(p.schedule.tasks[3].start, 11);
    const auto verdict = testing::judge_contention_plan(p.box.graph, p.box.machine, p.schedule,
                                                        testing::OracleRoute::earliest);
    EXPECT_TRUE(verdict.ok()) << verdict.first();
  }
}

TEST(EarliestRoute, TheWayThatEndsFirstWinsFromTheHigherNumberedPredecessorToo) {
  // As above with P1 busy until 11: by P1 the message is at P0 at 13, by P2 at 11.
  for (const bool ask : {false, true}) {
    const Placed p = place_two_ways({11, 10, 1, ask});
    EXPECT_EQ(way_taken(p.schedule), std::make_pair(2, 11.0)) << (ask ? "P1 asked first" : "P0 alone");
    const auto verdict = testing::judge_contention_plan(p.box.graph, p.box.machine, p.schedule,
                                                        testing::OracleRoute::earliest);
    EXPECT_TRUE(verdict.ok()) << verdict.first();
  }
}

TEST(EarliestRoute, ZeroLengthHopsTieToTheLowerNumberedPredecessor) {
  // No data and no startup: every hop lasts 0, so a way's bound is its sender's arrival and a
  // hop that does not wait ends where it starts. By P2 the message is at P2 at 2 and waits for
  // P0's CPU until 5; by P1 it waits for P1's CPU and is at P1 at 5, and at P0 at 5 too: a tie,
  // which P1's way wins, whether P1's arrival was known first (its bound 5, ranked after P2's
  // 2 and equal to the best end) or not (both bounds 2, P1's ranked first).
  // (The oracle does not judge zero-length operations: the schedule is checked here by hand.)
  for (const bool ask : {false, true}) {
    const Placed p = place_two_ways({5, 5, 0, ask});
    EXPECT_EQ(way_taken(p.schedule), std::make_pair(1, 5.0)) << (ask ? "P1 asked first" : "P0 alone");
    EXPECT_EQ(p.schedule.tasks[3].start, 5);
  }
  // P1 busy until 7: by P1 the message is at P0 at 7, by P2 at 5.
  for (const bool ask : {false, true}) {
    const Placed p = place_two_ways({7, 5, 0, ask});
    EXPECT_EQ(way_taken(p.schedule), std::make_pair(2, 5.0)) << (ask ? "P1 asked first" : "P0 alone");
  }
}

TEST(EarliestRoute, AnEvaluationCutShortLeavesNoWayChosenTooLate) {
  // The 2-cube with co-processors and every port: only the links bind. x0 on P2 sends 20 to y0
  // on P0 (P2 -> P0 held over [1, 21]), x1 on P3 sends 8 to y1 on P1 (P3 -> P1 over [1, 9]);
  // then a on P3 ([1, 3]) sends 1 to b. By P1 it is at P1 at 10 and at P0 at 11; by P2 at P2 at
  // 4 and at P0 only at 22, behind x0's message.
  TaskGraph g("cut");
  for (const char* name : {"x0", "y0", "x1", "y1", "a", "b"}) g.add_task(name, 1);
  g.add_edge(0, 1, 20);
  g.add_edge(2, 3, 8);
  g.add_edge(4, 5, 1);
  g.finalize();
  g.set_costs(CostTable(6, 4, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1}));
  const Topology t = hypercube(2);
  const ProblemBox box(std::move(g),
                       uniform_machine(t.size(), t.links(), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0));
  DagProblem p = box.problem();
  p.options = {CommModel::contention, RouteChoice::earliest};
  ScheduleBuilder b(p, "hand");
  const int on[] = {2, 0, 3, 1, 3};
  for (int task = 0; task < 5; ++task) b.place(task, on[task], 0);
  // P1's arrival (10) is found first, so P0's way from P1 is ranked by it (bound 11), after the
  // way from P2 (bound 5). With a cutoff that only arrivals by 7 beat, the way from P2 is fitted
  // (22: it loses) and the one from P1 is not (its bound loses): the evaluation stops, and must
  // not leave P0 reached from P2, which a later evaluation without a cutoff would take as found.
  EXPECT_EQ(b.data_ready(5, 1), 10);
  EXPECT_TRUE(std::isinf(b.earliest_start_within(5, 0, 8, 1, false)));
  EXPECT_EQ(b.data_ready(5, 0), 11);
  b.place(5, 0, 0);
  const Schedule s = b.take();
  const ScheduledMessage& m = s.messages.back();
  EXPECT_EQ(s.hops[static_cast<std::size_t>(m.first_hop)].to, 1);
  EXPECT_EQ(m.arrive, 11);
  const auto verdict = testing::judge_contention_plan(box.graph, box.machine, s, testing::OracleRoute::earliest);
  EXPECT_TRUE(verdict.ok()) << verdict.first();
}

}  // namespace
}  // namespace mpnsim
