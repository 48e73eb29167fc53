// Issue #12 (F8 and two fuzzed STG files): every scheduler's schedule of graphs with far-apart works is valid.
#include <gtest/gtest.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

std::string violations(const ValidityReport& r) {
  std::string out;
  for (const auto& v : r.violations) out += std::string(to_string(v.kind)) + ": " + v.text + "\n";
  return out;
}

// Built here, not read: the readers now refuse these graphs up front (dag_input_limits.hpp), but
// the schedulers and the checker must agree on them all the same. The root cause was the
// checker: it compared finish - start with the task's duration at the duration's scale, while a
// task of work 1 starting at 1e17 ends at 1e17 + 1 rounded to the times' scale (the same 1e17).
// HEFT's and LPS's schedules were right to the shared tolerance, which is relative to the times.
void expect_every_scheduler_valid(const TaskGraph& g, const Topology& t) {
  const ProblemBox box(g, testing::dag_machine(t));
  for (const DagSchedulerEntry& e : dag_schedulers()) {
    const ParamSet params = testing::test_params(e, {});
    const Schedule s = e.schedule(box.problem(), params);
    const ValidityRules rules = e.rules ? e.rules(params) : ValidityRules{};
    const ValidityReport r = check_schedule(box.problem(), s, rules);
    EXPECT_TRUE(r.valid()) << e.name << " on " << t.name() << ":\n" << violations(r);
  }
}

// F8_float_absorption.dot: a (1e17) -> b (1), no data, on two processors.
TEST(DagTimeScale, AbsorbedWorkIsValidForEveryScheduler) {
  TaskGraph g("f8");
  g.add_task("a", 1e17);
  g.add_task("b", 1);
  g.add_edge(0, 1, 0);
  g.finalize();
  expect_every_scheduler_valid(g, chain(2));
  expect_every_scheduler_valid(g, linearly_extensible_tree(2));
}

// exit1_9665ed32b3.stg: an entry dummy of time 1e23 before tasks of 3, 2 and 0, with data.
// exit1_bd0a49645f.stg: a task of work 1e308 (finite, as every sum here stays).
TEST(DagTimeScale, FuzzedStgGraphsAreValidForEveryScheduler) {
  TaskGraph dummy("9665");
  dummy.add_task("T0", 1e23);
  dummy.add_task("T1", 3);
  dummy.add_task("T2", 2);
  dummy.add_task("T3", 0);
  dummy.add_edge(0, 1, 5);
  dummy.add_edge(1, 2, 7);
  dummy.add_edge(1, 3, 0);
  dummy.add_edge(2, 3, 0);
  dummy.finalize();
  expect_every_scheduler_valid(dummy, linearly_extensible_tree(2));
  TaskGraph huge("bd0a");
  for (double w : {0.0, 3.0, 2.0, 1e308, 1.0, 0.0}) huge.add_task(fmt::format("T{}", huge.size()), w);
  huge.add_edge(0, 1, 0);
  huge.add_edge(1, 2, 0);
  huge.add_edge(1, 3, 0);
  huge.add_edge(2, 4, 0);
  huge.add_edge(3, 4, 0);
  huge.add_edge(4, 5, 0);
  huge.finalize();
  expect_every_scheduler_valid(huge, linearly_extensible_tree(2));
}

// The checker still catches a wrong duration where the times can resolve it.
TEST(DagTimeScale, WrongDurationsAreStillCaught) {
  TaskGraph g("f8");
  g.add_task("a", 1e17);
  g.add_task("b", 1e9);
  g.add_edge(0, 1, 0);
  g.finalize();
  const ProblemBox box(g, testing::dag_machine(chain(2)));
  Schedule s;
  s.scheduler = "hand";
  s.processors = 2;
  s.tasks = {{0, 0, 1e17}, {0, 1e17, 1e17}};  // b takes 1e9, 1e-8 of the time: visible
  EXPECT_TRUE(check_schedule(box.problem(), s).has(ViolationKind::duration));
  s.tasks[1].finish = 1e17 + 1e9;
  EXPECT_TRUE(check_schedule(box.problem(), s).valid());
}

}  // namespace
}  // namespace mpnsim
