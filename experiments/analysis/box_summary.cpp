// Quartiles (Hyndman & Fan definition 7), Tukey's whiskers and outliers of a sample.
#include "experiments/analysis/box_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mpnsim {

double sorted_quantile(std::span<const double> sorted, double p) {
  if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double h = static_cast<double>(sorted.size() - 1) * std::clamp(p, 0.0, 1.0);
  const auto lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted.back();
  const double frac = h - static_cast<double>(lo);
  // Equal neighbours give that value exactly, whatever the fraction.
  return sorted[lo] == sorted[lo + 1] ? sorted[lo] : sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}

BoxSummary box_summary(std::span<const double> values) {
  BoxSummary b;
  if (values.empty()) return b;
  std::vector<double> v(values.begin(), values.end());
  std::sort(v.begin(), v.end());
  b.count = v.size();
  b.q1 = sorted_quantile(v, 0.25);
  b.median = sorted_quantile(v, 0.5);
  b.q3 = sorted_quantile(v, 0.75);
  b.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  const double reach = 1.5 * (b.q3 - b.q1);
  const double lo_fence = b.q1 - reach, hi_fence = b.q3 + reach;
  b.low_whisker = b.q1;
  b.high_whisker = b.q3;
  for (const double x : v) {
    if (x < lo_fence || x > hi_fence) {
      b.outliers.push_back(x);
      continue;
    }
    b.low_whisker = std::min(b.low_whisker, x);
    b.high_whisker = std::max(b.high_whisker, x);
  }
  return b;
}

}  // namespace mpnsim
