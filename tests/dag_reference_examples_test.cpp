// The literature's reference examples: Topcuoglu et al. 2002 Fig. 2 (HEFT 80, CPOP 86) and the PEFT paper's graph.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "dag_test_support.hpp"
#include "test_paths.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/cost_table_format.hpp"
#include "workloads/dag/dot_format.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// A graph of tests/data with its cost table, on a complete network of 3 processors with
// z = 1, Tcm = 1 and S = 0: an edge's delay between two processors is its size, as in
// the papers (one hop, S + size * z * Tcm).
ProblemBox paper_example(const std::string& name) {
  const std::string base = std::string(MPNSIM_SOURCE_DIR) + "/tests/data/" + name;
  TaskGraph g = read_dot_file(base + ".dot");
  g.set_costs(read_cost_table_file(base + "_costs.csv", g));
  return ProblemBox(std::move(g), testing::dag_machine(complete_graph(3), 1, 0));
}

int task(const TaskGraph& g, const std::string& name) {
  for (int t = 0; t < g.size(); ++t)
    if (g.task(t).name == name) return t;
  ADD_FAILURE() << "no task " << name;
  return 0;
}

// The processor of each task n1..n10, numbered from 0 (the paper's P1 is P0 here).
std::vector<int> processors_of(const TaskGraph& g, const Schedule& s) {
  std::vector<int> out;
  for (int i = 1; i <= 10; ++i) out.push_back(s.tasks[static_cast<std::size_t>(task(g, fmt::format("n{}", i)))].processor);
  return out;
}

TEST(Topcuoglu2002, UpwardRanksAreThePapers) {
  const ProblemBox b = paper_example("topcuoglu2002_fig2");
  const std::vector<double> rank = upward_ranks(b.problem(), topological_order(b.graph));
  // Topcuoglu et al. 2002, Table 1 (rank_u), to the three decimals printed there.
  const std::vector<double> paper{108.000, 77.000, 80.000, 80.000, 69.000, 63.333, 42.667, 35.667, 44.333, 14.667};
  for (int i = 1; i <= 10; ++i)
    EXPECT_NEAR(rank[static_cast<std::size_t>(task(b.graph, fmt::format("n{}", i)))], paper[static_cast<std::size_t>(i - 1)],
                5e-4) << "n" << i;
}

// Fig. 4(a): HEFT, makespan 80. P1: n2, n8; P2: n4, n6, n9, n10; P3: n1, n3, n5, n7.
TEST(Topcuoglu2002, HeftGives80WithThePapersPlacement) {
  const ProblemBox b = paper_example("topcuoglu2002_fig2");
  const Schedule s = schedule_heft(b.problem());
  EXPECT_DOUBLE_EQ(s.makespan(), 80);
  EXPECT_EQ(processors_of(b.graph, s), (std::vector<int>{2, 0, 2, 1, 2, 1, 2, 0, 1, 1}));
  // A few start times worked by hand from the paper's rules: n4 on P2 at 9 + 9 = 18, n9 on
  // P2 when n2's data arrives, 40 + 16 = 56, n10 when n8's arrives, 62 + 11 = 73.
  EXPECT_DOUBLE_EQ(s.tasks[static_cast<std::size_t>(task(b.graph, "n4"))].start, 18);
  EXPECT_DOUBLE_EQ(s.tasks[static_cast<std::size_t>(task(b.graph, "n9"))].start, 56);
  EXPECT_DOUBLE_EQ(s.tasks[static_cast<std::size_t>(task(b.graph, "n10"))].start, 73);
}

// Fig. 4(b): CPOP, makespan 86. The critical path n1, n2, n9, n10 costs 66, 54, 63 on the
// three processors, so it goes on the paper's P2; P1: n3, n7; P3: n4, n6, n8.
TEST(Topcuoglu2002, CpopGives86WithThePapersPlacement) {
  const ProblemBox b = paper_example("topcuoglu2002_fig2");
  const Schedule s = schedule_cpop(b.problem());
  EXPECT_DOUBLE_EQ(s.makespan(), 86);
  EXPECT_EQ(processors_of(b.graph, s), (std::vector<int>{1, 1, 0, 2, 1, 2, 0, 2, 1, 1}));
}

