// Seed 004's network for real: a finite 2D mesh, its own links and ports, solved by the equal-finish solver.
//
// The originator sends along a breadth-first tree (each processor is fed by its
// lowest-numbered neighbour one hop closer, SendTree), every processor computes
// as soon as its data has arrived and forwards the rest, and the generic solver
// makes every processor of the tree stop at the same T. Seed 004's setting is
// all-port sends with co-processors: set `send_ports: all` (and co-processors
// on) in the machine to compare with the paper; with fewer ports the real mesh
// is slower still. The layered bound (mesh-layered) for the same number of
// layers, w and z is reported beside it: "bound_T" and
// "bound_gap" = (T - bound_T) / bound_T, >= 0 because the bound assumes every
// processor of a layer gets the same load at the same time over all 8i+4 links.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/hop_distances.hpp"

namespace mpnsim {

namespace {

// Rows and columns of a mesh built by topologies' mesh(): node = row*cols + col,
// so nodes j-1 and j are linked exactly when they lie in the same row (on a
// torus too: the wrap links join a row's ends and a column's ends). A 1 x n and
// an n x 1 mesh are the same chain; this reads both as 1 x n.
std::pair<int, int> mesh_shape(const Topology& t) {
  const int n = t.size();
  int cols = n;
  const Adjacency& adjacency = t.adjacency();
  for (int j = 1; j < n; ++j) {
    const auto& adj = adjacency[static_cast<std::size_t>(j)];
    if (!std::binary_search(adj.begin(), adj.end(), j - 1)) {
      cols = j;
      break;
    }
  }
  if (cols <= 0 || n % cols != 0)
    throw std::invalid_argument(fmt::format("mesh: cannot read the grid shape of {}", t.name()));
  return {n / cols, cols};
}

int choose_origin(const DltInput& in) {
  const std::string& origin = in.params.text("origin");
  if (origin == "corner") return 0;
  if (origin == "source") {
    if (in.source < 0 || in.source >= in.topology.size())
      throw std::invalid_argument(fmt::format("mesh: source {} is not a processor", in.source));
    return in.source;
  }
  // centre: the middle node; with an even side, the lower of the two middle rows/columns.
  const auto [rows, cols] = mesh_shape(in.topology);
  return ((rows - 1) / 2) * cols + (cols - 1) / 2;
}

DltSolution solve_mesh(const DltInput& in) {
  if (in.topology.kind() != "mesh")
    throw std::invalid_argument(fmt::format(
        "mesh: this strategy runs on a 2D mesh; got {} (use the generic strategy)", in.topology.name()));
  const int origin = choose_origin(in);
  const int layers = static_cast<int>(in.params.integer("layers"));
  const SendTree tree = breadth_first_send_tree(in.topology.adjacency(), origin, layers);
  DltSolution sol = solve_equal_finish(tree, in.machine, in.load);
  sol.strategy = "mesh";

  // Depth of the tree that took part: the layered bound is computed for as many layers.
  const std::vector<int> dist = hop_distances(in.topology.adjacency(), origin);
  int depth = 0;
  for (std::size_t v = 0; v < dist.size(); ++v)
    if (sol.participating[v]) depth = std::max(depth, dist[v]);
  sol.figures.emplace_back("origin", origin);
  sol.figures.emplace_back("layers", depth);
  sol.notes.push_back(fmt::format("originator {} ({}), {} layer(s) of the breadth-first send tree",
                                  origin, in.params.text("origin"), depth));
  const ProcessorSpec& op = in.machine.processors[static_cast<std::size_t>(origin)];
  if (op.send_ports != kAllPorts || !op.coprocessor)
    sol.notes.push_back(
        "seed 004 assumes all-port sends with co-processors; this machine's originator has fewer "
        "ports or no co-processor, so the gap to the bound includes that limit");

  // The layered bound for the same depth, w and z (mesh-layered, seed 004 eqs (1)-(5)).
  try {
    const DivisibleStrategyEntry bound = mesh_layered_strategy();
    const ParamSet params = resolve_params(bound.params, {{"layers", std::to_string(depth)}});
    const DltSolution b = bound.solve(DltInput{in.topology, in.machine, in.load, origin, params});
    sol.figures.emplace_back("bound_T", b.T);
    sol.figures.emplace_back("bound_gap", (sol.T - b.T) / b.T);
  } catch (const std::invalid_argument& e) {
    sol.notes.push_back(fmt::format("no layered bound for this machine: {}", e.what()));
  }
  return sol;
}

}  // namespace

DivisibleStrategyEntry mesh_strategy() {
  return {"mesh",
          "seed 004's 2D mesh for real: breadth-first send tree from the originator over the "
          "mesh's own links and ports (seed 004 assumes send_ports: all), equal-finish fractions, "
          "gap to the layered bound",
          {{"origin", ParamType::text, "centre",
            "the originator: the centre of the grid, corner node 0, or the input's source", 0, 0,
            {"centre", "corner", "source"}},
           {"layers", ParamType::integer, "-1",
            "only processors within this many hops of the originator take part (-1: all)", -1, 1e9, {}}},
          {"mesh"},
          solve_mesh};
}

}  // namespace mpnsim
