// Tests of the LIF function against the thesis's tables (SPEC §4).
#include <gtest/gtest.h>

#include <vector>

#include "schedulers/load_imbalance.hpp"

namespace mpnsim {
namespace {

TEST(LoadImbalance, ThesisTable42Rows) {
  // Thesis Table 4.2: (2 2 1 2 2 2) -> 9.09, (4 4 3 4 4 2) -> 14.29, (8 8 8 8 9 4) -> 20.00.
  EXPECT_NEAR(task_count_lif(std::vector<int>{2, 2, 1, 2, 2, 2}), 9.09, 0.005);
  EXPECT_NEAR(task_count_lif(std::vector<int>{4, 4, 3, 4, 4, 2}), 14.29, 0.005);
  EXPECT_NEAR(task_count_lif(std::vector<int>{8, 8, 8, 8, 9, 4}), 20.00, 0.005);
}

TEST(LoadImbalance, FewerTasksThanProcessorsIsBalancedAtOneEach) {
  // Level 1 of the ternary tree on LET-6: loads 1 1 1 0 0 0 -> ideal max(1, 3/6) = 1 -> LIF 0.
  EXPECT_DOUBLE_EQ(task_count_lif(std::vector<int>{1, 1, 1, 0, 0, 0}), 0.0);
  // Level 2: 2 2 2 1 1 1 -> ideal 1.5 -> (2 - 1.5)/1.5 = 33.33 %.
  EXPECT_NEAR(task_count_lif(std::vector<int>{2, 2, 2, 1, 1, 1}), 100.0 / 3, 1e-12);
}

TEST(LoadImbalance, PlainLoadsUseTheMean) {
  // Processor busy times 3, 1: mean 2 -> (3 - 2)/2 = 50 %; no floor at one for times.
  EXPECT_DOUBLE_EQ(load_imbalance_factor(std::vector<double>{3, 1}, false), 50.0);
  EXPECT_DOUBLE_EQ(load_imbalance_factor(std::vector<double>{0.3, 0.1}, false), 50.0);
  EXPECT_DOUBLE_EQ(load_imbalance_factor(std::vector<double>{0, 0}, false), 0.0);
}

}  // namespace
}  // namespace mpnsim
