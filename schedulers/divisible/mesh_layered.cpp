// Seed 004's layered bound for a 2D mesh, played on the chain of equivalent layers it describes.
//
// Layers are counted as the paper counts them: layer 0 is the originator, layer
// i >= 1 holds the 4i processors i hops away, and the parameter `layers` = N is
// the number of layers beyond the originator (N = 0: the originator alone;
// N = 1: the originator and its four neighbours, T = 1/3 of w Tcp for w = z = 1).
//
// The model (seed 004 §2, eqs (1)-(5), eq (4) repaired in SPEC §3) treats a whole
// layer as one equivalent processor: layer i computes its share on 4i processors
// at once (w / 4i per unit) and sends what the deeper layers need over its
// 8i + 4 links to layer i+1 at once (z / (8i+4) per unit; 4 links from the
// originator). A real mesh cannot deliver equal loads at equal times to corner
// and edge nodes of a layer, so the model is an optimistic bound and cannot be
// played on the mesh itself. It is played on exactly the network it describes:
// a chain of N+1 processors, chain node i standing for layer i, with
//   w_0 = w,  w_i = w / (4i)  (i >= 1),   z_(i-1,i) = (1+beta) z / (8(i-1)+4),
// co-processors on and no startup. On that chain eq (2) is the compute time of
// node N-1 and eq (3) the send to node N plus node N's compute, so the chain's
// equal-finish closed form IS the layered model.
//
// Indexing of the solution: `alpha`, `participating` and the plan are indexed by
// the chain (plan_machine), so that simulate() compares each layer's finish with
// T; alpha[i] is the load of the whole layer i. `alpha_layer[i]` is the load of
// ONE processor of layer i (alpha[i] / 4i). On the input mesh, a processor at hop
// distance i <= N from the source takes alpha_layer[i] and the rest take 0; the
// figure "load_on_input" says how much of V those input processors hold (less
// than V when the input mesh is too small to hold all 4i processors of a layer).
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"
#include "sim/hop_distances.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

// Processors of layer i (the originator alone in layer 0), seed 004 Fig. 1.
double layer_processors(int i) { return i == 0 ? 1.0 : 4.0 * i; }
// Links from layer i to layer i+1 (seed 004 §2: "4(N-1) processors ... linked to
// 4N processors ... through 8(N-1)+4 links"; 4 from the originator).
double links_to_next_layer(int i) { return 8.0 * i + 4.0; }

struct LayeredSolution {
  std::vector<double> alpha_hat;  // part of what layer i receives that it keeps, eq (1)
  std::vector<double> alpha;      // fraction of the unit load processed by the whole layer i
};

// Seed 004 eqs (1)-(5). wp = w Tcp, zc = (1+beta) z Tcm.
LayeredSolution solve_layers(int layers, double wp, double zc) {
  const int n = layers;
  LayeredSolution s;
  s.alpha_hat.assign(static_cast<std::size_t>(n) + 1, 1.0);  // the last layer keeps all it gets
  double w_eq = wp;  // w_N^eq Tcp: the last layer has the processors' own speed
  for (int m = n; m >= 2; --m) {
    // Eq (4) with its numerator restored from eqs (2)-(3) (SPEC §3), N := m.
    const double a = (m - 1) * ((2.0 * m - 1) * w_eq + m * zc) /
                     (m * (2.0 * m - 1) * wp + (m - 1) * (m * zc + (2.0 * m - 1) * w_eq));
    s.alpha_hat[static_cast<std::size_t>(m - 1)] = a;
    w_eq = a * wp;  // eq (5): w_(m-1)^eq = alpha_hat_(m-1) w
  }
  // The originator against layer 1 (seed 004 §2, the formula after eq (5)).
  if (n >= 1) s.alpha_hat[0] = 1.0 / (1.0 + 4.0 * wp / (w_eq + zc));
  // Eq (1): alpha_i = alpha_hat_i (1 - sum_(j<i) alpha_j).
  s.alpha.assign(static_cast<std::size_t>(n) + 1, 0.0);
  double rest = 1.0;
  for (int i = 0; i <= n; ++i) {
    const double a = i == n ? rest : s.alpha_hat[static_cast<std::size_t>(i)] * rest;
    s.alpha[static_cast<std::size_t>(i)] = a;
    rest -= a;
  }
  return s;
}

