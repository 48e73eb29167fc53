// Hypercube, one-port binomial scatter, nearest layer first (seed 001 §4, eq (1)).
//
// The scatter of seed 001 §3: in step k every processor that holds data sends
// along dimension k (1-based), so layer k >= 1 is the 2^(k-1) labels whose
// highest one-bit is k, and a layer-k processor's children are its neighbours
// along dimensions k+1..d. NLF: a layer-k processor, once its message has
// arrived, computes alpha_k and sends each child, in increasing dimension order
// (one port), the data of that child's whole subtree in one message. All
// messages of step k have the same size D_k, so every layer-k processor
// receives at t_k = sum_{j<=k} (S + C D_j) and equal finish gives seed 001 eq (1)
// as SPEC §3 repairs it:
//   A alpha_{k-1} = S + C D_k + A alpha_k,  k = 1..d,
//   D_k = alpha_k + sum_{m=k+1..d} 2^(m-k-1) alpha_m,
//   V = alpha_0 + sum_{k=1..d} 2^(k-1) alpha_k.
// Solved backwards from alpha_d = x: each alpha_k is affine in x, V fixes x; exactly, in
// integers (exact_affine.hpp), as doubles lose digits to cancellation past the feasible range.
#include <bit>
#include <cmath>
#include <functional>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/exact_affine.hpp"
#include "schedulers/divisible/hypercube_closed_forms.hpp"
#include "schedulers/divisible/hypercube_layers.hpp"
#include "schedulers/divisible/strategies.hpp"

namespace mpnsim {

namespace {

// D_k: the data of a layer-k processor's subtree (itself and 2^(m-k-1) processors of each layer m > k).
template <class T, class Add, class Scale>
T subtree(const std::vector<T>& alpha, int k, Add add, Scale scale) {
  const int d = static_cast<int>(alpha.size()) - 1;
  T sum = alpha[static_cast<std::size_t>(k)];
  for (int m = k + 1; m <= d; ++m)
    sum = add(sum, scale(alpha[static_cast<std::size_t>(m)], std::ldexp(1.0, m - k - 1)));
  return sum;
}

}  // namespace

namespace detail {

// Seed 001 eq (1) with b_k = A^(d-k) alpha_k and E_k = A^(d-k) D_k, so that only integers
// appear (exact_affine.hpp), and D_{k-1} = alpha_{k-1} + 2 D_k - alpha_k (from D's definition):
//   b_d = E_d = x,
//   b_{k-1} = A b_k + S A^(d-k) + C E_k,   E_{k-1} = b_{k-1} + A (2 E_k - b_k),
//   A^d V = b_0 + sum_k 2^(k-1) A^k b_k.
std::vector<double> nlf_layer_loads(int d, double A_, double C_, double S_, double V) {
  if (d == 0) return {V};
  const ScaledTimes t = scale_to_integers(A_, C_, S_);
  const BigInt &A = t.A, &C = t.C, &S = t.S;
  std::vector<BigInt> A_to(static_cast<std::size_t>(d) + 1, BigInt(1));
  for (std::size_t k = 1; k < A_to.size(); ++k) A_to[k] = A_to[k - 1] * A;
  const auto Ap = [&](int k) -> const BigInt& { return A_to[static_cast<std::size_t>(k)]; };
  std::vector<ExactAffine> num(static_cast<std::size_t>(d) + 1);
  std::vector<int> pow(static_cast<std::size_t>(d) + 1);
  const auto at = [](int k) { return static_cast<std::size_t>(k); };
  num[at(d)] = {1, 0};
  pow[at(d)] = 0;
  ExactAffine E = num[at(d)];
  for (int k = d; k >= 1; --k) {
    const ExactAffine& b = num[at(k)];
    num[at(k - 1)] = A * b + ExactAffine{0, S * Ap(d - k)} + C * E;  // eq (1)
    pow[at(k - 1)] = d - k + 1;
    E = num[at(k - 1)] + A * (BigInt(2) * E - b);
  }
  ExactAffine total = num[0];
  for (int k = 1; k <= d; ++k) total = total + BigInt(Ap(k) << (k - 1)) * num[at(k)];
  return exact_layer_loads(num, pow, total, d, A, V);
}

}  // namespace detail

namespace {

DltSolution solve(const DltInput& in) {
  const std::string name = "hypercube-nlf";
  detail::HypercubeInput h = detail::read_hypercube_input(in, name, 1, true);
  const double A = h.A, C = h.C, S = h.S, V = in.load;
  const detail::DimensionChoice c =
      detail::choose_dimension(h.dim, [&](int d) { return detail::nlf_layer_loads(d, A, C, S, V); });
  const auto layer_of = [](int r) { return static_cast<int>(std::bit_width(static_cast<unsigned>(r))); };
  DltSolution s = detail::layered_solution(name, in, std::move(h), c, layer_of);
  // The plan, on labels relative to the source (a parent r - 2^(k-1) comes before r).
  const int d = c.dim;
  const std::vector<double>& alpha = c.alpha;
  std::vector<int> arrival(static_cast<std::size_t>(1) << d, -1);
  // A compute per processor and a send per processor but the source: reserved whole, as growing
  // by doubling would hold the old and the new list at once at the command's peak.
  s.plan.actions.reserve((std::size_t{1} << d) * 2);
  // One name per layer, kept once for all its 2^(k-1) actions.
  std::vector<std::uint32_t> layer_name, to_layer;
  for (int k = 0; k <= d; ++k) {
    layer_name.push_back(s.plan.add_name(fmt::format("layer {}", k)));
    to_layer.push_back(s.plan.add_name(fmt::format("to layer {}", k)));
  }
  for (int r = 0; r < (1 << d); ++r) {
    const int k = layer_of(r);
    const std::vector<int> received =
        r == 0 ? std::vector<int>{} : std::vector<int>{arrival[static_cast<std::size_t>(r)]};
    std::vector<int> after = received;
    for (int j = k + 1; j <= d; ++j) {  // children in increasing dimension: one send at a time
      const int child = r + (1 << (j - 1));
      const double D = subtree(alpha, j, std::plus<>{}, std::multiplies<>{});
      const int send = s.plan.add_send(r ^ in.source, child ^ in.source, D, {}, after);
      s.plan.set_name(send, to_layer[static_cast<std::size_t>(j)]);
      arrival[static_cast<std::size_t>(child)] = send;
      after = {send};
    }
    const int compute = s.plan.add_compute(r ^ in.source, alpha[static_cast<std::size_t>(k)], {}, received);
    s.plan.set_name(compute, layer_name[static_cast<std::size_t>(k)]);
  }
  return s;
}

}  // namespace

DivisibleStrategyEntry hypercube_nlf_strategy() {
  return {"hypercube-nlf",
          "hypercube, one port, binomial scatter, nearest layer first: one message per subtree (seed 001 eq (1))",
          {detail::hypercube_dim_param()},
          {"hypercube"},
          solve};
}

}  // namespace mpnsim
