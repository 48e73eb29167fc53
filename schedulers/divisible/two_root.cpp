// Seed 003: single-level tree with two load-originating roots and concurrent sends, closed form.
//
// Roots P1 and P2 are topology nodes 0 and 1; children P3..PN are nodes 2..N-1
// (the paper's N counts the roots). At time 0 each root starts sending to every
// child at once (all-port) while computing its own share (front-end processor),
// seed 003 §IV. Child i computes root 1's part alpha_1i as soon as it has
// arrived; root 2's part alpha_2i is sized so that its transfer ends exactly
// when that computation does (alpha_2i z_2i = alpha_1i (z_1i + w_i), §IV), then
// the child computes it. Hence eqs (17)-(23):
//   r_i = z_1i Tcm + z_2i Tcm + w_i Tcp,   k_i = z_2i Tcm / r_i,
//   alpha_1i = k_i alpha_i,   alpha_2i = (1 - k_i) alpha_i,
//   s_i = w_1 Tcp r_i / (w_i Tcp r_i + z_1i z_2i Tcm^2),   alpha_i = s_i alpha_1,
//   alpha_2 = (w_1 / w_2) alpha_1,   alpha_1 = 1 / (1 + w_1/w_2 + sum s_i),
//   T_f = w_1 Tcp alpha_1.
// L1 = alpha_1 + sum alpha_1i and L2 = alpha_2 + sum alpha_2i, the loads the
// roots must hold at time 0, are results of the solution (figures "L1", "L2"),
// not inputs; DltInput.source plays no part.
//
// Startup latency (an extension: the paper has none). With S_1i, S_2i on the two
// links the same schedule gives, for a common finish T,
//   alpha_1i = (z_2i (T - S_1i) - w_i (S_1i - S_2i)) / ((z_1i + w_i)(z_2i + w_i)),
//   alpha_2i = (T - S_1i - alpha_1i (z_1i + w_i)) / w_i   (z, w times Tcm, Tcp),
// which is affine in T and reduces to eqs (17)-(21) at S = 0; T follows from
// sum of loads = V. A child whose share would be negative (S too large for what
// it could add) is left out and the system solved again.
//
// Note: s_i is symmetric in z_1i and z_2i, so the speed of root 2's links changes
// T_f exactly as root 1's do; seed 003's Fig. 6 claim that z_2 has no effect does
// not follow from its own eqs (17)-(23).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

namespace {

struct Affine {  // p T + q
  double p = 0, q = 0;
  double at(double t) const { return p * t + q; }
};

// One child's two shares as functions of the common finish T.
struct ChildModel {
  int node = 0;
  Affine from_root1, from_root2;
};

ChildModel child_model(const MachineSpec& m, int c) {
  const LinkSpec& l1 = link_between(m, 0, c);
  const LinkSpec& l2 = link_between(m, 1, c);
  const double z1 = l1.z * m.Tcm, z2 = l2.z * m.Tcm, s1 = l1.startup, s2 = l2.startup;
  const double w = m.processors[static_cast<std::size_t>(c)].w * m.Tcp;
  const double c1 = z1 + w;  // receive root 1's part, then compute it
  ChildModel cm;
  cm.node = c;
  const double d = c1 * (z2 + w);
  cm.from_root1 = {z2 / d, (-z2 * s1 - w * (s1 - s2)) / d};
  // T = S_1i + alpha_1i (z_1i + w_i) + alpha_2i w_i
  cm.from_root2 = {(1 - cm.from_root1.p * c1) / w, (-s1 - cm.from_root1.q * c1) / w};
  return cm;
}

DltSolution solve_two_root(const DltInput& in) {
  const Topology& t = in.topology;
  if (t.kind() != "two-root")
    throw std::invalid_argument(fmt::format(
        "two-root: seed 003's closed form is for the two-root single-level tree; got {}", t.name()));
  const int n = t.size();
  if (in.machine.size() != n)
    throw std::invalid_argument(
        fmt::format("two-root: the machine has {} processors, the topology {}", in.machine.size(), n));
  if (!(in.load > 0) || !std::isfinite(in.load))
    throw std::invalid_argument("two-root: load must be a positive number");
  for (int p = 0; p < n; ++p)
    if (!(in.machine.processors[static_cast<std::size_t>(p)].w > 0))
      throw std::invalid_argument(fmt::format("two-root: processor {} has w = 0; every w must be > 0", p));

  // The schedule needs all-port roots, children receiving from both roots at
  // once, and front-end processors everywhere (seed 003 §IV's assumptions).
  MachineSpec m = in.machine;
  bool adjusted = false;
  for (int p = 0; p < n; ++p) {
    ProcessorSpec& ps = m.processors[static_cast<std::size_t>(p)];
    const ProcessorSpec before = ps;
    ps.coprocessor = true;
    if (p < 2) ps.send_ports = kAllPorts;
    else ps.recv_ports = kAllPorts;
    adjusted |= before.coprocessor != ps.coprocessor || before.send_ports != ps.send_ports ||
                before.recv_ports != ps.recv_ports;
  }

  const double V = in.load;
  const double w1 = m.processors[0].w * m.Tcp, w2 = m.processors[1].w * m.Tcp;
  std::vector<ChildModel> children;
  for (int c = 2; c < n; ++c) children.push_back(child_model(m, c));

  DltSolution sol;
  sol.strategy = "two-root";
  std::vector<int> left_out;
  double T = 0;
  const double eps = 1e-12 * V;
  for (;;) {
    // Eq (22) generalised: V = T/w_1 + T/w_2 + sum (alpha_1i + alpha_2i)(T).
    Affine total{1 / w1 + 1 / w2, 0};
    for (const auto& c : children) {
      total.p += c.from_root1.p + c.from_root2.p;
      total.q += c.from_root1.q + c.from_root2.q;
    }
    T = (V - total.q) / total.p;
    std::size_t worst = children.size();
    double worst_share = -eps;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const double share = std::min(children[i].from_root1.at(T), children[i].from_root2.at(T));
      if (share < worst_share) {
        worst_share = share;
        worst = i;
      }
    }
    if (worst == children.size()) break;
    left_out.push_back(children[worst].node);
    children.erase(children.begin() + static_cast<std::ptrdiff_t>(worst));
  }

