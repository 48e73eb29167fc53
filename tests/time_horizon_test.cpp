// Starts past what the model's times carry are refused at placement (issue #40 item 4).
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "dag_test_support.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/time_horizon.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// The diamond (works 2, 3, 1, 2; 4 edges of data 5) on a 2-processor chain with z = 1, S = 0.5:
// a message costs 0.5 + 5 = 5.5 over the one hop, so one after another everything takes
// 8 + 4 * 5.5 = 30 (computed by hand).
ProblemBox diamond_box() {
  return ProblemBox(testing::diamond_graph(5), testing::dag_machine(chain(2), 1, 0.5));
}

TEST(TimeHorizon, IsEveryTaskAndMessageOneAfterAnother) {
  const ProblemBox box = diamond_box();
  EXPECT_DOUBLE_EQ(serial_horizon(box.problem()), 30);
  EXPECT_DOUBLE_EQ(latest_carried_start(box.problem()), 60);
}

TEST(TimeHorizon, TheSlowestProcessorCounts) {
  ProblemBox box = diamond_box();
  box.machine.processors[1].w = 4;  // tasks take 4 times longer on P1
  EXPECT_DOUBLE_EQ(serial_horizon(box.problem()), 4 * 8 + 4 * 5.5);
}

TEST(TimeHorizon, ABuilderRefusesAStartPastTwiceTheHorizon) {
  const ProblemBox box = diamond_box();
  const DagProblem problem = box.problem();
  ScheduleBuilder b(problem, "test");
  b.place(0, 0, 60);  // at the limit: placed
  for (const double start : {60.0001, 1e17, 1e308, std::numeric_limits<double>::infinity(), -1.0}) {
    try {
      b.place(1, 0, start);
      ADD_FAILURE() << start << " was placed";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("task b: start "), std::string::npos) << what;
    }
    EXPECT_FALSE(b.placed(1));
  }
}

TEST(TimeHorizon, APartOfALargerProblemCarriesItsHorizon) {
  // A window of a stream: its own graph's horizon is 30, the stream's (carried) 1000.
  const ProblemBox box = diamond_box();
  DagProblem problem = box.problem();
  problem.carried_horizon = 1000;
  EXPECT_DOUBLE_EQ(serial_horizon(problem), 1000);
  EXPECT_DOUBLE_EQ(latest_carried_start(problem), 2000);
  ScheduleBuilder b(problem, "test");
  b.place(0, 0, 2000);  // past twice its own 30, within the carried horizon: placed
  EXPECT_TRUE(b.placed(0));
  EXPECT_THROW(b.place(1, 0, 2000.01), std::invalid_argument);
}

TEST(TimeHorizon, AnyStartIsCarriedWhenNothingTakesTime) {
  TaskGraph g("zero");
  g.add_task("a", 0);
  g.add_task("b", 0);
  g.finalize();
  const ProblemBox box(std::move(g), testing::dag_machine(chain(2)));
  const DagProblem problem = box.problem();
  ScheduleBuilder b(problem, "test");
  b.place(0, 0, 1e300);
  EXPECT_TRUE(b.placed(0));
}

}  // namespace
}  // namespace mpnsim
