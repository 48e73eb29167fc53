// Mean, standard deviation and Student-t confidence intervals.
#include "experiments/analysis/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace mpnsim {

double student_t975(std::size_t df) {
  // Standard table values; beyond 30 the normal 1.96 is within 2 %.
  static constexpr double table[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                     2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                     2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                     2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) return 0;
  if (df <= 30) return table[df];
  if (df <= 40) return 2.021;
  if (df <= 60) return 2.000;
  if (df <= 120) return 1.980;
  return 1.960;
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
  if (values.size() > 1) {
    double sq = 0;
    for (double v : values) sq += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(sq / static_cast<double>(values.size() - 1));
    s.ci95 = student_t975(values.size() - 1) * s.stddev / std::sqrt(static_cast<double>(values.size()));
  }
  return s;
}

}  // namespace mpnsim
