// Times as unsigned integers of the same order, for sorts that compare many of them.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace mpnsim {

// An integer that orders as the time does, NaN as +infinity (a broken outside schedule's
// time sorts last) and -0 as +0. The bits of a positive double grow with it; a negative one's
// are flipped so that they shrink with it. Comparing these is a single integer comparison,
// where comparing doubles that may be NaN is several.
inline std::uint64_t time_order_key(double time) {
  const double t = (std::isnan(time) ? std::numeric_limits<double>::infinity() : time) + 0.0;  // -0 + 0 is +0
  const auto bits = std::bit_cast<std::uint64_t>(t);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

// The time a key was made from (+infinity for NaN, +0 for -0).
inline double time_from_order_key(std::uint64_t key) {
  return std::bit_cast<double>(key >> 63 ? key & ~(std::uint64_t{1} << 63) : ~key);
}

}  // namespace mpnsim