// Seed 004 eq (6): the share a layer keeps deep inside an infinite mesh.
double alpha_hat_infinity(double rho) {
  return (-rho / 2 + std::sqrt(rho * rho / 4 + 2 * rho)) / 2;
}

// The layered model has one w and one z and no startup: read them from the machine.
void check_machine(const MachineSpec& m, int layers) {
  if (m.processors.empty()) throw std::invalid_argument("mesh-layered: the machine has no processors");
  const double w = m.processors.front().w;
  for (std::size_t p = 0; p < m.processors.size(); ++p)
    if (m.processors[p].w != w)
      throw std::invalid_argument(fmt::format(
          "mesh-layered: the layered model of seed 004 needs identical processors, but processor {} "
          "has w = {} and processor 0 has w = {} (use the mesh strategy for heterogeneous machines)",
          p, m.processors[p].w, w));
  if (!(w > 0)) throw std::invalid_argument("mesh-layered: w must be > 0");
  for (const auto& l : m.links) {
    if (l.startup != 0)
      throw std::invalid_argument(fmt::format(
          "mesh-layered: the layered model of seed 004 has no startup latency, but link {}-{} has "
          "S = {}; set S = 0, or use the mesh strategy, which handles S", l.a, l.b, l.startup));
    if (l.z != m.links.front().z)
      throw std::invalid_argument(fmt::format(
          "mesh-layered: the layered model of seed 004 needs identical links, but link {}-{} has "
          "z = {} and link {}-{} has z = {}", l.a, l.b, l.z, m.links.front().a, m.links.front().b,
          m.links.front().z));
  }
  if (layers > 0 && m.links.empty())
    throw std::invalid_argument("mesh-layered: the machine has no links to read z from");
}

