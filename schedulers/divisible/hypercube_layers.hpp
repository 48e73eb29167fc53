// Shared input checks and dimension choice of the layered hypercube strategies (seeds 000, 001).
#pragma once

#include <algorithm>
#include <bit>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/divisible_load.hpp"
#include "schedulers/divisible/strategy_support.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim::detail {

// The `subcube_dim` parameter every hypercube strategy declares (not `dim`, which the topology takes), so that sweeps over d are possible.
inline ParamSpec hypercube_dim_param() {
  return {"subcube_dim", ParamType::integer, "-1",
          "use the sub-cube of this dimension around the source (-1: the whole hypercube); "
          "when it gives some processor a negative load, a smaller dimension is used",
          -1, 30, {}};
}

// Whether x has exactly one bit set, written out: std::has_single_bit counts the bits, which
// x86-64 without -mpopcnt does by a libgcc call (2.4 % of `mpnsim dlt` at d = 20, where the
// checks below ask it for each of 2^20 * 20 neighbours and 10.5 M links).
constexpr bool one_bit_set(unsigned x) { return x != 0 && (x & (x - 1)) == 0; }

// Whether an undirected topology of 2^dim processors is the dim-cube, read from its links alone,
// so that its neighbour lists (2^20 lists at d = 20) need not be built. Topology keeps each link
// once, as (a, b) with a < b: when each of them differs in one bit, they are distinct pairs of
// the dim * 2^(dim - 1) such pairs there are, so dim * 2^(dim - 1) of them are all of them, and
// every processor is linked to exactly the dim labels that differ from it in one bit.
inline bool hypercube_links(const Topology& t, int dim) {
  if (t.directed() || t.size() != (1 << dim)) return false;
  const auto& links = t.links();
  if (links.size() != static_cast<std::size_t>(dim) * (std::size_t{1} << dim) / 2) return false;
  for (const auto& [a, b] : links)
    if (!one_bit_set(static_cast<unsigned>(a ^ b))) return false;
  return true;
}

// What a homogeneous hypercube closed form reads from its input (seed 001's notation).
struct HypercubeInput {
  int full_dim = 0;   // d of the topology: size() = 2^d
  int dim = 0;        // requested sub-cube dimension
  double A = 1;       // w * Tcp: time to compute one unit
  double C = 1;       // z * Tcm: time to move one unit over a link
  double S = 0;       // startup per message per hop
  MachineSpec plan_machine;  // the input machine with the model's ports on every processor
  std::vector<std::string> notes;
};

