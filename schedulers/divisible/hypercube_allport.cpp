// Hypercube, all-port, layered scatter (seed 000, Błażewicz & Drozdowski 1995), with a startup S.
//
// Layer i is the set of labels with i one-bits (seed 000 Lemma): C(d,i)
// processors, each fed at once by its i neighbours of layer i-1 and feeding at
// once its d-i neighbours of layer i+1, one equal part per link. A processor
// forwards only after all of its i parts have arrived, and from that moment it
// computes its own share while its co-processor forwards the rest.
//
// Seed 000 eq (1): alpha^_i Vol_i w Tcp = (1 - alpha^_i) Vol_i ((i+1) w_{i+1} Tcp + z Tcm) / (d-i).
// With the per-processor share alpha_i = alpha^_i Vol_i, the part one link
// carries m_i = (1 - alpha^_i) Vol_i / (d-i) and w_{i+1} = alpha^_{i+1} w, the
// right side is m_i z Tcm + alpha_{i+1} w Tcp: a layer-i processor computes as
// long as one link's part takes to cross plus layer i+1's own computing. Every
// message also pays the startup S (seed 000 has none), so in seed 001's notation
// A = w Tcp, C = z Tcm:
//   A alpha_i = S + C m_i + A alpha_{i+1},   m_i = Vol_{i+1} / (i+1),
//   Vol_i = alpha_i + (d-i) m_i,   Vol_d = alpha_d,   Vol_0 = V.
// Solved backwards from alpha_d = x (as eqs (2)-(3) are solved from alpha^_d = 1,
// w_d = w), every quantity is affine in x and Vol_0 = V fixes x. With S = 0 it is
// the paper's recursion scaled by x. With S > 0, Vol_0 = P x + Q with Q > 0, so a
// load V < Q would need x < 0: the dimension is then reduced.
#include <bit>
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

struct AllPortLayers {
  std::vector<double> alpha;  // per processor of layer i = 0..d
  std::vector<double> part;   // m_i: what each link from layer i to layer i+1 carries, i = 0..d-1
};

AllPortLayers solve_allport(int d, double A, double C, double S, double V) {
  AllPortLayers out;
  if (d == 0) {
    out.alpha = {V};
    return out;
  }
  std::vector<Affine> alpha(static_cast<std::size_t>(d + 1)), part(static_cast<std::size_t>(d));
  alpha[static_cast<std::size_t>(d)] = {1, 0};
  Affine vol = {1, 0};  // Vol_d = alpha_d: the last layer keeps all it receives
  for (int i = d - 1; i >= 0; --i) {
    const auto ui = static_cast<std::size_t>(i);
    const Affine m{vol.p / (i + 1), vol.q / (i + 1)};  // Vol_{i+1} arrives over i+1 links
    part[ui] = m;
    const Affine& next = alpha[ui + 1];
    alpha[ui] = {next.p + C * m.p / A, next.q + (S + C * m.q) / A};  // seed 000 eq (1) with S
    vol = {alpha[ui].p + (d - i) * m.p, alpha[ui].q + (d - i) * m.q};
  }
  const double x = (V - vol.q) / vol.p;  // Vol_0 = V
  for (const Affine& a : alpha) out.alpha.push_back(a.at(x));
  for (const Affine& m : part) out.part.push_back(m.at(x));
  return out;
}

DltSolution solve(const DltInput& in) {
  const std::string name = "hypercube-allport";
  detail::HypercubeInput h = detail::read_hypercube_input(in, name, kAllPorts, true);
  const double A = h.A, C = h.C, S = h.S, V = in.load;
  const detail::DimensionChoice c = detail::choose_dimension(
      h.dim, [&](int d) { return solve_allport(d, A, C, S, V).alpha; });
  const AllPortLayers layers = solve_allport(c.dim, A, C, S, V);
  DltSolution s = detail::layered_solution(name, in, std::move(h), c,
                                           [](int r) { return std::popcount(static_cast<unsigned>(r)); });
  // The plan: a layer-i processor, once all i of its parts have arrived, sends
  // m_i to each of its d-i neighbours with one more one-bit, all at once, and
  // computes alpha_i. Labels are relative to the source (r -> r ^ source is an
  // automorphism of the cube); a parent r ^ 2^b < r is handled before r.
  const int d = c.dim;
  std::vector<std::vector<int>> arrivals(static_cast<std::size_t>(1) << d);
  // One name per layer, kept once for all its actions.
  std::vector<std::uint32_t> layer_name, to_layer;
  for (int k = 0; k <= d + 1; ++k) {
    layer_name.push_back(s.plan.add_name(fmt::format("layer {}", k)));
    to_layer.push_back(s.plan.add_name(fmt::format("to layer {}", k)));
  }
  for (int r = 0; r < (1 << d); ++r) {
    const int i = std::popcount(static_cast<unsigned>(r));
    const std::vector<int>& after = arrivals[static_cast<std::size_t>(r)];
    for (int b = 0; b < d; ++b) {
      const int child = r | (1 << b);
      if (child == r) continue;
      const int send =
          s.plan.add_send(r ^ in.source, child ^ in.source, layers.part[static_cast<std::size_t>(i)], {}, after);
      s.plan.set_name(send, to_layer[static_cast<std::size_t>(i) + 1]);
      arrivals[static_cast<std::size_t>(child)].push_back(send);
    }
    const int compute = s.plan.add_compute(r ^ in.source, layers.alpha[static_cast<std::size_t>(i)], {}, after);
    s.plan.set_name(compute, layer_name[static_cast<std::size_t>(i)]);
  }
  if (S > 0)
    s.notes.push_back("seed 000 has no startup; every message here also pays S once per hop (eq (1) with S added)");
  return s;
}

}  // namespace

DivisibleStrategyEntry hypercube_allport_strategy() {
  return {"hypercube-allport",
          "hypercube, all ports at once, layer by layer by number of one-bits (seed 000 eqs (1)-(3))",
          {detail::hypercube_dim_param()},
          {"hypercube"},
          solve};
}

}  // namespace mpnsim
