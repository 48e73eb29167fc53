// A sweep range "start:stop[:step]": its values counted and computed one at a time, never all held.
#pragma once

#include <cstdint>
#include <string>

namespace mpnsim {

// Most values a sweep may have (points of one experiment, values of one range).
inline constexpr std::uint64_t kMaxSweepPoints = 10'000'000;

class SweepRange {
 public:
  // Parses "start:stop" or "start:stop:step" (step 1 by default; stop included
  // when reached within rounding). Integers stay integers. Throws
  // std::invalid_argument with the reason, and with the count when the range
  // has more than `limit` values, before anything is allocated.
  static SweepRange parse(const std::string& text, std::uint64_t limit = kMaxSweepPoints);

  std::uint64_t size() const { return count_; }
  // The i-th value as the CSV writes it (i < size()): start + i*step, computed
  // afresh each time so that no rounding error accumulates.
  std::string value(std::uint64_t i) const;
  bool integers() const { return integers_; }
  // The smallest and largest values, for checks against declared bounds.
  double low() const;
  double high() const;

 private:
  double start_ = 0, step_ = 1;
  std::int64_t istart_ = 0, istep_ = 1;  // exact arithmetic when every bound is an integer
  bool integers_ = false;
  std::uint64_t count_ = 0;
};

}  // namespace mpnsim
