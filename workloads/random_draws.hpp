// Uniform draws from std::mt19937_64 with our own mapping, so generated workloads are byte-identical everywhere.
#pragma once

#include <cstdint>
#include <limits>
#include <random>

namespace mpnsim {

// std::uniform_*_distribution differ between standard libraries; these do not.

// Uniform on the integers lo..hi (lo <= hi), by rejection: no modulo bias.
inline std::int64_t uniform_integer(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi) {
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (range == 0) return static_cast<std::int64_t>(rng());  // the whole 64-bit range
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = max - (max % range + 1) % range;  // accept x <= limit
  std::uint64_t x = rng();
  while (x > limit) x = rng();
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + x % range);
}

// Uniform on [lo, hi): the top 53 bits of one draw.
inline double uniform_real(std::mt19937_64& rng, double lo, double hi) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  return lo + u * (hi - lo);
}

}  // namespace mpnsim
