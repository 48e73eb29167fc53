// Summary statistics over repetitions: mean, extremes and a 95 % confidence interval.
#pragma once

#include <cstddef>
#include <span>

namespace mpnsim {

struct Summary {
  double mean = 0;
  double min = 0;
  double max = 0;
  double stddev = 0;      // sample standard deviation (0 for one value, exactly 0 for constant data)
  double ci95 = 0;        // half-width of the 95 % interval of the mean (Student t); 0 when undefined
  std::size_t count = 0;
  // An interval needs two values: for one, ci95 = 0 means "undefined", and outputs print it empty
  // (never "± 0", which would claim a certainty one observation cannot give).
  bool has_interval() const { return count > 1; }
};

Summary summarize_values(std::span<const double> values);

// The 0.975 quantile of Student's t with `df` degrees of freedom (the factor of a two-sided 95 %
// interval), computed exactly by Boost.Math; 0 when df == 0.
double student_t975(std::size_t df);

}  // namespace mpnsim
