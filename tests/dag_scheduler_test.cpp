// Tests of the DAG schedulers: known optima of hand-made DAGs, the list-scheduling bound, validity everywhere.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/registry.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

const std::vector<std::string> kAll{"lps",  "hlf", "dls",    "dls-pairs", "heft", "cpop",
                                    "peft", "etf", "minmin", "maxmin",    "bsa"};

// Runs the named scheduler with its default parameters and checks the schedule with its rules.
Schedule run(const std::string& name, const DagProblem& problem) {
  const DagSchedulerEntry* e = find_dag_scheduler(name);
  EXPECT_NE(e, nullptr) << name;
  const ParamSet params = resolve_params(e->params, {});
  Schedule s = e->schedule(problem, params);
  const ValidityRules rules = e->rules ? e->rules(params) : ValidityRules{};
  const ValidityReport r = check_schedule(problem, s, rules);
  std::string text;
  for (const auto& v : r.violations) text += fmt::format("{}: {}\n", to_string(v.kind), v.text);
  EXPECT_TRUE(r.valid()) << name << " on " << problem.graph.name() << ":\n" << text;
  return s;
}

// The built-in schedulers are there; a user's own variant (docs/extending.md) may be there too, and
// `mpnsim list` shows whatever is registered, no more and no less.
void expect_built_ins_registered_and_listed() {
  for (const auto& name : kAll) EXPECT_NE(find_dag_scheduler(name), nullptr) << name;
  std::vector<std::string> listed;
  for (const auto& e : scheduler_registry())
    if (e.kind == "dag") listed.push_back(e.name);
  std::vector<std::string> registered;
  for (const auto& e : dag_schedulers()) registered.push_back(e.name);
  EXPECT_EQ(listed, registered);
  EXPECT_GE(registered.size(), kAll.size());
}

TEST(DagSchedulers, AreRegisteredAndListed) { expect_built_ins_registered_and_listed(); }

TEST(DagSchedulers, AreRegisteredAndListedBesideAUsersVariant) {
  // What docs/extending.md has a user do: one more scheduler in the registry.
  if (find_dag_scheduler("listing-test-variant") == nullptr) {
    DagSchedulerEntry extra = *find_dag_scheduler("heft");
    extra.name = "listing-test-variant";
    register_dag_scheduler(extra);
  }
  expect_built_ins_registered_and_listed();
}

struct Known {
  const char* graph;
  int processors;
  double optimum;
};

// Zero communication on a complete network: the optimum is the work bound or the critical
// path, whichever is larger, and every scheduler finds it on these small graphs.
TEST(DagSchedulers, FindTheKnownOptimaOfChainForkJoinAndDiamond) {
  const std::vector<Known> cases{
      {"chain", 1, 9}, {"chain", 2, 9}, {"chain", 3, 9},
      {"fork-join", 1, 8}, {"fork-join", 2, 6}, {"fork-join", 3, 4},
      {"diamond", 1, 8}, {"diamond", 2, 7}, {"diamond", 3, 7},
  };
  for (const auto& c : cases) {
    TaskGraph g = std::string(c.graph) == "chain"       ? testing::chain_graph({2, 3, 4}, 5)
                  : std::string(c.graph) == "fork-join" ? testing::fork_join_graph(3, 2, 5)
                                                        : testing::diamond_graph(5);
    const ProblemBox b(std::move(g), testing::dag_machine(complete_graph(c.processors), 0, 0));
    for (const auto& name : kAll)
      EXPECT_DOUBLE_EQ(run(name, b.problem()).makespan(), c.optimum)
          << name << " on " << c.graph << " with " << c.processors << " processors";
  }
}

// With costly messages the best schedule keeps the work on one processor; the schedulers that
// weigh the data-ready time (eq 6.2) see it, HLF does not (thesis §6.2.2).
TEST(DagSchedulers, KeepWorkTogetherWhenMessagesCostMoreThanTheyGain) {
  for (int m : {2, 3}) {
    const ProblemBox chain_box(testing::chain_graph({2, 3, 4}, 5), testing::dag_machine(complete_graph(m), 1, 0));
    for (const auto& name : kAll) EXPECT_DOUBLE_EQ(run(name, chain_box.problem()).makespan(), 9) << name;
    const ProblemBox diamond(testing::diamond_graph(10), testing::dag_machine(complete_graph(m), 1, 0));
    for (const auto& name : {"lps", "dls", "dls-pairs", "heft"})
      EXPECT_DOUBLE_EQ(run(name, diamond.problem()).makespan(), 8) << name;
    EXPECT_GT(run("hlf", diamond.problem()).makespan(), 8);
  }
}

