// Equal-finish solver for trees of sends: affine reduction bottom-up, then times top-down.
//
// Every quantity is affine in the common finish time while the tree's structure
// is fixed. For a processor v let u_v = T - r_v be the time from the end of its
// receipt to the common finish. Bottom-up, the load D_v that v's subtree can
// absorb is D_v = P_v u_v + Q_v. A child c of v, whose message starts at
// r_v + off_c, then obeys T - t0_c = a_c D_c + b_c with a_c = z Tcm + 1/P_c and
// b_c = S - Q_c / P_c, so D_c is affine in u_v too. At the root r = 0, so
// V = P_root T + Q_root gives T, and everything else follows top-down.
#include "schedulers/divisible/equal_finish_solver.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/participation.hpp"
#include "sim/router.hpp"

namespace mpnsim {

SendTree breadth_first_send_tree(const Adjacency& adjacency, int root, int max_depth) {
  const int n = static_cast<int>(adjacency.size());
  if (root < 0 || root >= n) throw std::invalid_argument(fmt::format("source {} is not a processor", root));
  SendTree tree;
  tree.root = root;
  tree.parent.assign(static_cast<std::size_t>(n), -1);
  tree.children.assign(static_cast<std::size_t>(n), {});
  // Distances *from* the root: the parent of v is its lowest-numbered in-neighbour one hop closer.
  const std::vector<int> dist = hop_distances(adjacency, root);
  const Adjacency incoming = reversed(adjacency);
  for (int v = 0; v < n; ++v) {
    const int dv = dist[static_cast<std::size_t>(v)];
    if (v == root || dv == kUnreachable || (max_depth >= 0 && dv > max_depth)) continue;
    for (int u : incoming[static_cast<std::size_t>(v)])
      if (dist[static_cast<std::size_t>(u)] == dv - 1) {
        tree.parent[static_cast<std::size_t>(v)] = u;
        tree.children[static_cast<std::size_t>(u)].push_back(v);
        break;
      }
  }
  return tree;  // children were appended in increasing v: already sorted
}

namespace {

struct Affine {  // p * u + q
  double p = 0, q = 0;
  double at(double u) const { return p * u + q; }
};
Affine operator+(Affine a, Affine b) { return {a.p + b.p, a.q + b.q}; }

// Per-node quantities of one solve.
struct NodeSolve {
  Affine own;                  // the node's own load as a function of its u
  Affine total;                // D_v = P u + Q
  std::vector<Affine> child_load;    // D_c as a function of u_v, per child
  std::vector<Affine> child_offset;  // start of the send to c after r_v, per child
  Affine sends_done;                 // end of the last send after r_v (sequential senders)
  double a_in = 0, b_in = 0;         // T - t0 = a D + b, seen from the parent
};

struct LinkCost {
  double startup;
  double per_unit;  // z * Tcm
};

enum class SendMode { sequential, concurrent, k_port };

}  // namespace

DltSolution solve_equal_finish(const SendTree& tree, const MachineSpec& machine, double load,
                               ParticipationRule rule) {
  validate(machine);
  const int n = machine.size();
  if (static_cast<int>(tree.parent.size()) != n || static_cast<int>(tree.children.size()) != n)
    throw std::invalid_argument("send tree and machine have different sizes");
  if (!(load > 0) || !std::isfinite(load)) throw std::invalid_argument("load must be a positive number");
  Router router(machine);
  auto link_cost = [&](int u, int v) {
    const Arc* arc = router.arc(u, v);
    if (!arc) throw std::invalid_argument(fmt::format("send tree uses {} -> {}, which is not a link", u, v));
    const LinkSpec& l = machine.links[static_cast<std::size_t>(arc->link())];
    return LinkCost{l.startup, l.z * machine.Tcm};
  };
  auto mode_of = [&](int v) {
    const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
    // Without a co-processor the CPU serialises the sends whatever the ports.
    if (!p.coprocessor || p.send_ports == 1) return SendMode::sequential;
    if (p.send_ports == kAllPorts) return SendMode::concurrent;
    return SendMode::k_port;
  };

  std::vector<bool> active(static_cast<std::size_t>(n), false);
  // Breadth-first order of the tree from the root (parents before children).
  std::vector<int> order{tree.root};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int c : tree.children[static_cast<std::size_t>(order[i])]) order.push_back(c);
  if (static_cast<int>(order.size()) > n) throw std::invalid_argument("send tree has a cycle");
  for (int v : order) active[static_cast<std::size_t>(v)] = true;
  for (int v : order) {
    const double w = machine.processors[static_cast<std::size_t>(v)].w;
    if (!(w > 0)) throw std::invalid_argument(fmt::format("processor {} has w = 0: an infinitely fast "
                                                          "processor would take every load", v));
    // A speed 1/(w Tcp) past double's range is an infinitely fast processor to the solver's
    // arithmetic (w = 4.9e-324 made shares of inf and NaN).
    const double wt = w * machine.Tcp;
    if (!std::isfinite(wt) || !std::isfinite(1.0 / wt))
      throw std::invalid_argument(fmt::format("processor {} has w Tcp = {:g}: its time or its speed 1/(w Tcp) is "
                                              "past the range of double-precision numbers", v, wt));
  }

