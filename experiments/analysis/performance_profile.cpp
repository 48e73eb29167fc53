// Performance profiles as step functions, and the common tau grid to plot them on.
#include "experiments/analysis/performance_profile.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <string>

namespace mpnsim {

std::vector<PerformanceProfile> performance_profiles(const ValueMatrix& ratios) {
  // Infinite ratios are legitimate here (a variant infinitely worse on an instance), so the
  // finiteness check of check_value_matrix does not apply; only the shape and the range do.
  if (ratios.empty()) throw std::invalid_argument("performance profile: no instance");
  const std::size_t variants = ratios.front().size();
  for (std::size_t i = 0; i < ratios.size(); ++i) {
    if (ratios[i].size() != variants) {
      throw std::invalid_argument("performance profile: instance " + std::to_string(i) +
                                  " does not have one ratio per variant");
    }
    for (std::size_t v = 0; v < variants; ++v) {
      if (!(ratios[i][v] >= 1)) {
        throw std::invalid_argument("performance profile: instance " + std::to_string(i) + ", variant " +
                                    std::to_string(v) + " has ratio " + std::to_string(ratios[i][v]) +
                                    "; ratios to the best are >= 1");
      }
    }
  }

  const auto instances = static_cast<double>(ratios.size());
  std::vector<PerformanceProfile> profiles(variants);
  for (std::size_t v = 0; v < variants; ++v) {
    std::vector<double> column;
    column.reserve(ratios.size());
    for (const auto& row : ratios)
      if (std::isfinite(row[v])) column.push_back(row[v]);
    std::sort(column.begin(), column.end());
    for (std::size_t k = 0; k < column.size(); ++k) {
      // Exactly equal ratios merge into one breakpoint; ratio_to_best already maps ties to 1.
      const double fraction = static_cast<double>(k + 1) / instances;
      if (!profiles[v].empty() && profiles[v].back().tau == column[k]) {
        profiles[v].back().fraction = fraction;
      } else {
        profiles[v].push_back({column[k], fraction});
      }
    }
  }
  return profiles;
}

double profile_fraction(const PerformanceProfile& profile, double tau) {
  // The last breakpoint at or below tau.
  const auto after = std::upper_bound(profile.begin(), profile.end(), tau,
                                      [](double t, const ProfileStep& step) { return t < step.tau; });
  return after == profile.begin() ? 0.0 : std::prev(after)->fraction;
}

std::vector<double> profile_tau_grid(std::span<const PerformanceProfile> profiles, double margin) {
  if (!(margin > 1)) throw std::invalid_argument("performance profile: the tau grid margin must be > 1");
  std::vector<double> grid{1.0};
  for (const auto& profile : profiles)
    for (const auto& step : profile) grid.push_back(step.tau);
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  grid.push_back(grid.back() * margin);
  return grid;
}

}  // namespace mpnsim
