// Counting and indexing of sweep ranges without expanding them.
#include "experiments/config/sweep_range.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace mpnsim {

namespace {

bool parse_double(const std::string& s, double& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
}

bool parse_integer(const std::string& s, std::int64_t& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string::npos) break;
    start = pos + 1;
  }
  return parts;
}

}  // namespace

SweepRange SweepRange::parse(const std::string& text, std::uint64_t limit) {
  const auto parts = split(text, ':');
  if (parts.size() < 2 || parts.size() > 3)
    throw std::invalid_argument("a range is written start:stop or start:stop:step");
  SweepRange r;
  double stop = 0;
  if (!parse_double(parts[0], r.start_) || !parse_double(parts[1], stop) ||
      (parts.size() == 3 && !parse_double(parts[2], r.step_)))
    throw std::invalid_argument("range bounds and step must be finite numbers");
  if (r.step_ == 0) throw std::invalid_argument("range step must not be 0");
  // The number of steps, in double: it may be far beyond any integer type
  // ("0:1e300" has 1e300 values), so it is compared before it is converted.
  const double span = (stop - r.start_) / r.step_;
  if (!std::isfinite(span)) throw std::invalid_argument("range bounds and step must be finite numbers");
  if (span < 0) throw std::invalid_argument("range is empty: the step goes away from stop");
  const double values = std::floor(span + 1e-9) + 1;
  if (values > static_cast<double>(limit))
    throw std::invalid_argument(fmt::format("the range {} has {:.3g} values; a sweep may have at most {}", text,
                                            values, limit));
  r.count_ = static_cast<std::uint64_t>(values);
  std::int64_t istop = 0;
  r.integers_ = parse_integer(parts[0], r.istart_) && parse_integer(parts[1], istop) &&
                (parts.size() < 3 || parse_integer(parts[2], r.istep_));
  if (r.integers_) {
    // Exact: every value lies between start and stop, which are int64.
    r.count_ = static_cast<std::uint64_t>((static_cast<__int128>(istop) - r.istart_) / r.istep_) + 1;
  }
  return r;
}

std::string SweepRange::value(std::uint64_t i) const {
  if (integers_)
    return std::to_string(static_cast<std::int64_t>(istart_ + static_cast<__int128>(i) * istep_));
  return fmt::format("{}", start_ + static_cast<double>(i) * step_);
}

double SweepRange::low() const {
  const double last = integers_ ? static_cast<double>(istart_ + static_cast<__int128>(count_ - 1) * istep_)
                                : start_ + static_cast<double>(count_ - 1) * step_;
  const double first = integers_ ? static_cast<double>(istart_) : start_;
  return std::min(first, last);
}

double SweepRange::high() const {
  const double last = integers_ ? static_cast<double>(istart_ + static_cast<__int128>(count_ - 1) * istep_)
                                : start_ + static_cast<double>(count_ - 1) * step_;
  const double first = integers_ ? static_cast<double>(istart_) : start_;
  return std::max(first, last);
}

}  // namespace mpnsim
