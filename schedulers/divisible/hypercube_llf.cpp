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
// Solved forwards from alpha_1 = x: every alpha_k is affine in x, V fixes x.
// With S > 0 layer 1, served last, is the one whose share turns negative.
#include <bit>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/hypercube_layers.hpp"
#include "schedulers/divisible/strategies.hpp"

namespace mpnsim {

namespace {

struct Affine {  // p * x + q
  double p = 0, q = 0;
  double at(double x) const { return p * x + q; }
};

std::vector<double> solve_llf(int d, double A, double C, double S, double V) {
  if (d == 0) return {V};
  std::vector<Affine> alpha(static_cast<std::size_t>(d + 1));
  alpha[1] = {1, 0};
  Affine scatters{0, 0};  // sum over m of the layer-m scatter time m S + C 2^(m-1) alpha_m
  for (int k = 1; k <= d; ++k) {
    const Affine& a = alpha[static_cast<std::size_t>(k)];
    const Affine scatter{C * std::ldexp(1.0, k - 1) * a.p, k * S + C * std::ldexp(1.0, k - 1) * a.q};
    scatters = {scatters.p + scatter.p, scatters.q + scatter.q};
    if (k < d) alpha[static_cast<std::size_t>(k + 1)] = {a.p + scatter.p / A, a.q + scatter.q / A};  // eq (2)
  }
  alpha[0] = {alpha[1].p + scatters.p / A, alpha[1].q + scatters.q / A};  // eq (2), last line
  Affine total = alpha[0];
  for (int k = 1; k <= d; ++k) {
    const double n = std::ldexp(1.0, k - 1);
    total = {total.p + n * alpha[static_cast<std::size_t>(k)].p, total.q + n * alpha[static_cast<std::size_t>(k)].q};
  }
  const double x = (V - total.q) / total.p;
  std::vector<double> out;
  for (const Affine& a : alpha) out.push_back(a.at(x));
  return out;
}

DltSolution solve(const DltInput& in) {
  const std::string name = "hypercube-llf";
  detail::HypercubeInput h = detail::read_hypercube_input(in, name, 1);
  const double A = h.A, C = h.C, S = h.S, V = in.load;
  const detail::DimensionChoice c =
      detail::choose_dimension(h.dim, [&](int d) { return solve_llf(d, A, C, S, V); });
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
  for (int k = d; k >= 1; --k) {
    const double piece = c.alpha[static_cast<std::size_t>(k)];
    for (int j = 1; j <= k; ++j) {
      const double amount = j < k ? std::ldexp(piece, k - j - 1) : piece;
      for (int u = 0; u < (1 << (j - 1)); ++u) {
        std::vector<int> after;
        if (last_send[static_cast<std::size_t>(u)] >= 0) after.push_back(last_send[static_cast<std::size_t>(u)]);
        if (u != 0) after.push_back(arrival[static_cast<std::size_t>(u)]);
        const int to = u + (1 << (j - 1));
        const int send = s.plan.add_send(phys(u), phys(to), amount, fmt::format("layer {} data, step {}", k, j), after);
        last_send[static_cast<std::size_t>(u)] = send;
        arrival[static_cast<std::size_t>(to)] = send;
      }
    }
    for (int r = 1 << (k - 1); r < (1 << k); ++r)
      s.plan.add_compute(phys(r), piece, fmt::format("layer {}", k), {arrival[static_cast<std::size_t>(r)]});
  }
  // Seed 001 Fig. 5 plots LLF's speedup over NLF's on the same machine and sub-cube request.
  const DltSolution nlf = hypercube_nlf_strategy().solve(in);
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
