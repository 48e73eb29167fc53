// Tests of performance profiles on a small ratio matrix worked by hand.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <vector>

#include "experiments/analysis/performance_profile.hpp"

namespace mpnsim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Ratios of variants A, B, C on four instances (the values of paired_comparison_test's matrix).
const ValueMatrix kRatios{{1, 2, 1}, {2, 1, 4.0 / 3.0}, {1, 1, kInf}, {1.6, 2, 1}};

TEST(PerformanceProfile, BreakpointsWorkedByHand) {
  const std::vector<PerformanceProfile> p = performance_profiles(kRatios);
  ASSERT_EQ(p.size(), 3u);
  // A: ratios 1 2 1 1.6 -> rho = 2/4 from tau 1, 3/4 from 1.6, 1 from 2.
  ASSERT_EQ(p[0].size(), 3u);
  EXPECT_DOUBLE_EQ(p[0][0].tau, 1.0);
  EXPECT_DOUBLE_EQ(p[0][0].fraction, 0.5);
  EXPECT_DOUBLE_EQ(p[0][1].tau, 1.6);
  EXPECT_DOUBLE_EQ(p[0][1].fraction, 0.75);
  EXPECT_DOUBLE_EQ(p[0][2].tau, 2.0);
  EXPECT_DOUBLE_EQ(p[0][2].fraction, 1.0);
  // B: 2 1 1 2 -> 1/2 from 1, 1 from 2.
  ASSERT_EQ(p[1].size(), 2u);
  EXPECT_DOUBLE_EQ(p[1][0].fraction, 0.5);
  EXPECT_DOUBLE_EQ(p[1][1].tau, 2.0);
  EXPECT_DOUBLE_EQ(p[1][1].fraction, 1.0);
  // C: 1 4/3 inf 1 -> 1/2 from 1, 3/4 from 4/3, never 1.
  ASSERT_EQ(p[2].size(), 2u);
  EXPECT_DOUBLE_EQ(p[2][1].tau, 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(p[2][1].fraction, 0.75);
}

TEST(PerformanceProfile, FractionIsARightContinuousStep) {
  const std::vector<PerformanceProfile> p = performance_profiles(kRatios);
  EXPECT_DOUBLE_EQ(profile_fraction(p[0], 0.99), 0.0);
  EXPECT_DOUBLE_EQ(profile_fraction(p[0], 1.0), 0.5);
  EXPECT_DOUBLE_EQ(profile_fraction(p[0], 1.59), 0.5);
  EXPECT_DOUBLE_EQ(profile_fraction(p[0], 1.6), 0.75);
  EXPECT_DOUBLE_EQ(profile_fraction(p[0], 100), 1.0);
  EXPECT_DOUBLE_EQ(profile_fraction(p[2], 1e300), 0.75);
}

TEST(PerformanceProfile, TauGridCoversEveryBreakpointAndALittleMore) {
  const std::vector<PerformanceProfile> p = performance_profiles(kRatios);
  const std::vector<double> grid = profile_tau_grid(p, 1.25);
  ASSERT_EQ(grid.size(), 5u);
  EXPECT_DOUBLE_EQ(grid[0], 1.0);
  EXPECT_DOUBLE_EQ(grid[1], 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(grid[2], 1.6);
  EXPECT_DOUBLE_EQ(grid[3], 2.0);
  EXPECT_DOUBLE_EQ(grid[4], 2.5);
  EXPECT_THROW(profile_tau_grid(p, 1.0), std::invalid_argument);
}

TEST(PerformanceProfile, AllBestIsOneAtTauOne) {
  const std::vector<PerformanceProfile> p = performance_profiles(ValueMatrix{{1, 1}, {1, 1}});
  for (const auto& profile : p) {
    ASSERT_EQ(profile.size(), 1u);
    EXPECT_DOUBLE_EQ(profile[0].fraction, 1.0);
  }
  const std::vector<double> grid = profile_tau_grid(p);
  ASSERT_EQ(grid.size(), 2u);
  EXPECT_DOUBLE_EQ(grid[1], 1.1);
}

TEST(PerformanceProfile, RefusesRatiosBelowOne) {
  EXPECT_THROW(performance_profiles(ValueMatrix{{1, 0.5}}), std::invalid_argument);
  EXPECT_THROW(performance_profiles(ValueMatrix{{1, 2}, {1}}), std::invalid_argument);
  EXPECT_THROW(performance_profiles(ValueMatrix{}), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
