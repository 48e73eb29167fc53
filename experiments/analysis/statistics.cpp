// Mean, standard deviation and exact Student-t confidence intervals.
#include "experiments/analysis/statistics.hpp"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/students_t.hpp>

namespace mpnsim {

double student_t975(std::size_t df) {
  if (df == 0) return 0;  // one value: no spread to estimate (Summary::has_interval is false)
  // Exact, not a table: step values above df = 30 understated the intervals (issue #10).
  const boost::math::students_t t(static_cast<double>(df));
  return boost::math::quantile(t, 0.975);
}

Summary summarize_values(std::span<const double> values) {
  Summary s;
  s.count = values.size();
  if (values.empty()) return s;
  s.min = *std::min_element(values.begin(), values.end());
  s.max = *std::max_element(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(values.size());
  if (s.min == s.max) {
    // Constant data: the spread is exactly 0, not the rounding left by sum / n (0.1 three
    // times sums to 0.30000000000000004, whose third is not 0.1).
    s.mean = s.min;
    return s;
  }
  if (values.size() > 1) {
    double sq = 0;
    for (double v : values) sq += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(sq / static_cast<double>(values.size() - 1));
    s.ci95 = student_t975(values.size() - 1) * s.stddev / std::sqrt(static_cast<double>(values.size()));
  }
  return s;
}

}  // namespace mpnsim
