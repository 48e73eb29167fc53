// LLF and NLF closed forms (seed 001) against the equal-finish systems solved here in exact rationals.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>
#include <fmt/format.h>

#include "schedulers/divisible/exact_affine.hpp"
#include "schedulers/divisible/hypercube_closed_forms.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

using Rational = boost::multiprecision::cpp_rational;
using Row = std::vector<Rational>;  // coefficients of alpha_0..alpha_d, then the right-hand side

Rational exact(double v) { return Rational(v); }  // every double is a rational: converted exactly
Rational two_to(int k) { return Rational(boost::multiprecision::cpp_int(1) << k); }

// Gauss-Jordan elimination in rationals, skipping zeros (the systems are sparse).
std::vector<Rational> solve(std::vector<Row> m) {
  const std::size_t n = m.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    while (m[pivot][c] == 0) ++pivot;  // the systems are regular
    std::swap(m[pivot], m[c]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || m[r][c] == 0) continue;
      const Rational f = m[r][c] / m[c][c];
      for (std::size_t k = c; k <= n; ++k)
        if (m[c][k] != 0) m[r][k] -= f * m[c][k];
    }
  }
  std::vector<Rational> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = m[i][n] / m[i][i];
  return x;
}

// V = alpha_0 + sum_k 2^(k-1) alpha_k.
Row load_row(int d, double V) {
  Row r(static_cast<std::size_t>(d) + 2, Rational(0));
  r[0] = 1;
  for (int k = 1; k <= d; ++k) r[static_cast<std::size_t>(k)] = two_to(k - 1);
  r.back() = exact(V);
  return r;
}

// Seed 001 eq (1), NLF, written out as in the paper (SPEC §3 repair):
// A alpha_{k-1} - A alpha_k - C D_k = S with D_k = alpha_k + sum_{m>k} 2^(m-k-1) alpha_m.
std::vector<Rational> nlf_exact(int d, double A, double C, double S, double V) {
  std::vector<Row> m;
  for (int k = 1; k <= d; ++k) {
    Row r(static_cast<std::size_t>(d) + 2, Rational(0));
    r[static_cast<std::size_t>(k - 1)] += exact(A);
    r[static_cast<std::size_t>(k)] -= exact(A) + exact(C);
    for (int j = k + 1; j <= d; ++j) r[static_cast<std::size_t>(j)] -= exact(C) * two_to(j - k - 1);
    r.back() = exact(S);
    m.push_back(r);
  }
  m.push_back(load_row(d, V));
  return solve(m);
}

// Seed 001 eq (2), LLF: A alpha_{k+1} - (C 2^(k-1) + A) alpha_k = k S for k = 1..d-1, and
// A alpha_0 - A alpha_1 - sum_m C 2^(m-1) alpha_m = sum_m m S.
std::vector<Rational> llf_exact(int d, double A, double C, double S, double V) {
  if (d == 0) return {exact(V)};  // the originator alone
  std::vector<Row> m;
  for (int k = 1; k < d; ++k) {
    Row r(static_cast<std::size_t>(d) + 2, Rational(0));
    r[static_cast<std::size_t>(k + 1)] = exact(A);
    r[static_cast<std::size_t>(k)] = -(exact(C) * two_to(k - 1) + exact(A));
    r.back() = k * exact(S);
    m.push_back(r);
  }
  Row last(static_cast<std::size_t>(d) + 2, Rational(0));
  last[0] = exact(A);
  last[1] -= exact(A);
  for (int k = 1; k <= d; ++k) last[static_cast<std::size_t>(k)] -= exact(C) * two_to(k - 1);
  last.back() = (d * (d + 1) / 2) * exact(S);
  m.push_back(last);
  m.push_back(load_row(d, V));
  return solve(m);
}

struct Case {
  double A, C, S, V;
};

// The paper's iPSC/2 figures (seed 001 §6), a dyadic case, and awkward decimals either side.
const std::vector<Case> kCases{{1.0, 0.36, 700.0, 1e6}, {2.0, 0.5, 0.0, 1.0}, {0.3, 1.7, 0.05, 1000.0},
                               {1.7, 0.3, 1e-3, 7.0}};
