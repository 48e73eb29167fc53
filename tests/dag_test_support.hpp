// Helpers shared by the DAG tests: machines on topologies, hand-made graphs, a problem bundle.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "sim/machine_spec.hpp"
#include "topologies/topology.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::testing {

// Every processor w, a co-processor and as many ports as links (the DAG model's machine).
inline MachineSpec dag_machine(const Topology& t, double z = 1, double S = 0, double w = 1) {
  return uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{w, true, kAllPorts, kAllPorts}, z, S);
}

// Owns what a DagProblem refers to.
struct ProblemBox {
  TaskGraph graph;
  MachineSpec machine;
  std::unique_ptr<CommCost> comm;
  ProblemBox(TaskGraph g, MachineSpec m)
      : graph(std::move(g)), machine(std::move(m)), comm(std::make_unique<CommCost>(machine)) {}
  DagProblem problem() const { return DagProblem{graph, machine, *comm}; }
};

// T0 -> T1 -> ... with the given works, `data` on every edge.
inline TaskGraph chain_graph(const std::vector<double>& works, double data) {
  TaskGraph g("chain");
  for (std::size_t i = 0; i < works.size(); ++i) g.add_task(fmt::format("c{}", i), works[i]);
  for (int i = 0; i + 1 < g.size(); ++i) g.add_edge(i, i + 1, data);
  g.finalize();
  return g;
}

// fork (1) -> k branches of `branch` work -> join (1).
inline TaskGraph fork_join_graph(int k, double branch, double data) {
  TaskGraph g("fork-join");
  g.add_task("fork", 1);
  for (int i = 0; i < k; ++i) g.add_task(fmt::format("b{}", i), branch);
  const int join = g.add_task("join", 1);
  for (int i = 1; i <= k; ++i) {
    g.add_edge(0, i, data);
    g.add_edge(i, join, data);
  }
  g.finalize();
  return g;
}

// a (2) -> b (3), a -> c (1), b -> d (2), c -> d.
inline TaskGraph diamond_graph(double data) {
  TaskGraph g("diamond");
  g.add_task("a", 2);
  g.add_task("b", 3);
  g.add_task("c", 1);
  g.add_task("d", 2);
  g.add_edge(0, 1, data);
  g.add_edge(0, 2, data);
  g.add_edge(1, 3, data);
  g.add_edge(2, 3, data);
  g.finalize();
  return g;
}

// Places every task of p's graph in topological order by ScheduleBuilder::best_processor, by
// finish and by start, with and without insertion in turn, and checks each choice against
// evaluating every processor: its cheap bound must never skip the best one.
inline void expect_best_processor_is_the_best_of_all(const DagProblem& p, std::uint64_t seed) {
  ScheduleBuilder b(p, "check");
  int n = 0;
  for (int t : topological_order(p.graph)) {
    const bool by_finish = n % 2 == 0, insertion = n % 3 != 0;
    ++n;
    int best = -1;
    double best_key = 0, best_start = 0;
    for (int q = 0; q < p.processors(); ++q) {
      const double s = insertion ? b.insertion_start(t, q) : b.earliest_start(t, q);
      const double key = by_finish ? s + p.exec_time(t, q) : s;
      if (best < 0 || key < best_key) {
        best = q;
        best_key = key;
        best_start = s;
      }
    }
    // Both ways of bounding the candidates (with contention, tight_bound refines them by their
    // receive ports first) must choose as evaluating every processor; either bound is a lower
    // bound on the key, the refined one no lower than the cheap one.
    const ScheduleBuilder::Choice c = b.best_processor(t, by_finish, insertion);
    ASSERT_EQ(c.processor, best) << "task " << t << ", seed " << seed;
    ASSERT_EQ(c.start, best_start);
    const ScheduleBuilder::Choice tight = b.best_processor(t, by_finish, insertion, true);
    ASSERT_EQ(tight.processor, best) << "task " << t << ", seed " << seed << ", tight bound";
    ASSERT_EQ(tight.start, best_start);
    EXPECT_LE(c.bound, best_key);
    EXPECT_LE(tight.bound, best_key);
    EXPECT_LE(c.bound, tight.bound);
    b.place(t, c.processor, c.start);
  }
}

// The parameters a test gives a registered scheduler when it runs every one: the exact search
// (`optimal`) gets a budget of 2000 states, so that its run takes milliseconds; its schedule is
// then the best heuristic's or a shorter one, checked and replayed like any other.
inline ParamSet test_params(const DagSchedulerEntry& e, const std::vector<std::pair<std::string, std::string>>& given = {}) {
  if (e.name != "optimal") return resolve_params(e.params, given);
  std::vector<std::pair<std::string, std::string>> budgeted(given);
  budgeted.emplace_back("max_states", "2000");
  return resolve_params(e.params, budgeted);
}

}  // namespace mpnsim::testing
