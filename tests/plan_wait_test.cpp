// Tests of the plan's wait action: a delay that holds no processor, link or port.
#include <gtest/gtest.h>

#include <stdexcept>

#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/plan.hpp"

namespace mpnsim {
namespace {

MachineSpec two_linked() {
  return uniform_machine(2, {{0, 1}}, false, ProcessorSpec{1, true, 1, 1}, 1, 0);
}

TEST(PlanWait, DelaysWhatComesAfterItAndHoldsNothing) {
  // P0 computes 3 from 0; a wait of 5 releases a compute of 1 on P0 and a send of 2 units to P1.
  // Another compute of 2 on P0 (plan order: after the first) is not held up by the wait.
  Plan plan;
  const int first = plan.add_compute(0, 3, "first");
  const int wait = plan.add_wait(5);
  const int late = plan.add_compute(0, 1, "late", {wait, first});
  const int send = plan.add_send(0, 1, 2, "send", {wait});
  const int other = plan.add_compute(0, 2, "other", {first});
  Engine engine;
  Machine m(engine, two_linked());
  const PlanOutcome out = play(plan, m);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(first)], 3);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(wait)], 5);
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(other)], 5);  // 3 + 2: the wait held no CPU
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(late)], 6);   // from 5, after the wait
  EXPECT_DOUBLE_EQ(out.completed[static_cast<std::size_t>(send)], 7);   // 5 + 2 units x z 1
}

TEST(PlanWait, NegativeAmountRefused) {
  Plan plan;
  plan.add_wait(-1);
  EXPECT_THROW(validate(plan, 2), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
