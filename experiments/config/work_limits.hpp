// How much one run may be estimated to take before mpnsim refuses it up front (issue #12: no unbounded work from tiny inputs).
#pragma once

#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace mpnsim {

// Memory one command or one sweep point may be estimated to need. The largest
// network mpnsim builds takes about 2.7 GB (topologies/families.hpp); a run
// estimated past this would not finish on the machines mpnsim is measured on.
inline constexpr double kMaxEstimatedBytes = 4.0 * 1024 * 1024 * 1024;
// Basic steps (a load compared, a pair of processors balanced, a start time
// computed) one run may be estimated to take: about a quarter of an hour at
// 10^8 steps a second.
inline constexpr double kMaxEstimatedSteps = 1e11;
// Largest text a command prints or writes into one file without --force.
inline constexpr double kMaxOutputBytes = 1024.0 * 1024 * 1024;

// "2.3 GiB", "40.0 MiB", "12 KiB".
inline std::string bytes_text(double bytes) {
  if (bytes >= 1024.0 * 1024 * 1024) return fmt::format("{:.1f} GiB", bytes / (1024.0 * 1024 * 1024));
  if (bytes >= 1024.0 * 1024) return fmt::format("{:.1f} MiB", bytes / (1024.0 * 1024));
  return fmt::format("{:.0f} KiB", bytes / 1024.0);
}

}  // namespace mpnsim
