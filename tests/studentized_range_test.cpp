// Tests of the studentized range distribution against SciPy's studentized_range and Demšar's table.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "experiments/analysis/studentized_range.hpp"

namespace mpnsim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Computed once with SciPy 1.10.1, scipy.stats.studentized_range.ppf(p, k, df) and .cdf(q, k, df);
// stored here, SciPy is not needed to run the tests.
struct Reference {
  double p;
  int k;
  double df;
  double q;
};

TEST(StudentizedRange, QuantilesMatchSciPy) {
  const Reference cases[] = {
      {0.95, 2, kInf, 2.771807648699355},  {0.95, 3, kInf, 3.314493155398122}, {0.95, 4, kInf, 3.6331595749026278},
      {0.95, 8, kInf, 4.286309409349043},  {0.95, 10, kInf, 4.474124221725907}, {0.90, 5, kInf, 3.478280550703068},
      {0.99, 6, kInf, 4.757047249408221},  {0.95, 3, 10, 3.876776750013158},   {0.95, 5, 20, 4.231856748997479},
      {0.99, 4, 5, 7.804155687307393},     {0.95, 2, 1, 17.969287064187434},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(::testing::Message() << "p " << c.p << ", k " << c.k << ", df " << c.df);
    EXPECT_NEAR(studentized_range_quantile(c.p, c.k, c.df), c.q, 1e-7 * c.q);
  }
}

TEST(StudentizedRange, CdfMatchesSciPy) {
  struct Cdf {
    double q;
    int k;
    double df;
    double p;
  };
  const Cdf cases[] = {{1.0, 3, kInf, 0.24071264122933875},
                       {3.0, 4, kInf, 0.8537285189523403},
                       {2.5, 8, kInf, 0.35790434316324843},
                       {3.0, 3, 10, 0.8650165848104374},
                       {4.5, 6, 30, 0.9638224146305777}};
  for (const auto& c : cases) {
    SCOPED_TRACE(::testing::Message() << "q " << c.q << ", k " << c.k << ", df " << c.df);
    EXPECT_NEAR(studentized_range_cdf(c.q, c.k, c.df), c.p, 1e-9);
  }
}

TEST(StudentizedRange, TwoMeansAreTheRangeOfTwoNormals) {
  // For k = 2 and a known deviation, Q = |Z1 - Z2| with Z1 - Z2 ~ N(0, 2): P(Q <= q) = 2 Phi(q / sqrt 2) - 1
  // = erf(q / 2), so q_0.95 = 1.959964 * sqrt(2).
  for (double q : {0.3, 1.0, 2.0, 3.5}) EXPECT_NEAR(studentized_range_cdf(q, 2), std::erf(q / 2), 1e-12);
  EXPECT_NEAR(studentized_range_quantile(0.95, 2), 1.959963984540054 * std::sqrt(2.0), 1e-8);
}

TEST(StudentizedRange, DemsarTableFiveA) {
  // Demšar (JMLR 2006), Table 5(a): q_0.05 / sqrt(2) for the Nemenyi test, k = 2..10, printed with 3
  // decimals but not all rounded: k = 3 is 2.3437 (printed 2.343), k = 7 is 2.9483 (printed 2.949).
  // SciPy agrees with the exact values (QuantilesMatchSciPy); the table is met within 0.001.
  const double table[] = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
  for (int k = 2; k <= 10; ++k)
    EXPECT_NEAR(studentized_range_quantile(0.95, k) / std::sqrt(2.0), table[k - 2], 0.001) << "k = " << k;
}

TEST(StudentizedRange, RefusesMeaninglessArguments) {
  EXPECT_DOUBLE_EQ(studentized_range_cdf(0, 3), 0.0);
  EXPECT_DOUBLE_EQ(studentized_range_cdf(-1, 3), 0.0);
  EXPECT_THROW(studentized_range_cdf(1, 1), std::invalid_argument);
  EXPECT_THROW(studentized_range_cdf(1, 3, 0.5), std::invalid_argument);
  EXPECT_THROW(studentized_range_quantile(1.0, 3), std::invalid_argument);
  EXPECT_THROW(studentized_range_quantile(0.0, 3), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