  std::vector<std::string> notes;
  if (rule == ParticipationRule::optimal) {
    Participation chosen = best_participation(tree, machine, load, active);
    active = std::move(chosen.active);
    notes = std::move(chosen.notes);
  }
  std::vector<NodeSolve> ns(static_cast<std::size_t>(n));
  std::vector<double> u(static_cast<std::size_t>(n)), alpha(static_cast<std::size_t>(n)),
      data(static_cast<std::size_t>(n));
  double T = 0;
  // Negative loads and shares are judged by the time they stand for, against T: a
  // load of -5e-18 on a link of z = 1e17 is half a time unit short, not rounding.
  const auto short_of_time = [](double time, double T_) { return time < -1e-12 * T_; };

  for (int round = 0;; ++round) {
    std::vector<int> live;
    for (int v : order)
      if (active[static_cast<std::size_t>(v)]) live.push_back(v);
    auto kids = [&](int v) {
      std::vector<int> k;
      for (int c : tree.children[static_cast<std::size_t>(v)])
        if (active[static_cast<std::size_t>(c)]) k.push_back(c);
      return k;
    };
    // Bottom-up reduction.
    for (auto it = live.rbegin(); it != live.rend(); ++it) {
      const int v = *it;
      NodeSolve& s = ns[static_cast<std::size_t>(v)];
      const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
      const std::vector<int> ch = kids(v);
      s.child_load.assign(ch.size(), {});
      s.child_offset.assign(ch.size(), {});
      const SendMode mode = mode_of(v);
      const std::size_t k = static_cast<std::size_t>(std::max(1, p.send_ports));
      Affine running;  // sequential: end of the previous send
      std::vector<Affine> ends(ch.size());
      for (std::size_t j = 0; j < ch.size(); ++j) {
        Affine off;
        if (mode == SendMode::sequential) off = running;
        else if (mode == SendMode::k_port && j >= k) off = ends[j - k];
        const NodeSolve& c = ns[static_cast<std::size_t>(ch[j])];
        const LinkCost lc = link_cost(v, ch[j]);
        // D_c = (u - off - b_c) / a_c
        const Affine load_c{(1 - off.p) / c.a_in, (-off.q - c.b_in) / c.a_in};
        s.child_offset[j] = off;
        s.child_load[j] = load_c;
        ends[j] = off + Affine{lc.per_unit * load_c.p, lc.startup + lc.per_unit * load_c.q};
        running = ends[j];
      }
      s.sends_done = running;
      const double inv_speed = 1.0 / (p.w * machine.Tcp);
      if (p.coprocessor || ch.empty()) {
        s.own = {inv_speed, 0};
      } else {
        s.own = {(1 - running.p) * inv_speed, -running.q * inv_speed};
      }
      s.total = s.own;
      for (const Affine& a : s.child_load) s.total = s.total + a;
      if (v != tree.root) {
        const LinkCost lc = link_cost(tree.parent[static_cast<std::size_t>(v)], v);
        // Zero or not a number only when the sums overflowed or underflowed (the times
        // of processors and links too far apart), never for representable inputs.
        if (!(s.total.p > 0) || !std::isfinite(s.total.p))
          throw std::invalid_argument(fmt::format(
              "the equal-finish capacity of processor {}'s subtree is {:g}: the processors' and links' times "
              "(w Tcp, z Tcm, S) are too far apart for double-precision arithmetic", v, s.total.p));
        s.a_in = lc.per_unit + 1.0 / s.total.p;
        s.b_in = lc.startup - s.total.q / s.total.p;
      }
    }
    // The root receives nothing: u_root = T.
    const NodeSolve& root = ns[static_cast<std::size_t>(tree.root)];
    T = (load - root.total.q) / root.total.p;
    u[static_cast<std::size_t>(tree.root)] = T;
    data[static_cast<std::size_t>(tree.root)] = load;
    // Top-down: times and loads.
    int prune_parent = -1;
    std::vector<int> prune;
    for (int v : live) {
      const NodeSolve& s = ns[static_cast<std::size_t>(v)];
      const double uv = u[static_cast<std::size_t>(v)];
      const double rv = T - uv;
      alpha[static_cast<std::size_t>(v)] = s.own.at(uv);
      const std::vector<int> ch = kids(v);
      for (std::size_t j = 0; j < ch.size(); ++j) {
        const int c = ch[j];
        const double d = s.child_load[j].at(uv);
        const LinkCost lc = link_cost(v, c);
        data[static_cast<std::size_t>(c)] = d;
        u[static_cast<std::size_t>(c)] = T - (rv + s.child_offset[j].at(uv)) - lc.startup - lc.per_unit * d;
        if (short_of_time(d * ns[static_cast<std::size_t>(c)].a_in, T) && prune_parent < 0) prune.push_back(c);
      }
      if (!prune.empty() && prune_parent < 0) prune_parent = v;
    }
    if (prune_parent < 0) {
      // No subtree is refused a load; a processor whose own share is negative
      // gives up its last-sent child.
      for (int v : live)
        if (short_of_time(alpha[static_cast<std::size_t>(v)] * machine.processors[static_cast<std::size_t>(v)].w * machine.Tcp, T)) {
          const std::vector<int> ch = kids(v);
          // A leaf's share is its load, which was not refused above: only rounding lost
          // to time scales too far apart gets here.
          if (ch.empty())
            throw std::invalid_argument(fmt::format(
                "processor {} would get a negative share: the processors' and links' times (w Tcp, z Tcm, S) are "
                "too far apart for double-precision arithmetic", v));
          prune_parent = v;
          prune.push_back(ch.back());
          break;
        }
    }
    if (prune_parent < 0) break;
    for (int c : prune) {
      std::vector<int> stack{c};
      int removed = 0;
      while (!stack.empty()) {
        const int x = stack.back();
        stack.pop_back();
        active[static_cast<std::size_t>(x)] = false;
        ++removed;
        for (int y : tree.children[static_cast<std::size_t>(x)])
          if (active[static_cast<std::size_t>(y)]) stack.push_back(y);
      }
      notes.push_back(fmt::format("left out the subtree of processor {} ({} processor(s)) sent from {}: "
                                  "it would have received a negative load",
                                  c, removed, prune_parent));
    }
  }

