// Per-instance ratio of each variant's value to the best variant's value (Dolan & Moré 2002).
#pragma once

#include <span>

#include "experiments/analysis/metric_direction.hpp"
#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

// Ratio of `value` to the instance's `best` value, oriented so that it is >= 1 and 1 means best:
// value / best when lower is better, best / value when higher is better.
// Conventions:
//  - a value tied with the best (values_tied) has ratio exactly 1, so 0 vs 0 is 1;
//  - a non-zero value against a best of 0 (lower is better), or a value of 0 against a non-zero
//    best (higher is better), is infinitely worse: +inf.
// Both values must be non-negative: a ratio between values of different signs means nothing.
double ratio_to_best(Better better, double value, double best);

// The best value of one instance's row (the smallest or the largest).
double best_value(Better better, std::span<const double> row);

// ratios[i][v] = ratio_to_best of variant v on instance i. Checks the matrix (check_value_matrix)
// and throws std::invalid_argument, naming the instance and variant, on a negative value.
ValueMatrix ratios_to_best(Better better, const ValueMatrix& values);

// True when every value is >= 0, that is when ratios_to_best is defined.
bool ratios_defined(const ValueMatrix& values);

}  // namespace mpnsim
