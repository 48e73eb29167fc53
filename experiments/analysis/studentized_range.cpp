// Studentized range: Gauss-Kronrod integrals of the normal law (Boost.Math), inverted with TOMS 748.
#include "experiments/analysis/studentized_range.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/toms748_solve.hpp>

namespace mpnsim {
namespace {

using boost::math::quadrature::gauss_kronrod;

// Beyond |z| = 9 the normal density is below 1e-18: the integrands vanish there.
constexpr double kNormalReach = 9;

// Phi(z) - Phi(z - q) for q >= 0, from the tail that keeps its digits (both near 1 for large z).
double normal_mass_between(const boost::math::normal& n, double z, double q) {
  if (z > 0) return boost::math::cdf(boost::math::complement(n, z - q)) - boost::math::cdf(boost::math::complement(n, z));
  return boost::math::cdf(n, z) - boost::math::cdf(n, z - q);
}

// The CDF for a known standard deviation (df = infinity), to about `tolerance` (relative).
double range_cdf_known_deviation(double q, int k, double tolerance) {
  if (q <= 0) return 0;
  const boost::math::normal n;
  const auto integrand = [&](double z) {
    return boost::math::pdf(n, z) * std::pow(normal_mass_between(n, z, q), k - 1);
  };
  // The integrand lives where phi(z) does and where Phi(z) - Phi(z - q) is not 0: z in [-9, 9 + q]
  // intersected with [-9, 9]; split at 0 and q/2 where it peaks, so the adaptive rule sees its shape.
  const double value = gauss_kronrod<double, 61>::integrate(integrand, -kNormalReach, q / 2, 15, tolerance) +
                       gauss_kronrod<double, 61>::integrate(integrand, q / 2, kNormalReach, 15, tolerance);
  return std::min(1.0, std::max(0.0, k * value));
}

void check_arguments(int k, double df) {
  if (k < 2) throw std::invalid_argument("studentized range: needs k >= 2 means, got " + std::to_string(k));
  if (!(df >= 1)) throw std::invalid_argument("studentized range: needs df >= 1, got " + std::to_string(df));
}

}  // namespace

double studentized_range_cdf(double q, int k, double df) {
  check_arguments(k, df);
  if (std::isnan(q)) throw std::invalid_argument("studentized range: q is NaN");
  if (q <= 0) return 0;
  if (std::isinf(df)) return range_cdf_known_deviation(q, k, 1e-13);
  // s = sqrt(X / df) with X chi-square(df): its density is f_X(df s^2) * 2 df s.
  const boost::math::chi_squared chi2(df);
  const auto density = [&](double s) { return boost::math::pdf(chi2, df * s * s) * 2 * df * s; };
  const auto integrand = [&](double s) { return s <= 0 ? 0.0 : density(s) * range_cdf_known_deviation(q * s, k, 1e-11); };
  // s concentrates around 1 with spread about 1 / sqrt(2 df); its density is negligible past the
  // chi-square's 1 - 1e-16 quantile.
  const double top = std::sqrt(boost::math::quantile(boost::math::complement(chi2, 1e-16)) / df);
  const double value = gauss_kronrod<double, 31>::integrate(integrand, 0.0, 1.0, 12, 1e-10) +
                       gauss_kronrod<double, 31>::integrate(integrand, 1.0, std::max(top, 2.0), 12, 1e-10);
  return std::min(1.0, std::max(0.0, value));
}

double studentized_range_quantile(double p, int k, double df) {
  check_arguments(k, df);
  if (!(p > 0 && p < 1)) throw std::invalid_argument("studentized range: needs 0 < p < 1, got " + std::to_string(p));
  const auto f = [&](double q) { return studentized_range_cdf(q, k, df) - p; };
  // Bracket the root: the CDF is 0 at q = 0 and grows to 1; double the upper end until it passes p.
  double low = 0, high = 4;
  while (f(high) < 0) {
    low = high;
    high *= 2;
    if (high > 1e6) throw std::invalid_argument("studentized range: no quantile found for p = " + std::to_string(p));
  }
  std::uintmax_t iterations = 200;
  const auto [a, b] = boost::math::tools::toms748_solve(f, low, high, boost::math::tools::eps_tolerance<double>(45),
                                                        iterations);
  return (a + b) / 2;
}

}  // namespace mpnsim
