// The studentized range distribution, by numerical integration: its CDF and its quantiles.
#pragma once

#include <limits>

namespace mpnsim {

// P(Q <= q) for the range of k independent standard normal values divided by an independent
// estimate of their standard deviation with `df` degrees of freedom (df = infinity: the known
// deviation, the case of the Nemenyi test). No table: the integrals are computed each time.
// - df = infinity: P(q) = k * integral of phi(z) (Phi(z) - Phi(z - q))^(k-1) dz over the real line
//   (Hartley 1942; Lund & Lund, Applied Statistics 32, 1983, eq 1), by adaptive Gauss-Kronrod.
// - finite df: the same averaged over s = sqrt(chi2_df / df), P(q) = integral of f_s(s) P_inf(q s) ds.
// Needs k >= 2 and df >= 1; q <= 0 gives 0. Throws std::invalid_argument otherwise.
// Accurate to about 1e-10 (checked against SciPy's studentized_range in the tests).
double studentized_range_cdf(double q, int k, double df = std::numeric_limits<double>::infinity());

// The q with studentized_range_cdf(q, k, df) = p, for 0 < p < 1, found by the TOMS 748 root
// finder of Boost.Math on the CDF above. q_0.95 for k = 4 and df = infinity is 3.633.
double studentized_range_quantile(double p, int k, double df = std::numeric_limits<double>::infinity());

}  // namespace mpnsim