  // The shares must add up to the load. When the machine's time scales are too far apart
  // for doubles (w = 2.2e-308 beside z = 9.2e18), the affine sums overflow and the shares
  // are lost (they summed to 3 for a load of 1): refuse rather than report them.
  double shared = 0;
  for (int v : order)
    if (active[static_cast<std::size_t>(v)]) shared += std::max(0.0, alpha[static_cast<std::size_t>(v)]);
  if (!std::isfinite(T) || !std::isfinite(shared) || std::abs(shared - load) > 1e-9 * load)
    throw std::invalid_argument(fmt::format(
        "the equal-finish shares add up to {:g} for a load of {:g}: the processors' and links' times (w Tcp, "
        "z Tcm, S) are too far apart for double-precision arithmetic", shared, load));
  DltSolution sol;
  sol.strategy = "generic";
  sol.T = T;
  sol.plan_machine = machine;
  sol.alpha.assign(static_cast<std::size_t>(n), 0.0);
  sol.participating.assign(static_cast<std::size_t>(n), false);
  sol.T1 = load * machine.processors[static_cast<std::size_t>(tree.root)].w * machine.Tcp;
  sol.notes = std::move(notes);
  // The plan: a send per tree edge, a compute per processor, port order made explicit.
  std::vector<int> received(static_cast<std::size_t>(n), -1);
  for (int v : order) {
    if (!active[static_cast<std::size_t>(v)]) continue;
    sol.participating[static_cast<std::size_t>(v)] = true;
    const double a = std::max(0.0, alpha[static_cast<std::size_t>(v)]);
    sol.alpha[static_cast<std::size_t>(v)] = a;
    const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
    const int recv = received[static_cast<std::size_t>(v)];
    const std::vector<int> base = recv >= 0 ? std::vector<int>{recv} : std::vector<int>{};
    std::vector<int> ch;
    for (int c : tree.children[static_cast<std::size_t>(v)])
      if (active[static_cast<std::size_t>(c)]) ch.push_back(c);
    const SendMode mode = mode_of(v);
    const std::size_t k = static_cast<std::size_t>(std::max(1, p.send_ports));
    std::vector<int> sends;
    for (std::size_t j = 0; j < ch.size(); ++j) {
      std::vector<int> after = base;
      if (mode == SendMode::sequential && j > 0) after.push_back(sends[j - 1]);
      if (mode == SendMode::k_port && j >= k) after.push_back(sends[j - k]);
      const int c = ch[j];
      sends.push_back(sol.plan.add_send(v, c, std::max(0.0, data[static_cast<std::size_t>(c)]),
                                        fmt::format("load {}->{}", v, c), after));
      received[static_cast<std::size_t>(c)] = sends.back();
    }
    std::vector<int> after = base;
    if (!p.coprocessor && !sends.empty()) after.push_back(sends.back());
    sol.plan.add_compute(v, a, fmt::format("share {}", v), after);
  }
  // Sum of loads equals V up to rounding; report it if the clamp above mattered.
  return sol;
}

}  // namespace mpnsim