TEST(Topcuoglu2002, EveryScheduleIsValidAndReplaysToItsLengthWithoutContention) {
  const ProblemBox b = paper_example("topcuoglu2002_fig2");
  int contention_free = 0;
  for (const auto& e : dag_schedulers()) {
    const ParamSet params = testing::test_params(e, {});
    const Schedule s = e.schedule(b.problem(), params);
    const ValidityReport v = check_schedule(b.problem(), s, e.rules ? e.rules(params) : ValidityRules{});
    std::string text;
    for (const auto& x : v.violations) text += fmt::format("{}: {}\n", to_string(x.kind), x.text);
    EXPECT_TRUE(v.valid()) << e.name << ":\n" << text;
    // The paper lets any number of messages cross between two processors at once; the
    // engine's link carries one message per direction at a time (SPEC §2). So the replay
    // reproduces the schedule task by task when no two of its messages share a link
    // direction in time, and is only ever later when some do (HEFT's n1 sends to n4 and
    // n6, both on the paper's P2, at time 9: the second waits).
    const DagReplay r = replay(b.graph, s, b.machine);
    if (estimated_link_conflicts(b.problem(), s) == 0) {
      ++contention_free;
      EXPECT_TRUE(times_equal(r.makespan, s.makespan())) << e.name << ": " << r.makespan << " vs " << s.makespan();
      for (int t = 0; t < b.graph.size(); ++t)
        EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish))
            << e.name << " task " << b.graph.task(t).name;
    } else {
      EXPECT_GE(r.makespan, s.makespan() * (1 - kTimeRelTol)) << e.name;
      for (int t = 0; t < b.graph.size(); ++t)
        EXPECT_GE(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish * (1 - kTimeRelTol))
            << e.name << " task " << b.graph.task(t).name;
    }
    // No schedule beats a path with each task on its fastest processor and no messages:
    // n1 -> n2 -> n9 -> n10 takes at least 9 + 13 + 12 + 7 = 41.
    EXPECT_GE(s.makespan(), 41) << e.name;
  }
  EXPECT_GT(contention_free, 0);  // LPS's schedule has no two messages on one link at once
}

// HEFT's schedule of Fig. 4(a) without its one contention: n6 needs n1's data on the
// paper's P2 by 26 and n4 by 18; both leave P3 at 9. With the two messages on one link
// the engine sends n4's first (9 to 18) and n6's after it (18 to 32), so n6 runs [32, 48]
// instead of [26, 42], worked by hand.
TEST(Topcuoglu2002, HeftReplayWaitsForTheSharedLink) {
  const ProblemBox b = paper_example("topcuoglu2002_fig2");
  const Schedule s = schedule_heft(b.problem());
  const DagReplay r = replay(b.graph, s, b.machine);
  EXPECT_DOUBLE_EQ(r.finish[static_cast<std::size_t>(task(b.graph, "n4"))], 26);
  EXPECT_DOUBLE_EQ(r.finish[static_cast<std::size_t>(task(b.graph, "n6"))], 48);
}

// Arabnejad & Barbosa 2014: the optimistic cost table of their example, and PEFT's makespan 122.
TEST(Arabnejad2014, OptimisticCostTableAndPeftMakespan) {
  const ProblemBox b = paper_example("arabnejad2014_example");
  const std::vector<double> oct = optimistic_cost_table(b.problem());
  const std::vector<std::vector<double>> expected{{64, 68, 86}, {42, 39, 42}, {27, 41, 43}, {42, 39, 50}, {28, 37, 28},
                                                  {42, 39, 44}, {13, 16, 22}, {13, 16, 33}, {13, 16, 20}, {0, 0, 0}};
  for (int i = 1; i <= 10; ++i) {
    const int t = task(b.graph, fmt::format("T{}", i));
    for (int p = 0; p < 3; ++p)
      EXPECT_EQ(oct[static_cast<std::size_t>(t) * 3 + static_cast<std::size_t>(p)],
                expected[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(p)])
          << "OCT(T" << i << ", P" << p << ")";
  }
  const Schedule s = schedule_peft(b.problem());
  EXPECT_DOUBLE_EQ(s.makespan(), 122);
  EXPECT_TRUE(check_schedule(b.problem(), s).valid());
  EXPECT_TRUE(times_equal(replay(b.graph, s, b.machine).makespan, 122));
}

}  // namespace
}  // namespace mpnsim