// Checks that the input is a homogeneous hypercube with co-processors and
// builds the plan machine: a copy of the input machine with send and receive
// ports set to `ports` everywhere (the port model is part of the strategy).
// With `take`, the plan machine is moved from in.machine_to_take when the caller gives it, and
// in.topology_to_free, when given, is left with its name and size only.
inline HypercubeInput read_hypercube_input(const DltInput& in, const std::string& strategy, int ports,
                                          bool take = false) {
  const Topology& t = in.topology;
  const MachineSpec& m = in.machine;
  const int n = t.size();
  if (n < 1 || !std::has_single_bit(static_cast<unsigned>(n)))
    throw std::invalid_argument(fmt::format("{}: {} has {} processors, not a power of two; "
                                            "the strategy needs a hypercube (use `generic`)", strategy, t.name(), n));
  HypercubeInput h;
  h.full_dim = std::countr_zero(static_cast<unsigned>(n));
  if (!hypercube_links(t, h.full_dim)) {
    // Not shown by the links: the neighbour lists say which processor is wrong (or that all are
    // right, for a directed network with the arcs both ways).
    const Adjacency& adjacency = t.adjacency();
    for (int v = 0; v < n; ++v) {
      // Sorted, d entries, each differing from v in one bit: exactly the d neighbours
      // v ^ 2^b (strictly increasing, so none twice), without building the list.
      const auto& list = adjacency[static_cast<std::size_t>(v)];
      bool cube = static_cast<int>(list.size()) == h.full_dim;
      for (std::size_t i = 0; cube && i < list.size(); ++i)
        cube = one_bit_set(static_cast<unsigned>(list[i] ^ v)) && (i == 0 || list[i - 1] < list[i]);
      if (!cube)
        throw std::invalid_argument(fmt::format(
            "{}: {} is not a hypercube (processor {} is not linked to exactly the labels that differ "
            "from it in one bit); use `generic`", strategy, t.name(), v));
    }
  }
  if (m.size() != n)
    throw std::invalid_argument(
        fmt::format("{}: the machine has {} processors but the topology {}", strategy, m.size(), n));
  if (static_cast<int>(m.links.size()) != static_cast<int>(t.links().size()))
    throw std::invalid_argument(fmt::format("{}: the machine's links are not the hypercube's", strategy));
  for (const auto& l : m.links)
    if (l.directed || !one_bit_set(static_cast<unsigned>(l.a ^ l.b)))
      throw std::invalid_argument(
          fmt::format("{}: the machine's links are not the hypercube's (link {}-{})", strategy, l.a, l.b));
  if (in.source < 0 || in.source >= n)
    throw std::invalid_argument(fmt::format("{}: source {} is not a processor", strategy, in.source));
  if (!is_homogeneous(m))
    throw std::invalid_argument(fmt::format(
        "{}: the closed form needs identical processors and identical links (same w, z and S); "
        "use the `generic` strategy for a heterogeneous machine", strategy));
  for (int p = 0; p < n; ++p)
    if (!m.processors[static_cast<std::size_t>(p)].coprocessor)
      throw std::invalid_argument(fmt::format(
          "{}: the closed form assumes every processor computes while it communicates (a co-processor), "
          "but processor {} has none; use the `generic` strategy", strategy, p));
  h.dim = in.params.has("subcube_dim") ? static_cast<int>(in.params.integer("subcube_dim")) : -1;
  if (h.dim < 0) h.dim = h.full_dim;
  if (h.dim > h.full_dim)
    throw ParamError("subcube_dim", fmt::format("{} exceeds the hypercube's dimension {}", h.dim, h.full_dim));
  if (!(in.load > 0)) throw std::invalid_argument(fmt::format("{}: the load must be positive", strategy));
  h.A = m.processors[static_cast<std::size_t>(in.source)].w * m.Tcp;
  h.C = m.links.empty() ? 0 : m.links.front().z * m.Tcm;
  h.S = m.links.empty() ? 0 : m.links.front().startup;
  if (take && in.machine_to_take == &in.machine) h.plan_machine = std::move(*in.machine_to_take);
  else h.plan_machine = m;
  // The network is checked: nothing after this reads its links or neighbour lists (`t` is it).
  if (take && in.topology_to_free == &in.topology)
    *in.topology_to_free = Topology(std::string(t.kind()), std::string(t.name()), n, {}, t.directed());
  bool changed = false;
  for (auto& p : h.plan_machine.processors) {
    changed = changed || p.send_ports != ports || p.recv_ports != ports;
    p.send_ports = ports;
    p.recv_ports = ports;
  }
  if (changed)
    h.notes.push_back(fmt::format("played with {} on every processor (the model's port rule), "
                                  "whatever the machine's own send_ports/recv_ports say",
                                  ports == kAllPorts ? "all ports" : "one send and one receive port"));
  return h;
}

// Per-layer loads of a closed form at one dimension (index = layer, 0 = the
// originator); the originator computes from time 0, so T = A * alpha[0].
using LayerSolver = std::function<std::vector<double>(int dim)>;

struct DimensionChoice {
  int dim = 0;                     // the dimension the solution uses
  int max_feasible = 0;            // largest d' <= requested with every alpha >= 0
  std::vector<double> alpha;       // per-layer loads at `dim`
  std::vector<double> requested;   // per-layer loads at the requested dimension (maybe negative)
};

