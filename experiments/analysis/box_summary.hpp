// What a box plot draws of a sample: quartiles, Tukey's whiskers and the outliers beyond them.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace mpnsim {

// The p-quantile (0 <= p <= 1) of sorted values by linear interpolation between order statistics,
// Hyndman & Fan's definition 7 (R's default, NumPy's "linear"): h = (n - 1) p, then
// x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]). NaN for no values.
double sorted_quantile(std::span<const double> sorted, double p);

struct BoxSummary {
  std::size_t count = 0;
  double q1 = 0, median = 0, q3 = 0;
  // Tukey (1977): the whiskers reach the most extreme values within 1.5 IQR of the box; values
  // beyond are outliers, drawn one by one, in increasing order.
  double low_whisker = 0, high_whisker = 0;
  std::vector<double> outliers;
  double mean = 0;
};

// The box of `values` (any order; non-finite values are the caller's to leave out). All zero for none.
BoxSummary box_summary(std::span<const double> values);

}  // namespace mpnsim
