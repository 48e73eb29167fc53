// Tests of the shared DAG schedule checker: a correct schedule passes, each kind of violation is caught.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// a (2) -> b (3) with 4 units, a -> c (1) with 2 units, on the chain P0 - P1 - P2, z = 1, S = 0.5.
// a and b on P0; c on P2, two hops away: its message takes 2 * (0.5 + 2) = 5.
ProblemBox box() {
  TaskGraph g("v");
  g.add_task("a", 2);
  g.add_task("b", 3);
  g.add_task("c", 1);
  g.add_edge(0, 1, 4);
  g.add_edge(0, 2, 2);
  g.finalize();
  return ProblemBox(std::move(g), testing::dag_machine(chain(3), 1, 0.5));
}

Schedule good() {
  Schedule s;
  s.scheduler = "hand";
  s.processors = 3;
  s.tasks = {{0, 0, 2}, {0, 2, 5}, {2, 7, 8}};
  s.messages = {{1, 2, 7}};
  return s;
}

ValidityReport check(const Schedule& s, const ValidityRules& rules = {}) {
  const ProblemBox b = box();
  return check_schedule(b.problem(), s, rules);
}

std::string kinds(const ValidityReport& r) {
  std::string out;
  for (const auto& v : r.violations) out += std::string(to_string(v.kind)) + ": " + v.text + "\n";
  return out;
}

TEST(DagValidity, AcceptsACorrectSchedule) {
  const auto r = check(good());
  EXPECT_TRUE(r.valid()) << kinds(r);
}

TEST(DagValidity, RejectsAnUnplacedTask) {
  Schedule s = good();
  s.tasks[1].processor = -1;
  EXPECT_TRUE(check(s).has(ViolationKind::unplaced));
  // Only that: its edge and its processor's order are not checked with a processor it lacks
  // (the checker skips what it reads of placed tasks only while one is not).
  const auto alone = check(s);
  EXPECT_EQ(alone.violations.size(), 1u) << kinds(alone);
  s = good();
  s.tasks.pop_back();
  EXPECT_TRUE(check(s).has(ViolationKind::unplaced));
}

TEST(DagValidity, RejectsAWrongDuration) {
  Schedule s = good();
  s.tasks[1].finish = 6;
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::duration)) << kinds(r);
}

TEST(DagValidity, RejectsBrokenPrecedenceOnOneProcessor) {
  Schedule s = good();
  s.tasks[1] = {0, 1.5, 4.5};  // b before a is done
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::precedence)) << kinds(r);
  EXPECT_NE(kinds(r).find("edge a -> b on P0: b starts at 1.5 before a finishes at 2"), std::string::npos) << kinds(r);
}

TEST(DagValidity, RejectsAMissingMessage) {
  Schedule s = good();
  s.messages.clear();
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::missing_message)) << kinds(r);
  // The text names the edge by its tasks (made only when there is a violation).
  EXPECT_NE(kinds(r).find("missing_message: edge a -> c crosses P0 -> P2 without a message"), std::string::npos)
      << kinds(r);
}

TEST(DagValidity, RejectsStrayMessages) {
  Schedule s = good();
  s.messages.push_back({0, 2, 2});  // edge a -> b runs on one processor
  EXPECT_TRUE(check(s).has(ViolationKind::stray_message));
  s = good();
  s.messages.push_back(s.messages[0]);  // twice
  EXPECT_TRUE(check(s).has(ViolationKind::stray_message));
  s = good();
  s.messages.push_back({7, 2, 7});  // no such edge
  EXPECT_TRUE(check(s).has(ViolationKind::stray_message));
}

TEST(DagValidity, RejectsAMessageLeavingBeforeItsProducerFinishes) {
  Schedule s = good();
  s.messages[0].depart = 1;
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::early_departure)) << kinds(r);
}

TEST(DagValidity, RejectsAMessageFasterThanItsRoute) {
  Schedule s = good();
  s.messages[0].arrive = 6;  // 2 hops of 0.5 + 2 need 5, not 4
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::fast_message)) << kinds(r);
  EXPECT_FALSE(r.has(ViolationKind::early_start)) << kinds(r);
}

