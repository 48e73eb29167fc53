// Single-level tree (star) with sequential or concurrent sends: the classic divisible-load shapes.
//
// With a front-end (co-processor) and sequential sends the closed form is the
// geometric one: alpha_{j+1} = alpha_j * w / (w + z), so the speedup of N
// children is (1 - k^(N+1)) / (1 - k) with k = 1/(1 + sigma), sigma = z/w,
// tending to 1 + 1/sigma. Heterogeneous processors and links are solved by the
// equal-finish solver on the best participating set for the send order
// (participation.hpp): a child whose slow link would delay the later sends by more
// than its share is worth is left out, and the notes say so.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

namespace {

std::vector<ParamSpec> star_params(bool sequential) {
  std::vector<ParamSpec> p{
      {"beta", ParamType::real, "0",
       "results returned: every communication time is multiplied by 1+beta (seed 004 §2)", 0, 1e300, {}},
  };
  if (sequential) {
    p.push_back({"order", ParamType::text, "index",
                 "order of the sends: by child index, or fastest link first", 0, 0, {"index", "fastest-link"}});
    p.push_back(participation_param());
  }
  return p;
}

DltSolution solve_star(const DltInput& in, bool sequential) {
  const Topology& t = in.topology;
  const int centre = in.source;
  // Every other processor must hang off the centre: the topology is a star around the source.
  for (int v = 0; v < t.size(); ++v) {
    if (v == centre) continue;
    const auto& adj = t.adjacency()[static_cast<std::size_t>(v)];
    if (std::find(adj.begin(), adj.end(), centre) == adj.end())
      throw std::invalid_argument(fmt::format(
          "{} is not a single-level tree around processor {}: processor {} is not linked to it "
          "(use the generic strategy for other networks)", t.name(), centre, v));
  }
  MachineSpec m = with_result_return(in.machine, in.params.real("beta"));
  set_send_ports(m, centre, sequential ? 1 : kAllPorts);
  SendTree tree;
  tree.root = centre;
  tree.parent.assign(static_cast<std::size_t>(t.size()), centre);
  tree.parent[static_cast<std::size_t>(centre)] = -1;
  tree.children.assign(static_cast<std::size_t>(t.size()), {});
  auto& kids = tree.children[static_cast<std::size_t>(centre)];
  for (int v = 0; v < t.size(); ++v)
    if (v != centre) kids.push_back(v);
  if (sequential && in.params.text("order") == "fastest-link") {
    std::stable_sort(kids.begin(), kids.end(), [&](int a, int b) {
      return link_between(m, centre, a).z < link_between(m, centre, b).z;
    });
  }
  DltSolution sol = solve_equal_finish(tree, m, in.load,
                                       sequential ? participation_rule(in.params) : ParticipationRule::optimal);
  sol.strategy = sequential ? "star-sequential" : "star-concurrent";
  if (in.params.real("beta") > 0)
    sol.notes.push_back(fmt::format("results returned: communication times multiplied by {}",
                                    1 + in.params.real("beta")));
  return sol;
}

}  // namespace

DivisibleStrategyEntry star_sequential_strategy() {
  return {"star-sequential",
          "single-level tree, the centre sends to one child after another and computes meanwhile",
          star_params(true), {"star"},
          [](const DltInput& in) { return solve_star(in, true); }};
}

DivisibleStrategyEntry star_concurrent_strategy() {
  return {"star-concurrent", "single-level tree, the centre sends to every child at once",
          star_params(false), {"star"},
          [](const DltInput& in) { return solve_star(in, false); }};
}

}  // namespace mpnsim
