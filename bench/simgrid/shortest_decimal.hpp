// Writing the comparison files' times as std::to_chars writes them (shortest round trip), faster for the usual range.
//
// Why: a DAG player writes a finish time per task, and libstdc++'s to_chars(double) (Ryu, then
// the choice between fixed and scientific forms) took about 540 instructions each, 7 % of a
// player's process (callgrind, LPS 6-cube, 10^5 tasks). The times are doubles in [1, 2^53) with
// a fraction, whose shortest form is always fixed ("10555.461001349455": the scientific one is
// longer by its exponent) and whose digits can be found in 128-bit integers. With v = m * 2^-s
// (1 <= s <= 52, v not a power of two, which would be whole), the decimals with f digits after
// the point that read back as v are the integers D with D * 10^-f within half an ulp, 2^-(s+1),
// of v. The shortest form is the least f for which there is one, and to_chars writes the one
// nearest v, ties to the even digit (Ryu's rule), which is v * 10^f rounded: no farther from v
// than the one found. Whether the interval's ends count (they do when m is even) never matters
// here: an end is a multiple of 10^-f only when 2^(s+1) divides 10^f, and the grid is then
// finer than a fifth of the interval, so that the points inside it decide. Every value outside
// [1, 2^53) or without a fraction is left to to_chars. So the bytes are to_chars's.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

// Plain C++ on purpose: the SimGrid players include this without linking mpnsim.
namespace mpnsim::bench::shortest {

namespace detail {

using u128 = unsigned __int128;

inline constexpr std::uint64_t kPow10[20] = {1ULL,
                                             10ULL,
                                             100ULL,
                                             1000ULL,
                                             10000ULL,
                                             100000ULL,
                                             1000000ULL,
                                             10000000ULL,
                                             100000000ULL,
                                             1000000000ULL,
                                             10000000000ULL,
                                             100000000000ULL,
                                             1000000000000ULL,
                                             10000000000000ULL,
                                             100000000000000ULL,
                                             1000000000000000ULL,
                                             10000000000000000ULL,
                                             100000000000000000ULL,
                                             1000000000000000000ULL,
                                             10000000000000000000ULL};

// Whether some D * 10^-f lies within 2^-(s+1) of m * 2^-s: in units of 2^-(s+1), whether an
// integer multiple of 2^(s+1) lies in [(2m - 1) * 10^f, (2m + 1) * 10^f].
inline bool has_decimal(std::uint64_t m, int s, int f) {
  const u128 scale = kPow10[f];
  const u128 below = (2 * static_cast<u128>(m) - 1) * scale;
  const u128 above = (2 * static_cast<u128>(m) + 1) * scale;
  const int shift = s + 1;
  // The least D with D * 2^shift >= below, against the greatest with D * 2^shift <= above.
  const u128 low = (below + ((static_cast<u128>(1) << shift) - 1)) >> shift;
  return low <= above >> shift;
}

// n < 10^8 as its eight digits, leading zeros included, the first in the lowest byte: split
// in halves, quarters and digits at once, each step a multiplication over all the lanes
// (n / 10000 and n % 10000 in 32-bit lanes; x / 100 as x * 5243 >> 19, exact below 43 699;
// x / 10 as x * 103 >> 10, exact below 179).
inline std::uint64_t eight_digits(std::uint32_t n) {
  std::uint64_t x = (n / 10000) | (static_cast<std::uint64_t>(n % 10000) << 32);
  const std::uint64_t hundreds = ((x * 5243) >> 19) & 0x0000007F0000007F;
  x = hundreds | ((x - hundreds * 100) << 16);
  const std::uint64_t tens = ((x * 103) >> 10) & 0x000F000F000F000F;
  x = tens | ((x - tens * 10) << 8);
  return x + 0x3030303030303030;
}

inline int digit_count(std::uint64_t n) {
  int count = 1;
  while (count < 19 && n >= kPow10[count]) ++count;
  return count;
}

}  // namespace detail

// Writes value at out as std::to_chars(out, out + 40, value) would and returns the end; nullptr
// for the values it leaves to to_chars (see the file's comment). Up to 40 bytes at out may be
// written, past the end it returns.
inline char* write_double(char* out, double value) {
  if (!(value >= 1.0 && value < 9007199254740992.0)) return nullptr;  // also NaN
  const auto bits = std::bit_cast<std::uint64_t>(value);
  constexpr std::uint64_t kHidden = std::uint64_t{1} << 52;
  const std::uint64_t m = (bits & (kHidden - 1)) | kHidden;
  const int s = 1075 - static_cast<int>(bits >> 52);  // value = m * 2^-s, 0 <= s <= 52
  if (s == 0 || (m & ((std::uint64_t{1} << s) - 1)) == 0) return nullptr;  // a whole number
  const std::uint64_t whole = m >> s;
  const int i = detail::digit_count(whole);
  // The least f: from an estimate, floor(s * log10(2)), down while a shorter one still has a
  // decimal inside, or up until one has (it is at most a step low: 10^-f is below the
  // interval's width 2^-s from f = ceil(s * log10(2)) on).
  int f = std::max((s * 1233) >> 12, 1);
  if (detail::has_decimal(m, s, f)) {
    while (f > 1 && detail::has_decimal(m, s, f - 1)) --f;
  } else {
    do {
      if (i + f >= 17) return nullptr;  // never for a double: 17 digits always suffice
      ++f;
    } while (!detail::has_decimal(m, s, f));
  }
  // The nearest: v * 10^f = m * 10^f / 2^s rounded, ties to even. Its whole part is v's: a
  // carry into it would make a whole number the nearest, and a whole number is a double of
  // its own, farther than half an ulp.
  const detail::u128 scaled = static_cast<detail::u128>(m) * detail::kPow10[f];
  const detail::u128 half = static_cast<detail::u128>(1) << (s - 1);
  const detail::u128 rest = scaled & ((half << 1) - 1);
  std::uint64_t nearest = static_cast<std::uint64_t>(scaled >> s);
  nearest += rest > half || (rest == half && (nearest & 1));
  // Its i + f digits (at most 17) are the last of 24 made eight at a time; copied as 16 bytes
  // twice, the whole part's and the fraction's, the point written between.
  char digits[40] = {};
  const std::uint64_t parts[3] = {detail::eight_digits(static_cast<std::uint32_t>(nearest / 10000000000000000)),
                                  detail::eight_digits(static_cast<std::uint32_t>(nearest / 100000000 % 100000000)),
                                  detail::eight_digits(static_cast<std::uint32_t>(nearest % 100000000))};
  std::memcpy(digits, parts, sizeof parts);
  const char* first = digits + 24 - (i + f);
  std::memcpy(out, first, 16);
  out[i] = '.';
  std::memcpy(out + i + 1, first + i, 16);
  return out + i + 1 + f;
}

}  // namespace mpnsim::bench::shortest
