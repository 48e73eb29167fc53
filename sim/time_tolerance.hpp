// The one tolerance for "equal times" used everywhere in mpnsim (STYLE.md).
#pragma once

#include <algorithm>
#include <cmath>

namespace mpnsim {

// Relative tolerance under which two simulated or analytic times count as equal.
inline constexpr double kTimeRelTol = 1e-9;

// True when a and b agree to kTimeRelTol relative to the larger magnitude
// (an absolute floor of kTimeRelTol keeps values near zero comparable).
inline bool times_equal(double a, double b) {
  const double scale = std::max({std::abs(a), std::abs(b), 1.0});
  return std::abs(a - b) <= kTimeRelTol * scale;
}

}  // namespace mpnsim
