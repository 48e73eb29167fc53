// Hypercube, one-port binomial scatter, largest layer first (seed 001 §5, eq (2)).
//
// Layers as in NLF (layer k = the 2^(k-1) labels whose highest one-bit is k).
// LLF never combines data of different layers: layer d's pieces are scattered
// first, then layer d-1's, ..., then layer 1's. Layer k's scatter follows the
// binomial tree in k steps: in step j = 1..k every holder u < 2^(j-1) sends
// along dimension j to u + 2^(j-1) the pieces of the layer-k processors beyond
// that link, 2^(k-j-1) pieces of alpha_k for j < k and its last piece for j = k.
// The scatter thus takes k S + C alpha_k (2^(k-2) + ... + 1 + 1) = k S + C 2^(k-1) alpha_k
// (the OCR'd "C alpha_k (1 + sum_{i=0}^{k-2} 2^i)"), its steps never overlap
// (each step's senders are the previous step's senders and receivers), and the
// next scatter starts when the source has sent its last piece, which ends the
// scatter. Layer k receives its own pieces at the end of its scatter and
// computes them; equal finish gives seed 001 eq (2) as SPEC §3 repairs it:
//   A alpha_{k+1} = k S + C 2^(k-1) alpha_k + A alpha_k,  k = d-1..1,
//   A alpha_0 = sum_{m=1..d} (m S + C 2^(m-1) alpha_m) + A alpha_1,
//   V = alpha_0 + sum_{k=1..d} 2^(k-1) alpha_k.
// Solved forwards from alpha_1 = x: every alpha_k is affine in x, V fixes x; exactly, in
// integers (exact_affine.hpp), as doubles cancel catastrophically near the feasible limit.
// With S > 0 layer 1, served last, is the one whose share turns negative.
#include <bit>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/exact_affine.hpp"
#include "schedulers/divisible/hypercube_closed_forms.hpp"
#include "schedulers/divisible/hypercube_layers.hpp"
#include "schedulers/divisible/strategies.hpp"

