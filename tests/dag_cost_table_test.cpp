// Tests of the heterogeneous model: cost-table CSV reading, execution times, t1, and exact replay.
#include <gtest/gtest.h>

#include <algorithm>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/cost_table_format.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(CostTableCsv, ReadsRowsInAnyOrderWithCommentsQuotesAndSpaces) {
  const TaskGraph g = testing::diamond_graph(1);  // a, b, c, d
  const CostTable t = read_cost_table("# a comment\n"
                                      "task, P0 ,P1\r\n"
                                      "\n"
                                      "d,4,0.5\n"
                                      "  \"b\" , 2.25, 3\n"
                                      "a,1,2\n"
                                      "c,0,1e1\n",
                                      "t.csv", g);
  ASSERT_EQ(t.tasks(), 4);
  ASSERT_EQ(t.processors(), 2);
  EXPECT_EQ(t.at(0, 0), 1);
  EXPECT_EQ(t.at(0, 1), 2);
  EXPECT_EQ(t.at(1, 0), 2.25);
  EXPECT_EQ(t.at(2, 1), 10);
  EXPECT_EQ(t.at(3, 1), 0.5);
  EXPECT_EQ(t.mean(1), 2.625);
  // Columns: P0 = 1 + 2.25 + 0 + 4 = 7.25, P1 = 2 + 3 + 10 + 0.5 = 15.5.
  EXPECT_EQ(t.best_single_processor_time(), 7.25);
}

TEST(CostTableCsv, NamesTheFileLineAndProblem) {
  const TaskGraph g = testing::diamond_graph(1);
  auto read = [&](const std::string& text) { return error_of([&] { read_cost_table(text, "c.csv", g); }); };
  EXPECT_EQ(read(""), "c.csv: empty file: expected the header task,P0,P1,...");
  EXPECT_TRUE(contains(read("name,P0\n"), "c.csv:1: expected the header task,P0,P1,...")) << read("name,P0\n");
  EXPECT_TRUE(contains(read("task\n"), "c.csv:1: the header has no processor column")) << read("task\n");
  EXPECT_TRUE(contains(read("task,P0,P2\n"), "c.csv:1: column 3 of the header is 'P2', expected 'P1'"));
  // Wrong number of processor columns in a row.
  std::string e = read("task,P0,P1\na,1,2\nb,1\n");
  EXPECT_TRUE(contains(e, "c.csv:3: 2 fields, expected 3")) << e;
  e = read("task,P0,P1\na,1,2,3\n");
  EXPECT_TRUE(contains(e, "c.csv:2: 4 fields, expected 3")) << e;
  // Negative and non-numeric values.
  e = read("task,P0,P1\na,1,-2\n");
  EXPECT_TRUE(contains(e, "c.csv:2: P1 of task 'a': expected a number >= 0, got '-2'")) << e;
  e = read("task,P0,P1\n# fine\na,x1,2\n");
  EXPECT_TRUE(contains(e, "c.csv:3: P0 of task 'a': expected a number >= 0, got 'x1'")) << e;
  e = read("task,P0,P1\na,1,\n");
  EXPECT_TRUE(contains(e, "c.csv:2: P1 of task 'a': expected a number >= 0, got ''")) << e;
  e = read("task,P0,P1\na,nan,1\n");
  EXPECT_TRUE(contains(e, "got 'nan'")) << e;
  e = read("task,P0,P1\na,2 3,1\n");
  EXPECT_TRUE(contains(e, "got '2 3'")) << e;
  // Unknown, repeated and missing tasks.
  e = read("task,P0,P1\nzz,1,2\n");
  EXPECT_TRUE(contains(e, "c.csv:2: the graph has no task 'zz'")) << e;
  e = read("task,P0,P1\na,1,2\nb,1,1\na,3,3\n");
  EXPECT_TRUE(contains(e, "c.csv:4: task 'a' already has a row, on line 2")) << e;
  e = read("task,P0,P1\na,1,2\nc,1,1\n\n");
  EXPECT_TRUE(contains(e, "c.csv:3: the table ends without a row for task 'b' (and 1 other tasks)")) << e;
  e = read("task,P0,P1\na,1,2\n\"b,1,1\n");
  EXPECT_TRUE(contains(e, "c.csv:3: a quoted field is never closed")) << e;
  EXPECT_EQ(error_of([&] { read_cost_table_file("/no/such/costs.csv", g); }), "/no/such/costs.csv: cannot open the file");
}

