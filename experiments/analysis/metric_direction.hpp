// Which way a metric improves, and the tolerant comparisons every comparison statistic shares.
#pragma once

#include "sim/time_tolerance.hpp"

namespace mpnsim {

// Lower is better for makespan or imbalance; higher is better for speedup or efficiency.
enum class Better { lower, higher };

// Two values of a metric are tied when they agree within the project's one tolerance
// (relative 1e-9, with an absolute floor of 1e-9 near zero: sim/time_tolerance.hpp).
inline bool values_tied(double a, double b) { return times_equal(a, b); }

// True when `a` is strictly better than `b` in direction `better` (never for tied values).
inline bool strictly_better(Better better, double a, double b) {
  if (values_tied(a, b)) return false;
  return better == Better::lower ? a < b : a > b;
}

}  // namespace mpnsim
