// Single-level tree (star) with sequential or concurrent sends: the classic divisible-load shapes.
//
// With a front-end (co-processor) and sequential sends the closed form is the
// geometric one: alpha_{j+1} = alpha_j * w / (w + z), so the speedup of N
// children is (1 - k^(N+1)) / (1 - k) with k = 1/(1 + sigma), sigma = z/w,
// tending to 1 + 1/sigma. Heterogeneous processors and links are solved by the
// equal-finish solver on the best participating set for the send order
// (participation.hpp): a child whose slow link would delay the later sends by more
// than its share is worth is left out, and the notes say so. With `results`, the
// workers' results travel back to the centre as messages and the schedule is the
// optimum of the star's linear program (star_schedule.hpp, star_lp_solution.hpp);
// `beta` is seed 004's approximation of the same, kept as it was.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/star_lp_solution.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

namespace {

std::vector<ParamSpec> star_params(bool sequential) {
  std::vector<ParamSpec> p{
      {"beta", ParamType::real, "0",
       "seed 004's approximation of returned results: every communication time is multiplied by 1+beta "
       "(seed 004 §2); `results` sends them as real messages instead", 0, 1e300, {}},
  };
  if (sequential) {
    p.push_back({"order", ParamType::text, "index",
                 "order of the sends: by child index, or fastest link first", 0, 0, {"index", "fastest-link"}});
    p.push_back(participation_param());
    for (ParamSpec& r : results_params()) p.push_back(std::move(r));
  }
  return p;
}

DltSolution solve_star(const DltInput& in, bool sequential) {
  const Topology& t = in.topology;
  const int centre = in.source;
  require_star_around(t, centre);
  MachineSpec m = with_result_return(in.machine, in.params.real("beta"));
  set_send_ports(m, centre, sequential ? 1 : kAllPorts);
  const std::vector<int> kids =
      star_send_order(t, m, centre, sequential && in.params.text("order") == "fastest-link");
  DltSolution sol;
  if (sequential && (results_choice(in.params) != "none" || !in.source_computes)) {
    // Results as messages, or a centre that does not compute: the star's linear program
    // (star_schedule.hpp), one installment.
    sol = star_lp_solution(m, centre, kids, 1, return_rule(in.params.text("results")), in.params.real("delta"),
                           in.load, in.source_computes);
  } else {
    SendTree tree;
    tree.root = centre;
    tree.parent.assign(static_cast<std::size_t>(t.size()), centre);
    tree.parent[static_cast<std::size_t>(centre)] = -1;
    tree.children.assign(static_cast<std::size_t>(t.size()), {});
    tree.children[static_cast<std::size_t>(centre)] = kids;
    sol = sequential ? equal_finish_or_program(tree, m, in.load, participation_rule(in.params))
                     : solve_equal_finish(tree, m, in.load, ParticipationRule::optimal);
  }
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
