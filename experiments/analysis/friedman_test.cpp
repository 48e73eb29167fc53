// Friedman's chi-square on mid-ranks (tie-corrected, Conover's form) and the Iman-Davenport F, by Boost.Math.
#include "experiments/analysis/friedman_test.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/fisher_f.hpp>

#include "experiments/analysis/mid_ranks.hpp"

namespace mpnsim {

FriedmanTest friedman_test(const ValueMatrix& ranks) {
  check_value_matrix(ranks);
  FriedmanTest t;
  t.instances = ranks.size();
  t.variants = ranks.front().size();
  if (t.variants < 2) throw std::invalid_argument("Friedman test: needs at least two variants");
  t.mean_ranks = mean_ranks(ranks);
  const auto n = static_cast<double>(t.instances);
  const auto k = static_cast<double>(t.variants);

  // Conover's T1 = (k - 1) sum_j (R_j - N(k+1)/2)^2 / (A - C), with R_j the rank sums, A the sum of
  // the squared ranks and C = N k (k+1)^2 / 4. A - C = N k (k^2 - 1) / 12 times the tie correction,
  // so T1 is Friedman's statistic divided by it.
  double squares = 0;
  for (const auto& row : ranks)
    for (double r : row) squares += r * r;
  const double spread = squares - n * k * (k + 1) * (k + 1) / 4;
  t.tie_correction = spread / (n * k * (k * k - 1) / 12);
  if (!(t.tie_correction > 1e-12)) {  // every instance ties every variant: no ranking to test
    t.tie_correction = 0;
    return t;
  }
  double between = 0;
  for (double mean : t.mean_ranks) {
    const double deviation = n * mean - n * (k + 1) / 2;
    between += deviation * deviation;
  }
  t.chi2 = (k - 1) * between / spread;
  t.chi2_p = boost::math::cdf(boost::math::complement(boost::math::chi_squared(k - 1), t.chi2));

  if (t.instances < 2) {
    t.iman_davenport_f = t.iman_davenport_p = std::numeric_limits<double>::quiet_NaN();
    return t;
  }
  const double denominator = n * (k - 1) - t.chi2;
  if (denominator <= 1e-12 * n * (k - 1)) {  // the largest chi2 there is: every instance agrees
    t.iman_davenport_f = std::numeric_limits<double>::infinity();
    t.iman_davenport_p = 0;
    return t;
  }
  t.iman_davenport_f = (n - 1) * t.chi2 / denominator;
  const boost::math::fisher_f f(k - 1, (k - 1) * (n - 1));
  t.iman_davenport_p = boost::math::cdf(boost::math::complement(f, t.iman_davenport_f));
  return t;
}

}  // namespace mpnsim