namespace mpnsim {

namespace detail {

// Seed 001 eq (2) with b_k = A^(k-1) alpha_k, so that only integers appear (exact_affine.hpp):
//   b_1 = x,  b_{k+1} = (C 2^(k-1) + A) b_k + k S A^(k-1),
//   A^d alpha_0 = A^d b_1 + sum_m A^(d-m) (m S A^(m-1) + C 2^(m-1) b_m),
//   A^d V = A^d alpha_0 + sum_k 2^(k-1) A^(d-k+1) b_k.
std::vector<double> llf_layer_loads(int d, double A_, double C_, double S_, double V) {
  if (d == 0) return {V};
  const ScaledTimes t = scale_to_integers(A_, C_, S_);
  const BigInt &A = t.A, &C = t.C, &S = t.S;
  std::vector<BigInt> A_to(static_cast<std::size_t>(d) + 2, BigInt(1));
  for (std::size_t k = 1; k < A_to.size(); ++k) A_to[k] = A_to[k - 1] * A;
  const auto Ap = [&](int k) -> const BigInt& { return A_to[static_cast<std::size_t>(k)]; };
  std::vector<ExactAffine> num(static_cast<std::size_t>(d) + 1);
  std::vector<int> pow(static_cast<std::size_t>(d) + 1);
  const auto at = [](int k) { return static_cast<std::size_t>(k); };
  num[1] = {1, 0};
  pow[1] = 0;
  ExactAffine alpha0 = Ap(d) * num[1];
  for (int k = 1; k <= d; ++k) {
    const BigInt C_layer = C << (k - 1);  // C 2^(k-1)
    // A^(k-1) times the layer-k scatter time k S + C 2^(k-1) alpha_k.
    const ExactAffine scatter = C_layer * num[at(k)] + ExactAffine{0, BigInt(k * S * Ap(k - 1))};
    alpha0 = alpha0 + Ap(d - k) * scatter;
    if (k < d) {
      num[at(k + 1)] = A * num[at(k)] + scatter;  // eq (2)
      pow[at(k + 1)] = k;
    }
  }
  num[0] = alpha0;
  pow[0] = d;
  ExactAffine total = alpha0;
  for (int k = 1; k <= d; ++k) total = total + BigInt(Ap(d - k + 1) << (k - 1)) * num[at(k)];
  return exact_layer_loads(num, pow, total, d, A, V);
}

}  // namespace detail

namespace {

DltSolution solve(const DltInput& in) {
  const std::string name = "hypercube-llf";
  detail::HypercubeInput h = detail::read_hypercube_input(in, name, 1);
  const double A = h.A, C = h.C, S = h.S, V = in.load;
  const detail::DimensionChoice c =
      detail::choose_dimension(h.dim, [&](int d) { return detail::llf_layer_loads(d, A, C, S, V); });
  const auto layer_of = [](int r) { return static_cast<int>(std::bit_width(static_cast<unsigned>(r))); };
  DltSolution s = detail::layered_solution(name, in, std::move(h), c, layer_of);
  // The plan, on labels relative to the source. Each processor's sends are
  // chained in the paper's step order (one port), and a holder forwards layer
  // k's pieces only after they have reached it.
  const int d = c.dim;
  const int n = 1 << d;
  const auto phys = [&](int r) { return r ^ in.source; };
  s.plan.add_compute(phys(0), c.alpha[0], "layer 0");
  std::vector<int> last_send(static_cast<std::size_t>(n), -1);
  std::vector<int> arrival(static_cast<std::size_t>(n), -1);  // receipt of the current layer's pieces
  std::vector<std::uint32_t> layer_name;  // one name per layer, kept once for all its actions
  for (int k = 0; k <= d; ++k) layer_name.push_back(s.plan.add_name(fmt::format("layer {}", k)));
  for (int k = d; k >= 1; --k) {
    const double piece = c.alpha[static_cast<std::size_t>(k)];
    for (int j = 1; j <= k; ++j) {
      const double amount = j < k ? std::ldexp(piece, k - j - 1) : piece;
      const std::uint32_t step_name = s.plan.add_name(fmt::format("layer {} data, step {}", k, j));
      for (int u = 0; u < (1 << (j - 1)); ++u) {
        std::vector<int> after;
        if (last_send[static_cast<std::size_t>(u)] >= 0) after.push_back(last_send[static_cast<std::size_t>(u)]);
        if (u != 0) after.push_back(arrival[static_cast<std::size_t>(u)]);
        const int to = u + (1 << (j - 1));
        const int send = s.plan.add_send(phys(u), phys(to), amount, {}, after);
        s.plan.set_name(send, step_name);
        last_send[static_cast<std::size_t>(u)] = send;
        arrival[static_cast<std::size_t>(to)] = send;
      }
    }
    for (int r = 1 << (k - 1); r < (1 << k); ++r)
      s.plan.set_name(s.plan.add_compute(phys(r), piece, {}, {arrival[static_cast<std::size_t>(r)]}),
                      layer_name[static_cast<std::size_t>(k)]);
  }
  // Seed 001 Fig. 5 plots LLF's speedup over NLF's on the same machine and sub-cube request.
  // (On the caller's machine, which LLF has not taken: nor may NLF.)
  const DltSolution nlf =
      hypercube_nlf_strategy().solve(DltInput{in.topology, in.machine, in.load, in.source, in.params});
  s.figures.emplace_back("speedup_over_nlf", s.speedup() / nlf.speedup());
  return s;
}

}  // namespace

DivisibleStrategyEntry hypercube_llf_strategy() {
  return {"hypercube-llf",
          "hypercube, one port, binomial scatter, largest layer first: layers never combined (seed 001 eq (2))",
          {detail::hypercube_dim_param()},
          {"hypercube"},
          solve};
}

}  // namespace mpnsim