TEST(CostTable, RejectsBadShapesAndAGraphOfAnotherSize) {
  EXPECT_THROW(CostTable(2, 2, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(CostTable(1, 0, {}), std::invalid_argument);
  EXPECT_THROW(CostTable(1, 2, {1, -1}), std::invalid_argument);
  TaskGraph g = testing::chain_graph({1, 2}, 0);
  EXPECT_THROW(g.set_costs(CostTable(3, 1, {1, 2, 3})), std::invalid_argument);
  g.set_costs(CostTable(2, 1, {1, 2}));
  EXPECT_THROW(g.add_task("late", 1), std::logic_error);
}

// Without a table a task takes work * w_p * Tcp; with one, W[t][p] whatever w and Tcp are.
TEST(CostTable, GivesTheExecutionTimesMeansAndT1) {
  MachineSpec m = testing::dag_machine(complete_graph(2), 1, 0);
  m.processors[0].w = 2;
  m.processors[1].w = 0.5;
  m.Tcp = 3;
  TaskGraph g = testing::chain_graph({2, 4}, 1);
  {
    const ProblemBox box(g, m);
    const DagProblem p = box.problem();
    EXPECT_DOUBLE_EQ(p.exec_time(0, 0), 12);
    EXPECT_DOUBLE_EQ(p.exec_time(1, 1), 6);
    EXPECT_DOUBLE_EQ(p.mean_exec_time(1), 4 * 1.25 * 3);
    EXPECT_DOUBLE_EQ(p.best_single_processor_time(), 6 * 0.5 * 3);
  }
  g.set_costs(CostTable(2, 2, {5, 1, 2, 7}));
  const ProblemBox box(std::move(g), m);
  const DagProblem p = box.problem();
  EXPECT_EQ(p.exec_time(0, 0), 5);
  EXPECT_EQ(p.exec_time(0, 1), 1);
  EXPECT_EQ(p.exec_time(1, 1), 7);
  EXPECT_EQ(p.mean_exec_time(0), 3);
  EXPECT_EQ(mean_exec_times(p), (std::vector<double>{3, 4.5}));
  // t1: P0 runs both in 5 + 2 = 7, P1 in 1 + 7 = 8.
  EXPECT_EQ(p.best_single_processor_time(), 7);
  // Static levels count the means: SL(c1) = 4.5, SL(c0) = 3 + 4.5.
  EXPECT_EQ(static_levels(p, topological_order(box.graph)), (std::vector<double>{7.5, 4.5}));
}

TEST(CostTable, MustHaveOneColumnPerProcessor) {
  TaskGraph g = testing::chain_graph({1, 1}, 0);
  g.set_costs(CostTable(2, 2, {1, 1, 1, 1}));
  const ProblemBox box(std::move(g), testing::dag_machine(complete_graph(3), 1, 0));
  const std::string e = error_of([&] { schedule_heft(box.problem()); });
  EXPECT_EQ(e, "the cost table has 2 processor columns (P0..P1) but the network has 3 processors: give one column per "
               "processor");
  EXPECT_THROW(check_schedule(box.problem(), Schedule{}), std::invalid_argument);
  EXPECT_THROW(replay(box.graph, Schedule{}, box.machine), std::invalid_argument);
}

// The replay computes task t on p for exactly W[t][p], even with w and Tcp for which
// work * w * Tcp could not give it (and w = 0, which would make any work take no time).
TEST(CostTable, ReplayRunsEachTaskForItsTableTime) {
  MachineSpec m = testing::dag_machine(complete_graph(3), 1, 0);
  m.processors[0].w = 0.3;
  m.processors[1].w = 0;
  m.processors[2].w = 7;
  m.Tcp = 0.1;
  TaskGraph g = testing::fork_join_graph(3, 1, 2);  // fork, b0, b1, b2, join
  g.set_costs(CostTable(5, 3, {0.1, 0.2, 0.3,  1.7, 2.9, 3.1,  2.3, 0.7, 1.3,  3.3, 1.1, 0.9,  0.4, 0.6, 0.8}));
  const ProblemBox box(std::move(g), m);
  int replayed_as_planned = 0;
  for (const auto& e : dag_schedulers()) {
    const ParamSet params = testing::test_params(e, {});
    const Schedule s = e.schedule(box.problem(), params);
    ASSERT_TRUE(check_schedule(box.problem(), s, e.rules ? e.rules(params) : ValidityRules{}).valid()) << e.name;
    const DagReplay r = replay(box.graph, s, box.machine);
    // The engine's computations, as (processor, amount), against the table's times.
    std::vector<std::pair<int, double>> played, expected;
    for (const auto& c : r.timeline.computes()) {
      played.emplace_back(c.processor, c.amount);
      EXPECT_TRUE(times_equal(c.end - c.start, c.amount)) << e.name;
    }
    for (int t = 0; t < box.graph.size(); ++t) {
      const int p = s.tasks[static_cast<std::size_t>(t)].processor;
      expected.emplace_back(p, box.graph.costs()->at(t, p));
    }
    std::sort(played.begin(), played.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(played, expected) << e.name;
    for (int t = 0; t < box.graph.size(); ++t) {
      const TaskPlacement& p = s.tasks[static_cast<std::size_t>(t)];
      EXPECT_TRUE(times_equal(p.finish - p.start, box.graph.costs()->at(t, p.processor))) << e.name << " task " << t;
    }
    // The replay keeps the plan's times where no two messages want one link at once (the
    // optimum sends two of the join's inputs over one link: its replay is later).
    if (estimated_link_conflicts(box.problem(), s) > 0) {
      EXPECT_GE(r.makespan, s.makespan() * (1 - kTimeRelTol)) << e.name;
      continue;
    }
    ++replayed_as_planned;
    for (int t = 0; t < box.graph.size(); ++t)
      EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish))
          << e.name << " task " << t;
    EXPECT_TRUE(times_equal(r.makespan, s.makespan())) << e.name;
  }
  EXPECT_GE(replayed_as_planned, 11);  // the heuristics' plans have no conflicts here
}

}  // namespace
}  // namespace mpnsim