// Fork of 1 unit into three branches of 4 with 1 unit of data each, on the chain P0-P1-P2-P3:
// LPS may only use a predecessor's processor and its neighbours (P0, P1), DLS any processor.
TEST(DagLps, KeepsToTheMinimumDistanceProcessors) {
  TaskGraph g("fan");
  g.add_task("f", 1);
  for (int i = 0; i < 3; ++i) g.add_edge(0, g.add_task(fmt::format("b{}", i), 4), 1);
  g.finalize();
  const ProblemBox b(std::move(g), testing::dag_machine(chain(4), 1, 0));
  const Schedule lps = run("lps", b.problem());
  // f on P0 [0,1]; b0 on P0 [1,5]; b1 on P1 from 1 + 1 = 2; b2 back on P0 [5,9].
  EXPECT_EQ(lps.tasks[1].processor, 0);
  EXPECT_EQ(lps.tasks[2].processor, 1);
  EXPECT_DOUBLE_EQ(lps.tasks[2].start, 2);
  EXPECT_EQ(lps.tasks[3].processor, 0);
  EXPECT_DOUBLE_EQ(lps.makespan(), 9);
  // DLS puts b2 on P2, two hops away: data at 1 + 2 = 3, done at 7.
  const Schedule dls = run("dls", b.problem());
  EXPECT_EQ(dls.tasks[3].processor, 2);
  EXPECT_DOUBLE_EQ(dls.makespan(), 7);
  // A wider minimum-distance set lets LPS do the same.
  EXPECT_DOUBLE_EQ(schedule_lps(b.problem(), 2).makespan(), 7);
}

TEST(DagLps, PutsEntryTasksNextToP0) {
  RandomDagParams p;
  p.tasks = 60;
  p.max_in = 1;  // many entry tasks
  p.max_out = 1;
  p.seed = 4;
  const Topology let = linearly_extensible_tree(3);
  const ProblemBox b(generate_random_dag(p), testing::dag_machine(let, 0.1, 0));
  const Schedule s = run("lps", b.problem());
  int entries = 0;
  for (int t = 0; t < b.graph.size(); ++t) {
    if (!b.graph.in_edges(t).empty()) continue;
    ++entries;
    EXPECT_LE(b.comm->hops(0, s.tasks[static_cast<std::size_t>(t)].processor), 1);
  }
  EXPECT_GT(entries, 5);
}

// Graham's bound for greedy list schedules: with no communication, HLF never leaves a
// processor idle while a task is ready, so makespan <= W/m + (1 - 1/m) * CP.
TEST(DagHlf, ObeysTheListSchedulingBound) {
  for (int m : {2, 3, 5, 8}) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      RandomDagParams p;
      p.tasks = 80;
      p.max_in = 1 + static_cast<int>(seed % 4);
      p.max_out = 1 + static_cast<int>((seed / 4) % 4);
      p.seed = seed;
      const ProblemBox b(generate_random_dag(p), testing::dag_machine(complete_graph(m), 0, 0));
      const Schedule s = run("hlf", b.problem());
      const DagMetrics mt = schedule_metrics(b.problem(), s);
      const double bound = b.graph.total_work() / m + (1.0 - 1.0 / m) * mt.critical_path;
      EXPECT_LE(s.makespan(), bound * (1 + kTimeRelTol)) << "m=" << m << " seed=" << seed;
      EXPECT_GE(s.makespan(), std::max(b.graph.total_work() / m, mt.critical_path) * (1 - kTimeRelTol));
    }
  }
}

// Every scheduler gives valid schedules on random graphs over the thesis's networks, with
// startup latency, slow links and processors of different speeds.
TEST(DagSchedulers, GiveValidSchedulesOnEveryNetwork) {
  const std::vector<Topology> nets{linearly_extensible_tree(2), de_bruijn(3, 2, false), de_bruijn(3, 2, true),
                                   hypercube(3), chain(4), star(5)};
  for (const auto& net : nets) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      RandomDagParams p;
      p.tasks = 40;
      p.max_in = 3;
      p.max_out = 3;
      p.seed = seed;
      MachineSpec m = testing::dag_machine(net, 0.5 * static_cast<double>(seed), 0.25);
      for (int i = 0; i < m.size(); ++i) m.processors[static_cast<std::size_t>(i)].w = 1 + 0.5 * (i % 3);
      const ProblemBox b(generate_random_dag(p), m);
      for (const auto& name : kAll) {
        const Schedule s = run(name, b.problem());
        const DagMetrics mt = schedule_metrics(b.problem(), s);
        EXPECT_GT(mt.speedup, 0) << name;
        EXPECT_LE(mt.efficiency, 1 + 1e-12) << name;
      }
    }
  }
}

TEST(DagMetrics, SpeedupEfficiencyAndLif) {
  const ProblemBox b(testing::fork_join_graph(3, 2, 0), testing::dag_machine(complete_graph(3), 0, 0));
  const Schedule s = run("lps", b.problem());
  const DagMetrics m = schedule_metrics(b.problem(), s);
  EXPECT_DOUBLE_EQ(m.t1, 8);
  EXPECT_DOUBLE_EQ(m.makespan, 4);
  EXPECT_DOUBLE_EQ(m.speedup, 2);
  EXPECT_DOUBLE_EQ(m.efficiency, 2.0 / 3);
  // Busy 4, 2, 2 against an ideal of 8/3: LIF = (4 - 8/3) / (8/3) = 50 %.
  EXPECT_NEAR(m.lif, 50, 1e-9);
  EXPECT_DOUBLE_EQ(m.critical_path, 4);
}

}  // namespace
}  // namespace mpnsim