inline bool feasible(const std::vector<double>& alpha) {
  for (double a : alpha)
    if (!(a >= 0)) return false;
  return true;
}

// Solves every dimension 0..requested and keeps the feasible one with the best
// speedup V / alpha_0. Seed 001 §4 takes the largest feasible dimension (found
// by binary search; a linear scan is exact and cheap); a smaller one replaces
// it only when it is faster by more than kTimeRelTol, so that rounding never
// decides (with S = 0 the speedup grows with d, but by less than rounding once
// it saturates at 1 + A/C).
inline DimensionChoice choose_dimension(int requested, const LayerSolver& solve) {
  DimensionChoice c;
  c.max_feasible = -1;
  for (int d = requested; d >= 0; --d) {
    std::vector<double> a = solve(d);
    if (d == requested) c.requested = a;
    if (!feasible(a)) continue;
    if (c.max_feasible < 0) c.max_feasible = d;
    if (c.alpha.empty() || a[0] < c.alpha[0] * (1 - kTimeRelTol)) {
      c.dim = d;
      c.alpha = std::move(a);
    }
  }
  return c;
}

// The parts of a layered hypercube solution every strategy fills alike:
// per-processor loads over the sub-cube {source ^ r : r < 2^dim}, where
// `layer_of(r)` is the layer of relative label r.
inline DltSolution layered_solution(const std::string& strategy, const DltInput& in, HypercubeInput h,
                                    const DimensionChoice& c, const std::function<int(int)>& layer_of) {
  DltSolution s;
  s.strategy = strategy;
  const int n = in.topology.size();
  s.alpha.assign(static_cast<std::size_t>(n), 0.0);
  s.participating.assign(static_cast<std::size_t>(n), false);
  for (int r = 0; r < (1 << c.dim); ++r) {
    const auto p = static_cast<std::size_t>(r ^ in.source);
    s.alpha[p] = c.alpha[static_cast<std::size_t>(layer_of(r))];
    s.participating[p] = true;
  }
  s.alpha_layer = c.alpha;
  s.layer_size.assign(c.alpha.size(), 0.0);
  for (int r = 0; r < (1 << c.dim); ++r) s.layer_size[static_cast<std::size_t>(layer_of(r))] += 1;
  s.T = h.A * c.alpha[0];
  s.T1 = h.A * in.load;
  s.plan_machine = std::move(h.plan_machine);
  s.best_dim = c.dim;
  s.max_feasible_dim = c.max_feasible;
  s.figures.emplace_back("requested_dim", h.dim);
  // The closed form at the requested dimension even when some alpha < 0: the
  // curve seed 001's Fig. 4 draws past the feasible range.
  s.figures.emplace_back("speedup_requested_dim", in.load / c.requested[0]);
  double min_alpha = c.requested[0];
  for (double a : c.requested) min_alpha = std::min(min_alpha, a);
  min_alpha /= in.load;  // alpha is a fraction of the load V, whatever V is
  s.figures.emplace_back("min_alpha_requested_dim", min_alpha);
  s.notes = std::move(h.notes);
  if (c.dim < h.dim) {
    if (c.max_feasible < h.dim)
      s.notes.push_back(fmt::format("dimension reduced from {} to {}: beyond dimension {} some processor's "
                                    "share is negative (min alpha {:.6g} at dimension {})",
                                    h.dim, c.dim, c.max_feasible, min_alpha, h.dim));
    else
      s.notes.push_back(fmt::format("dimension reduced from {} to {}: it gives the best speedup", h.dim, c.dim));
  }
  if (c.dim < h.full_dim)
    s.notes.push_back(fmt::format("{} of {} processors take part (sub-cube of dimension {} around processor {})",
                                  1 << c.dim, n, c.dim, in.source));
  return s;
}

}  // namespace mpnsim::detail
