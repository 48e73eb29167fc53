// Reading the decimal numbers of the comparison's text files, exact to the bit, without from_chars's generality.
//
// Why: the files' doubles are std::to_chars's shortest round-trip forms (up to 17 significant
// digits, fixed or with an exponent), and std::from_chars took about 290 instructions each, a
// quarter of a DAG player's process (callgrind, LPS 6-cube, 10^5 tasks). Here the digits are
// taken eight at a time as one word into an integer w, the value being w * 10^q, and the double
// is made from it in integers, exactly: for q >= 0 the product w * 5^q is exact in 128 bits;
// for q < 0 the quotient of w by 5^k (moved up to 63 or 64 bits) and whether its remainder is
// zero say all that rounding needs. Rounding is to nearest, ties to the even mantissa, as
// IEEE's default and from_chars's. Only forms whose value fits these bounds are read here (at
// most 19 significant digits, |q| <= 22, so that every value is a normal double far from
// overflow); anything else is left to from_chars by returning nullptr, so that the two agree on
// every text, and errors stay the caller's.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

// Plain C++ on purpose: the SimGrid players include this without linking mpnsim.
namespace mpnsim::bench::decimal {

// How many of the word's 8 characters (first in the lowest byte) are digits before the first
// that is not. A byte is a digit when its high half is 3 and stays 3 with 6 added; a carry out
// of a byte past the run only touches bytes after it.
inline int digit_run(std::uint64_t word) {
  constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0, kThrees = 0x3030303030303030;
  const std::uint64_t other = ((word & kHigh) ^ kThrees) | (((word + 0x0606060606060606) & kHigh) ^ kThrees);
  return std::countr_zero(other) / 8;  // 64 / 8 when all are digits
}

// The value of the word's first `length` characters (1 to 8 digits): shifted to the top, they
// read as eight digits with leading zeros, which are combined in pairs, then fours, then all.
inline std::uint32_t leading_digits(std::uint64_t word, int length) {
  std::uint64_t v = (word - 0x3030303030303030) << (8 * (8 - length));
  v = v * 10 + (v >> 8);  // each even byte: its two digits' value
  v = (((v & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
       (((v >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >> 32;
  return static_cast<std::uint32_t>(v);
}

namespace detail {

using u128 = unsigned __int128;

inline constexpr std::uint64_t kPow10Int[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
inline constexpr std::uint64_t kPow5[23] = {
    1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL, 390625ULL, 1953125ULL, 9765625ULL,
    48828125ULL, 244140625ULL, 1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL, 762939453125ULL,
    3814697265625ULL, 19073486328125ULL, 95367431640625ULL, 476837158203125ULL, 2384185791015625ULL};

// Appends the digits at p to w and counts them; false when w could overflow (more than 19
// digits from its first nonzero one on: leading zeros, as in 0.0037215148219235635, do not
// count) or fewer than 8 characters are left to look at (a number cut by the end of the text:
// the caller's general path reads on).
inline bool append_digits(const char*& p, const char* end, std::uint64_t& w, int& count, int& significant) {
  for (;;) {
    if (end - p < 8) return false;
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    const int n = digit_run(word);
    if (n > 0) {
      // w < 10^significant: the digits from w's first nonzero one (a '0' byte xors to zero).
      const int zeros = std::countr_zero(word ^ 0x3030303030303030) / 8;
      significant = w != 0 ? significant + n : zeros < n ? n - zeros : 0;
      w = w * kPow10Int[n] + leading_digits(word, n);
      p += n;
      count += n;
      if (significant > 19) return false;
    }
    if (n < 8) return true;
  }
}

// The double nearest m * 2^e, ties to the even mantissa, given m's bits past its top 53
// (`rest`, of `shift` bits, shift >= 1) and whether anything nonzero lies below them (`sticky`).
// m >> shift is below 2^53 and at least 2^52; so is the result's mantissa, or it is 2^53,
// which the addition below carries into the exponent.
inline double round_to_double(std::uint64_t top, std::uint64_t rest, int shift, bool sticky, int e) {
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  // Without branches: the bits of the rest are at even odds.
  const std::uint64_t up = (rest > half) | ((rest == half) & (sticky | (top & 1)));
  // The biased exponent one below the mantissa's, as the hidden bit of top + up adds one.
  const auto bits = (static_cast<std::uint64_t>(e + shift + 1074) << 52) + top + up;
  return std::bit_cast<double>(bits);
}

// w * 10^q for 1 <= w < 2^64 and 0 <= q <= 22, correctly rounded (out of line: rare in the files).
[[gnu::noinline]] inline double scale_up(std::uint64_t w, int q) {
  // Exact in 128 bits: w * 5^q < 2^116, times 2^q.
  const u128 product = static_cast<u128>(w) * kPow5[q];
  const auto high = static_cast<std::uint64_t>(product >> 64);
  const int width = high ? 64 + std::bit_width(high) : std::bit_width(static_cast<std::uint64_t>(product));
  if (width <= 53) {
    // Exact: the product moved up to 53 bits, its exponent down as much.
    const int up = 53 - width;
    return std::bit_cast<double>((static_cast<std::uint64_t>(q - up + 1074) << 52) +
                                 (static_cast<std::uint64_t>(product) << up));
  }
  const int shift = width - 53;
  const u128 rest = product & ((static_cast<u128>(1) << shift) - 1);
  if (shift <= 63)
    return round_to_double(static_cast<std::uint64_t>(product >> shift), static_cast<std::uint64_t>(rest), shift, false,
                           q);
  // The rest wider than a word: its top 63 bits and whether any bit lies below them.
  const int drop = shift - 63;
  return round_to_double(static_cast<std::uint64_t>(product >> shift), static_cast<std::uint64_t>(rest >> drop), 63,
                         (rest & ((static_cast<u128>(1) << drop) - 1)) != 0, q + drop);
}

// 5^k with its top bit moved to bit 63, and its reciprocal as Möller and Granlund define it
// ("Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011: v =
// floor((2^128 - 1) / d) - 2^64), so that a division by it is two multiplications.
struct Divisor {
  std::uint64_t d, v;
  int z;  // the shift that moved 5^k up
};
inline constexpr auto kPow5Divisor = [] {
  std::array<Divisor, 23> divisor{};
  for (std::size_t k = 0; k < divisor.size(); ++k) {
    const int z = std::countl_zero(kPow5[k]);
    const std::uint64_t d = kPow5[k] << z;
    divisor[k] = {d, static_cast<std::uint64_t>(~static_cast<u128>(0) / d - (static_cast<u128>(1) << 64)), z};
  }
  return divisor;
}();

// w * 10^q for 1 <= w < 2^64 and -22 <= q <= 22, correctly rounded.
inline double scale(std::uint64_t w, int q) {
  if (q >= 0) return scale_up(w, q);
  // w / (5^k * 2^k), k = -q, with w moved to the top of a word (m = w * 2^s) and 5^k to the top
  // of another (d = 5^k * 2^z): the quotient of m * 2^63 by d, 63 or 64 bits, is that of
  // m * 2^(63 - z) by 5^k, exact, and the remainder says whether it is whole. The division is
  // Möller and Granlund's algorithm 4 (a divq took 15-50 cycles, a sixth of this reader).
  const Divisor& divisor = kPow5Divisor[-q];
  const int s = __builtin_clzll(w);
  const std::uint64_t m = w << s;
  const std::uint64_t high = m >> 1, low = m << 63;  // high < d, as the algorithm needs
  const u128 guess = static_cast<u128>(divisor.v) * high + ((static_cast<u128>(high + 1) << 64) | low);
  std::uint64_t quotient = static_cast<std::uint64_t>(guess >> 64);
  std::uint64_t remainder = low - quotient * divisor.d;
  // The first correction, taken about a third of the time: a mask, not a branch.
  const std::uint64_t over = -static_cast<std::uint64_t>(remainder > static_cast<std::uint64_t>(guess));
  quotient += over;
  remainder += divisor.d & over;
  if (remainder >= divisor.d) [[unlikely]] {
    ++quotient;
    remainder -= divisor.d;
  }
  const int shift = 10 + static_cast<int>(quotient >> 63);  // 63 or 64 bits, 53 kept
  // m * 2^63 / d = w * 2^(s + 63 - z) / 5^k, and the value is that over 2^k.
  return round_to_double(quotient >> shift, quotient & ((std::uint64_t{1} << shift) - 1), shift, remainder != 0,
                         divisor.z - s - 63 + q);
}

// The files' usual forms, 1 to 7 digits, a point and 8 to 16 more, 19 digits in all at most
// (a leading zero counted), read as three words without a loop: w gets the digits, q the
// power of ten, p moves past them. False, with nothing changed, for anything else, and when
// fewer than 32 characters are left. (Of the 720 174 decimals of the LPS 6-cube file, 656 911
// have 8 to 15 digits after the point, 63 255 one before it and 16 after.)
inline bool usual_form(const char*& p, const char* end, std::uint64_t& w, int& q) {
  if (end - p < 32) return false;
  std::uint64_t a, b, c;
  std::memcpy(&a, p, sizeof a);
  const int n = digit_run(a);
  if (n == 0 || n == 8 || p[n] != '.') return false;
  std::memcpy(&b, p + n + 1, sizeof b);
  std::memcpy(&c, p + n + 9, sizeof c);
  const int m = digit_run(c);
  if (digit_run(b) != 8 || n + 8 + m > 19 || (m == 8 && static_cast<unsigned char>(p[n + 17] - '0') < 10)) return false;
  w = std::uint64_t{leading_digits(a, n)} * 100000000 + leading_digits(b, 8);
  if (m > 0) w = w * kPow10Int[m] + leading_digits(c, m);
  q = -8 - m;
  p += n + 9 + m;
  return true;
}

// Any other form: runs of digits a word at a time, with a point among them or not.
inline bool any_form(const char*& p, const char* end, std::uint64_t& w, int& q) {
  int count = 0, significant = 0;
  if (!append_digits(p, end, w, count, significant) || count == 0) return false;
  if (*p == '.') {
    ++p;
    const int before = count;
    if (!append_digits(p, end, w, count, significant) || count == before) return false;
    q = before - count;
  }
  return true;
}


// The exponent and the double of read_double, for any form.
[[gnu::noinline]] inline const char* read_any_double(const char* p, const char* end, bool negative, double& value) {
  std::uint64_t w = 0;
  int q = 0;
  if (!any_form(p, end, w, q)) return nullptr;
  if ((*p | 0x20) == 'e') {
    if (++p == end) return nullptr;
    const bool down = *p == '-';
    p += down || *p == '+';
    int exponent = 0, digits = 0;
    for (; digits < 4 && end - p > 0 && static_cast<unsigned char>(*p - '0') < 10; ++p, ++digits)
      exponent = exponent * 10 + (*p - '0');
    if (digits == 0 || digits == 4) return nullptr;
    q += down ? -exponent : exponent;
  }
  if (w == 0) {
    value = negative ? -0.0 : 0.0;
    return p;
  }
  if (q < -22 || q > 22) return nullptr;
  const double x = scale(w, q);
  value = negative ? -x : x;
  return p;
}

}  // namespace detail

// Reads the number at p (an optional '-', digits, an optional '.' and digits, an optional 'e' or
// 'E', sign and digits) into value, as std::from_chars would, and returns the pointer past it;
// nullptr when the form or its size is one left to from_chars (see the file's comment), with
// value untouched. Needs 8 readable characters past each run of digits: at the end of the text
// it gives up. The usual form without an exponent is inline (its call and saved registers were
// a tenth of its instructions); the rest is not.
inline const char* read_double(const char* p, const char* end, double& value) {
  const bool negative = p < end && *p == '-';
  p += negative;
  const char* const digits = p;
  std::uint64_t w = 0;
  int q = 0;
  if (!detail::usual_form(p, end, w, q) || (*p | 0x20) == 'e' || w == 0)
    return detail::read_any_double(digits, end, negative, value);
  const double x = detail::scale(w, q);
  value = negative ? -x : x;
  return p;
}

}  // namespace mpnsim::bench::decimal