// Every dimension to 30 (seed 001's curves stop at 12; the topology builds up to 18).
std::vector<int> all_dims() {
  std::vector<int> d;
  for (int k = 0; k <= 30; ++k) d.push_back(k);
  return d;
}
const std::vector<int> kDims = all_dims();

void expect_exact(const std::vector<double>& got, const std::vector<Rational>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t k = 0; k < want.size(); ++k) {
    const double w = want[k].convert_to<double>();
    // Rounded once from the exact value: within an ulp or two of the test's own rounding.
    EXPECT_LE(std::abs(got[k] - w), 1e-15 * std::abs(w)) << what << " alpha_" << k << " = " << got[k] << ", exact "
                                                         << w;
  }
}

TEST(ExactClosedForms, NlfMatchesTheRationalSystemUpToD30) {
  for (const Case& c : kCases)
    for (int d : kDims)
      expect_exact(detail::nlf_layer_loads(d, c.A, c.C, c.S, c.V), nlf_exact(d, c.A, c.C, c.S, c.V),
                   fmt::format("NLF d={} A={} C={} S={} V={}", d, c.A, c.C, c.S, c.V));
}

TEST(ExactClosedForms, LlfMatchesTheRationalSystemUpToD30) {
  for (const Case& c : kCases)
    for (int d : kDims)
      expect_exact(detail::llf_layer_loads(d, c.A, c.C, c.S, c.V), llf_exact(d, c.A, c.C, c.S, c.V),
                   fmt::format("LLF d={} A={} C={} S={} V={}", d, c.A, c.C, c.S, c.V));
}

// Issue #12: the closed form at the requested dimension (past LLF's feasible d = 5) lost digits
// to cancellation: 3.2992 at d = 12 and 3.36166 at d = 11, where the exact solution gives
// 3.29324 and 3.36162 (seed 001's iPSC/2: A = 1, C = 0.36, S = 700, V = 10^6).
TEST(ExactClosedForms, LlfRequestedSpeedupOnIpsc2) {
  const Topology t = hypercube(12);
  const MachineSpec m = uniform_machine(t.size(), t.links(), false, ProcessorSpec{1.0, true, 1, 1}, 0.36, 700.0, 1, 1);
  const DivisibleStrategyEntry e = hypercube_llf_strategy();
  const std::vector<std::pair<int, double>> want{{11, 3.3616211745}, {12, 3.2932437059}};
  for (const auto& [d, speedup] : want) {
    const ParamSet params = resolve_params(e.params, {{"subcube_dim", std::to_string(d)}});
    const DltSolution s = e.solve(DltInput{t, m, 1e6, 0, params});
    double requested = 0;
    for (const auto& [k, v] : s.figures)
      if (k == "speedup_requested_dim") requested = v;
    EXPECT_NEAR(requested, speedup, 1e-10) << "d=" << d;
    const std::vector<Rational> exact_alpha = llf_exact(d, 1.0, 0.36, 700.0, 1e6);
    EXPECT_LE(std::abs(requested - (Rational(1e6) / exact_alpha[0]).convert_to<double>()), 1e-12 * requested);
  }
}

// The big-integer quotient rounds to the nearest double, ties and signs included.
TEST(ExactClosedForms, RatioRoundsToNearest) {
  using detail::BigInt;
  EXPECT_EQ(detail::ratio_to_double(1, 3), 1.0 / 3);
  EXPECT_EQ(detail::ratio_to_double(-2, 3), -2.0 / 3);
  EXPECT_EQ(detail::ratio_to_double(10, -4), -2.5);
  EXPECT_EQ(detail::ratio_to_double(0, 7), 0.0);
  // 2^53 + 1 is halfway between two doubles: ties go to even, 2^53 + 3 up to 2^53 + 4;
  // a hair above the tie rounds up.
  const BigInt p53 = BigInt(1) << 53;
  EXPECT_EQ(detail::ratio_to_double(p53 + 1, 1), 9007199254740992.0);
  EXPECT_EQ(detail::ratio_to_double(p53 + 3, 1), 9007199254740996.0);
  EXPECT_EQ(detail::ratio_to_double((p53 + 1) * 1000 + 1, 1000), 9007199254740994.0);
  const BigInt huge = BigInt(1) << 3000;
  EXPECT_EQ(detail::ratio_to_double(huge * 5, huge * 4), 1.25);
}

}  // namespace
}  // namespace mpnsim
