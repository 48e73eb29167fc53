// The earliest fit by brute force, the reference the IdleIntervals tests check the timetable's search against.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace mpnsim::testing {

// The earliest fit by brute force over a sorted list of busy intervals. Bookings that meet
// end to end leave no idle instant between them (not even for an empty booking); an empty
// booking is an instant nothing may run across.
inline double brute_fit(const std::vector<std::pair<double, double>>& busy, double t, double d) {
  std::vector<std::pair<double, double>> runs;  // non-empty bookings, those that meet merged
  for (const auto& [a, b] : busy)
    if (b > a) {
      if (!runs.empty() && runs.back().second == a)
        runs.back().second = b;
      else
        runs.emplace_back(a, b);
    }
  // Empty bookings strictly inside idle time split it; at the edge of a run they change nothing.
  std::vector<std::pair<double, double>> all = runs;
  for (const auto& [a, b] : busy)
    if (b == a && std::none_of(runs.begin(), runs.end(), [&](const auto& r) { return r.first <= a && a <= r.second; }))
      all.emplace_back(a, a);
  std::sort(all.begin(), all.end());
  double s = t;
  for (const auto& [a, b] : all) {
    if (s + d <= a) return s;
    if (b > a ? b > s : a > s) s = b;  // inside a run: its end; before an empty instant: the instant
  }
  return s;
}

// A processor's time as the free model's list schedulers count it (HEFT's insertion): the
// earliest s >= t with s + d no later than the next task's start, scanning the tasks (sorted,
// never overlapping) in order; a task may start where another one ends, even with d = 0.
inline double slot_fit(const std::vector<std::pair<double, double>>& slots, double t, double d) {
  double s = t;
  for (const auto& [a, b] : slots) {
    if (b <= t) continue;  // behind t
    if (s + d <= a) return s;
    s = std::max(s, b);
  }
  return s;
}

}  // namespace mpnsim::testing