  sol.T = T;
  sol.T1 = V * w1;  // P1 alone
  sol.plan_machine = m;
  sol.alpha.assign(static_cast<std::size_t>(n), 0.0);
  sol.participating.assign(static_cast<std::size_t>(n), false);
  sol.alpha[0] = T / w1;  // eq (1): T = alpha_1 w_1 Tcp
  sol.alpha[1] = T / w2;  // eq (2), (19)
  sol.participating[0] = sol.participating[1] = true;
  double L1 = sol.alpha[0], L2 = sol.alpha[1];
  // Both roots start everything at time 0: computing (front end) and one send per child (all-port).
  sol.plan.add_compute(0, sol.alpha[0], "P1 own share");
  sol.plan.add_compute(1, sol.alpha[1], "P2 own share");
  for (const auto& c : children) {
    const double a1 = std::max(0.0, c.from_root1.at(T)), a2 = std::max(0.0, c.from_root2.at(T));
    sol.alpha[static_cast<std::size_t>(c.node)] = a1 + a2;
    sol.participating[static_cast<std::size_t>(c.node)] = true;
    L1 += a1;
    L2 += a2;
    const int s1 = sol.plan.add_send(0, c.node, a1, fmt::format("P1->{}", c.node));
    const int c1 = sol.plan.add_compute(c.node, a1, fmt::format("{} share of P1", c.node), {s1});
    const int s2 = sol.plan.add_send(1, c.node, a2, fmt::format("P2->{}", c.node));
    sol.plan.add_compute(c.node, a2, fmt::format("{} share of P2", c.node), {s2, c1});
  }
  sol.figures.emplace_back("L1", L1);
  sol.figures.emplace_back("L2", L2);
  sol.figures.emplace_back("children", static_cast<double>(children.size()));
  // The mean load of a child (all equal on a homogeneous tree): seed 003 Figs 5-6 against N.
  double child_total = 0;
  for (const auto& c : children) child_total += sol.alpha[static_cast<std::size_t>(c.node)];
  sol.figures.emplace_back("child_share", children.empty() ? 0.0 : child_total / static_cast<double>(children.size()));

  sol.notes.push_back(
      "roots P1, P2 are processors 0 and 1 and hold L1, L2 at time 0 (the input's source is not "
      "used); child i computes P1's part, then P2's, which arrives as the first is done");
  if (adjusted)
    sol.notes.push_back(
        "played with seed 003's assumptions: all-port roots, children receiving from both roots at "
        "once, co-processors everywhere (the machine's ports and co-processor flags were adjusted)");
  if (!left_out.empty()) {
    std::string who;
    for (int c : left_out) who += (who.empty() ? "" : ", ") + std::to_string(c);
    sol.notes.push_back(fmt::format("left out child(ren) {}: startup latency exceeds what they "
                                    "would save", who));
  }
  sol.notes.push_back(
      "s_i is symmetric in z_1i and z_2i: root 2's link speed changes T_f as root 1's does (seed "
      "003's Fig. 6 says z_2 has no effect; its eqs (17)-(23) do not support that)");
  return sol;
}

}  // namespace

DivisibleStrategyEntry two_root_strategy() {
  return {"two-root",
          "seed 003: single-level tree fed by two roots sending to every child at once; child "
          "processes root 1's share, then root 2's, closed form eqs (17)-(23)",
          {},
          {"two-root"},
          solve_two_root};
}

}  // namespace mpnsim