DltSolution solve_mesh_layered(const DltInput& in) {
  if (in.topology.kind() != "mesh")
    throw std::invalid_argument(fmt::format(
        "mesh-layered: the bound of seed 004 is for a 2D mesh; got {}", in.topology.name()));
  if (in.source < 0 || in.source >= in.topology.size())
    throw std::invalid_argument(fmt::format("mesh-layered: source {} is not a processor", in.source));
  if (!(in.load > 0) || !std::isfinite(in.load))
    throw std::invalid_argument("mesh-layered: load must be a positive number");
  const int n = static_cast<int>(in.params.integer("layers"));
  const double beta = in.params.real("beta");
  check_machine(in.machine, n);
  const MachineSpec m = with_result_return(in.machine, beta);  // seed 004 §2: times (1+beta)
  const double w = m.processors.front().w;
  const double z = m.links.empty() ? 0.0 : m.links.front().z;  // already times (1+beta)
  const double wp = w * m.Tcp, zc = z * m.Tcm;
  const double V = in.load;

  const LayeredSolution layered = solve_layers(n, wp, zc);

  DltSolution sol;
  sol.strategy = "mesh-layered";
  sol.T = V * layered.alpha[0] * wp;  // T_0 = alpha_0 w Tcp: the originator never idles
  sol.T1 = V * wp;
  sol.alpha.resize(static_cast<std::size_t>(n) + 1);
  sol.alpha_layer.resize(static_cast<std::size_t>(n) + 1);
  sol.layer_size.resize(static_cast<std::size_t>(n) + 1);
  sol.participating.assign(static_cast<std::size_t>(n) + 1, true);
  for (int i = 0; i <= n; ++i) {
    sol.alpha[static_cast<std::size_t>(i)] = V * layered.alpha[static_cast<std::size_t>(i)];
    sol.alpha_layer[static_cast<std::size_t>(i)] = sol.alpha[static_cast<std::size_t>(i)] / layer_processors(i);
    sol.layer_size[static_cast<std::size_t>(i)] = layer_processors(i);
  }

  // The chain of equivalent layers (see the top of the file).
  MachineSpec& chain = sol.plan_machine;
  chain.Tcp = m.Tcp;
  chain.Tcm = m.Tcm;
  for (int i = 0; i <= n; ++i)
    chain.processors.push_back(ProcessorSpec{w / layer_processors(i), true, 1, 1});
  for (int i = 1; i <= n; ++i)
    chain.links.push_back(LinkSpec{i - 1, i, z / links_to_next_layer(i - 1), 0.0, false});

  // Layer i receives the load of layers >= i in one message, keeps its part and
  // forwards the rest at once (co-processor). Summed from the far end so that
  // the last layer's data is exactly its share.
  std::vector<double> beyond(static_cast<std::size_t>(n) + 2, 0.0);
  for (int i = n; i >= 0; --i)
    beyond[static_cast<std::size_t>(i)] = beyond[static_cast<std::size_t>(i) + 1] + sol.alpha[static_cast<std::size_t>(i)];
  int received = -1;
  for (int i = 0; i <= n; ++i) {
    const std::vector<int> after = received >= 0 ? std::vector<int>{received} : std::vector<int>{};
    sol.plan.add_compute(i, sol.alpha[static_cast<std::size_t>(i)], fmt::format("layer {}", i), after);
    if (i < n)
      received = sol.plan.add_send(i, i + 1, beyond[static_cast<std::size_t>(i) + 1],
                                   fmt::format("layers >= {}", i + 1), after);
  }

  // Figures: eq (6), the recursion's alpha_hat per layer, the mesh's own speedup and utilisation.
  const double rho = zc / wp;
  sol.figures.emplace_back("alpha_hat_inf", alpha_hat_infinity(rho));
  for (int i = 0; i <= n; ++i)
    sol.figures.emplace_back(fmt::format("alpha_hat_{}", i), layered.alpha_hat[static_cast<std::size_t>(i)]);
  const double processors = 1.0 + 2.0 * n * (n + 1.0);  // 1 + sum_(i=1..N) 4i
  sol.figures.emplace_back("mesh_processors", processors);
  sol.figures.emplace_back("mesh_utilization", sol.speedup() / processors);  // seed 004's U

  // Layers mapped onto the hop-distance shells of the input mesh around the source.
  const std::vector<int> dist = hop_distances(in.topology.adjacency(), in.source);
  std::vector<int> shell(static_cast<std::size_t>(n) + 1, 0);
  for (int d : dist)
    if (d >= 0 && d <= n) ++shell[static_cast<std::size_t>(d)];
  double on_input = 0;
  std::string short_layers;
  for (int i = 0; i <= n; ++i) {
    on_input += shell[static_cast<std::size_t>(i)] * sol.alpha_layer[static_cast<std::size_t>(i)];
    if (shell[static_cast<std::size_t>(i)] < layer_processors(i))
      short_layers += fmt::format("{}layer {} ({} of {})", short_layers.empty() ? "" : ", ", i,
                                  shell[static_cast<std::size_t>(i)], static_cast<int>(layer_processors(i)));
  }
  sol.figures.emplace_back("load_on_input", on_input);

  sol.notes.push_back(fmt::format(
      "seed 004's layered bound with N = {} layers beyond the originator ({} processors of an "
      "infinite mesh); played on its chain of equivalent layers: chain node i is layer i "
      "(w/(4i) per unit, link z/(8(i-1)+4)), so alpha and the simulated finish are per layer",
      n, static_cast<int>(processors)));
  sol.notes.push_back(
      "the bound assumes all-port sends and co-processors in every layer; the input machine's "
      "ports and co-processor flags are not used");
  sol.notes.push_back(fmt::format(
      "on the input mesh a processor at hop distance i <= {} from processor {} takes alpha_layer[i]",
      n, in.source));
  if (!short_layers.empty())
    sol.notes.push_back(fmt::format("the input mesh is smaller than the layered model: {}; it holds "
                                    "{} of the load V = {}", short_layers, on_input, V));
  if (beta > 0)
    sol.notes.push_back(fmt::format("results returned: communication times multiplied by {}", 1 + beta));
  return sol;
}

}  // namespace

DivisibleStrategyEntry mesh_layered_strategy() {
  return {"mesh-layered",
          "seed 004: optimistic layered bound for a 2D mesh (layer i = 4i processors fed through "
          "8(i-1)+4 links), eqs (1)-(6), played on its chain of equivalent layers",
          {{"layers", ParamType::integer, "4",
            "N, the number of layers beyond the originator (0: the originator alone)", 0, 100000, {}},
           {"beta", ParamType::real, "0",
            "results returned: every communication time is multiplied by 1+beta (seed 004 §2)", 0,
            1e300, {}}},
          {"mesh"},
          solve_mesh_layered};
}

}  // namespace mpnsim
