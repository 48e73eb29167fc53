// Scaling doubles to exact integers, solving for the unknown, and rounding quotients once.
#include "schedulers/divisible/exact_affine.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>

namespace mpnsim::detail {

namespace {

// v = mantissa * 2^exponent with an integer mantissa of at most 53 bits (v finite, > 0).
struct Dyadic {
  std::int64_t mantissa;
  int exponent;
};

Dyadic dyadic(double v) {
  int e = 0;
  const double m = std::frexp(v, &e);  // v = m 2^e, 0.5 <= m < 1
  return {static_cast<std::int64_t>(std::ldexp(m, 53)), e - 53};
}

}  // namespace

ScaledTimes scale_to_integers(double A, double C, double S) {
  assert(std::isfinite(A) && std::isfinite(C) && std::isfinite(S) && A > 0 && C >= 0 && S >= 0);
  // The smallest exponent among the nonzero values becomes 0: every shift below is >= 0.
  int low = dyadic(A).exponent;
  for (double v : {C, S})
    if (v > 0) low = std::min(low, dyadic(v).exponent);
  auto exact = [&](double v) {
    if (v == 0) return BigInt(0);
    const Dyadic d = dyadic(v);
    return BigInt(d.mantissa) << (d.exponent - low);
  };
  return {exact(A), exact(C), exact(S)};
}

std::vector<double> exact_layer_loads(const std::vector<ExactAffine>& num, const std::vector<int>& pow,
                                      const ExactAffine& total, int total_pow, const BigInt& A, double V) {
  const int top = std::max(total_pow, *std::max_element(pow.begin(), pow.end()));
  std::vector<BigInt> A_to(static_cast<std::size_t>(top) + 1, BigInt(1));
  for (int k = 1; k <= top; ++k) A_to[static_cast<std::size_t>(k)] = A_to[static_cast<std::size_t>(k) - 1] * A;
  // V = Vn / Vd exactly, Vd a power of two.
  BigInt Vn = 0, Vd = 1;
  if (V != 0) {
    const Dyadic d = dyadic(std::abs(V));
    Vn = BigInt(d.mantissa);
    if (d.exponent >= 0) Vn <<= d.exponent;
    else Vd <<= -d.exponent;
    if (V < 0) Vn = -Vn;
  }
  // total(x) = A^total_pow V  =>  x = (Vn A^total_pow - Vd total.q) / (Vd total.p) = xn / xd.
  const BigInt xn = Vn * A_to[static_cast<std::size_t>(total_pow)] - Vd * total.q;
  const BigInt xd = Vd * total.p;
  std::vector<double> out;
  out.reserve(num.size());
  for (std::size_t k = 0; k < num.size(); ++k)
    out.push_back(ratio_to_double(num[k].p * xn + num[k].q * xd, xd * A_to[static_cast<std::size_t>(pow[k])]));
  return out;
}

double ratio_to_double(const BigInt& num, const BigInt& den) {
  assert(den != 0);
  if (num == 0) return 0.0;
  const bool negative = (num < 0) != (den < 0);
  const BigInt n = abs(num), d = abs(den);
  // q = floor(n 2^s / d) with s chosen so that 2^62 <= q < 2^64: more bits than a double
  // keeps, and a sticky last bit for what the division left, so converting q rounds correctly.
  const long s = 63 + static_cast<long>(msb(d)) - static_cast<long>(msb(n));
  BigInt q, r;
  if (s >= 0) divide_qr(BigInt(n << s), d, q, r);
  else divide_qr(n, BigInt(d << -s), q, r);
  auto bits = q.convert_to<std::uint64_t>();
  if (r != 0) bits |= 1;
  const double v = std::ldexp(static_cast<double>(bits), static_cast<int>(-s));
  return negative ? -v : v;
}

}  // namespace mpnsim::detail
