// Tests of the exact Student-t quantile and the mean/interval summary against published values.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "experiments/analysis/statistics.hpp"

namespace mpnsim {
namespace {

TEST(StudentT, MatchesThreeDigitTableValues) {
  // The 0.975 column of a standard t table (e.g. NIST/SEMATECH e-Handbook, Table 1.3.6.7.2).
  EXPECT_NEAR(student_t975(1), 12.706, 5e-4);
  EXPECT_NEAR(student_t975(5), 2.571, 5e-4);
  EXPECT_NEAR(student_t975(30), 2.042, 5e-4);
  EXPECT_NEAR(student_t975(50), 2.009, 5e-4);
  EXPECT_NEAR(student_t975(200), 1.972, 5e-4);
}

TEST(StudentT, MatchesSevenDecimalTableValues) {
  // Seven-decimal quantiles t(0.975; df) as printed in extended tables and returned by R's
  // qt(0.975, df).
  EXPECT_NEAR(student_t975(1), 12.7062047, 1e-7);
  EXPECT_NEAR(student_t975(2), 4.3026527, 1e-7);
  EXPECT_NEAR(student_t975(5), 2.5705818, 1e-7);
  EXPECT_NEAR(student_t975(7), 2.3646243, 1e-7);
  EXPECT_NEAR(student_t975(9), 2.2621572, 1e-7);
  EXPECT_NEAR(student_t975(10), 2.2281389, 1e-7);
  EXPECT_NEAR(student_t975(30), 2.0422725, 1e-7);
  EXPECT_NEAR(student_t975(50), 2.0085591, 1e-7);
  EXPECT_NEAR(student_t975(200), 1.9718962, 1e-7);
}

TEST(StudentT, FiftyOneRepetitionsNoLongerUseTheStepValue) {
  // Issue #10: 51 repetitions (df = 50) used 2.000; the exact quantile is 2.0086.
  EXPECT_GT(student_t975(50), 2.008);
  // Decreasing in df towards the normal 1.959964.
  for (std::size_t df = 1; df < 300; ++df) EXPECT_GT(student_t975(df), student_t975(df + 1)) << df;
  EXPECT_NEAR(student_t975(1000000), 1.959964, 1e-5);
}

TEST(Summary, StudentSleepDataPairedDifferences) {
  // Cushny & Peebles' sleep data as analysed by "Student" (1908): extra hours of sleep, drug 2
  // minus drug 1, for 10 patients. R's t.test(extra ~ group, data = sleep, paired = TRUE) prints
  // mean difference -1.58 and the 95 % interval (-2.4598858, -0.7001142).
  const std::vector<double> d{1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4};
  const Summary s = summarize_values(d);
  EXPECT_EQ(s.count, 10u);
  EXPECT_NEAR(s.mean, 1.58, 1e-12);
  EXPECT_DOUBLE_EQ(s.min, 0.0);
  EXPECT_DOUBLE_EQ(s.max, 4.6);
  EXPECT_NEAR(s.mean - s.ci95, 0.7001142, 1e-7);
  EXPECT_NEAR(s.mean + s.ci95, 2.4598858, 1e-7);
}

TEST(Summary, SmallSampleWorkedByHand) {
  // 2 4 4 4 5 5 7 9: mean 40/8 = 5, squared deviations sum to 32, s = sqrt(32/7);
  // ci95 = t(0.975; 7) s / sqrt(8) with t(0.975; 7) = 2.3646243 from the table.
  const std::vector<double> v{2, 4, 4, 4, 5, 5, 7, 9};
  const Summary s = summarize_values(v);
  EXPECT_DOUBLE_EQ(s.mean, 5.0);
  EXPECT_NEAR(s.stddev, std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_NEAR(s.ci95, 2.3646243 * std::sqrt(32.0 / 7.0) / std::sqrt(8.0), 1e-7);
}

TEST(Summary, OneValueHasNoInterval) {
  const std::vector<double> v{3.5};
  const Summary s = summarize_values(v);
  EXPECT_DOUBLE_EQ(s.mean, 3.5);
  EXPECT_DOUBLE_EQ(s.stddev, 0.0);
  EXPECT_DOUBLE_EQ(s.ci95, 0.0);
  EXPECT_FALSE(s.has_interval());
  EXPECT_TRUE(summarize_values(std::vector<double>{1, 2}).has_interval());
}

TEST(Summary, ConstantDataHasExactlyZeroSpread) {
  // 0.1 summed three times is 0.30000000000000004, whose third is not 0.1: the deviations from
  // that mean are not 0, and the interval came out as a few 1e-17 instead of 0.
  for (const double x : {0.1, 5.12, 1.0 / 3, 1e300}) {
    const std::vector<double> v(7, x);
    const Summary s = summarize_values(v);
    EXPECT_EQ(s.mean, x);
    EXPECT_EQ(s.stddev, 0.0) << x;
    EXPECT_EQ(s.ci95, 0.0) << x;
    EXPECT_TRUE(s.has_interval());
  }
}

}  // namespace
}  // namespace mpnsim
