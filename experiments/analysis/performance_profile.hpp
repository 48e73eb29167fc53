// Performance profiles of Dolan & Moré (2002): the fraction of instances within a factor tau of the best.
#pragma once

#include <span>
#include <vector>

#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

// One breakpoint of a profile: rho(t) = fraction for tau <= t < the next breakpoint's tau.
struct ProfileStep {
  double tau = 1;
  double fraction = 0;
};

// A variant's profile rho(tau) = |{instances with ratio <= tau}| / instances (Dolan & Moré,
// "Benchmarking optimization software with performance profiles", Math. Program. 91, 2002, eq 1):
// a right-continuous step function, 0 below its first breakpoint, one breakpoint per distinct
// finite ratio, ascending. Infinite ratios never count, so such a variant stays below 1.
using PerformanceProfile = std::vector<ProfileStep>;

// One profile per variant from ratios[instance][variant] (ratios_to_best), each ratio >= 1.
// Throws std::invalid_argument on an incomplete matrix or a ratio below 1 or NaN.
std::vector<PerformanceProfile> performance_profiles(const ValueMatrix& ratios);

// rho(tau) of one profile.
double profile_fraction(const PerformanceProfile& profile, double tau);

// The tau values at which to draw all profiles as steps on one plot: 1, every breakpoint of every
// profile, and a last tau `margin` times the largest breakpoint so the last step shows.
// Ascending, without duplicates. Throws std::invalid_argument unless margin > 1.
std::vector<double> profile_tau_grid(std::span<const PerformanceProfile> profiles, double margin = 1.1);

}  // namespace mpnsim