TEST(DagValidity, RejectsATaskStartingBeforeItsDataArrives) {
  Schedule s = good();
  s.tasks[2] = {2, 6.5, 7.5};
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::early_start)) << kinds(r);
}

TEST(DagValidity, RejectsOverlapOnAProcessor) {
  Schedule s = good();
  s.tasks[2] = {0, 3, 4};  // c on P0 inside b's [2, 5]
  s.messages.clear();
  const auto r = check(s);
  EXPECT_TRUE(r.has(ViolationKind::overlap)) << kinds(r);
  EXPECT_EQ(r.violations.size(), 1u) << kinds(r);
  // Touching intervals and zero-length tasks at the edges are fine.
  s.tasks[2] = {0, 5, 6};
  EXPECT_TRUE(check(s).valid()) << kinds(check(s));
}

TEST(DagValidity, RejectsATaskFarFromItsPredecessorsUnderTheMinimumDistanceRule) {
  ValidityRules lps;
  lps.max_hops_from_predecessor = 1;
  const auto r = check(good(), lps);  // c is 2 hops from a's processor
  EXPECT_TRUE(r.has(ViolationKind::distance)) << kinds(r);
  Schedule s = good();
  s.tasks[2] = {1, 4.5, 5.5};  // one hop: 0.5 + 2
  s.messages[0] = {1, 2, 4.5};
  EXPECT_TRUE(check(s, lps).valid()) << kinds(check(s, lps));
  // Entry tasks count from the entry processor.
  s = good();
  s.tasks[0] = {2, 0, 2};
  s.tasks[1] = {2, 2, 5};
  s.tasks[2] = {2, 5, 6};
  s.messages.clear();
  EXPECT_TRUE(check(s, lps).has(ViolationKind::distance));
  lps.entry_processor = 1;
  EXPECT_TRUE(check(s, lps).valid());
}

// Each processor's tasks by start, then finish, then index; a NaN time (an outside scheduler's
// broken schedule, reported as unplaced) goes last without breaking the sort.
TEST(DagValidity, ProcessorOrderSortsByStartFinishAndIndexWithNaNLast) {
  Schedule s;
  s.processors = 2;
  const double nan = std::nan("");
  s.tasks = {{1, 4, 5}, {1, 2, 2}, {1, nan, 1}, {1, 2, 3}, {0, 1, 2}, {1, 2, 2}, {-1, 0, 0}, {1, 0, nan}};
  const auto order = s.processor_order();
  ASSERT_EQ(order.size(), 2u);
  EXPECT_EQ(order[0], std::vector<int>({4}));
  EXPECT_EQ(order[1], std::vector<int>({7, 1, 5, 3, 0, 2}));
}

// The same order as comparing (start, finish, index) as doubles (NaN as +infinity), on random
// placements whose times come from a few values: many ties, -0 beside +0, negatives, infinities.
TEST(DagValidity, ProcessorOrderAgreesWithComparingTheTimesAsDoubles) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> times{-inf, -2.5, -1e-300, -0.0, 0.0, 1e-300, 1, 1.5, 2, 1e300, inf, std::nan("")};
  std::mt19937 rng(7);
  auto pick = [&] { return times[std::uniform_int_distribution<std::size_t>(0, times.size() - 1)(rng)]; };
  auto orderable = [](double x) { return std::isnan(x) ? std::numeric_limits<double>::infinity() : x; };
  for (int round = 0; round < 50; ++round) {
    Schedule s;
    s.processors = 3;
    for (int t = 0; t < 200; ++t) s.tasks.push_back({std::uniform_int_distribution<int>(-1, 3)(rng), pick(), pick()});
    std::vector<std::vector<int>> expected(3);
    for (int t = 0; t < 200; ++t)
      if (s.tasks[t].processor >= 0 && s.tasks[t].processor < 3) expected[s.tasks[t].processor].push_back(t);
    for (auto& list : expected)
      std::sort(list.begin(), list.end(), [&](int a, int b) {
        const auto& x = s.tasks[a];
        const auto& y = s.tasks[b];
        return std::make_tuple(orderable(x.start), orderable(x.finish), a) <
               std::make_tuple(orderable(y.start), orderable(y.finish), b);
      });
    ASSERT_EQ(s.processor_order(), expected) << "round " << round;
  }
}

}  // namespace
}  // namespace mpnsim
