// star-multi-installment: the load goes out in m rounds over a star (Bharadwaj, Ghose & Mani 1995), results optional.
//
// Model and conditions: star_schedule.hpp. Installment k sends one chunk to every worker in
// the send order; a worker computes its chunks one after another, each once it has arrived.
// Bharadwaj, Ghose & Mani (IEEE TAES 31(2), 1995) solve the chunks from the equal-finish
// conditions: every worker computes without a gap from its first chunk's arrival (chunk k+1
// arrives by the time chunk k is done) and all stop at the same T. Here the chunks are the
// optimum of the linear program over the same send sequence, of which those conditions are
// a vertex whenever their solution has no negative chunk; so the split of every installment
// is optimal for the sequence, and a stricter model with the same sequence (a worker that
// receives only while idle) can never do better. Heterogeneous w, z and S come from the
// machine, and so do the centre's send and receive ports. With m = 1 and no results the
// schedule is star-sequential's (the equal-finish solver on the best participating set).
//
// What to expect (S = 0): T falls strictly with m, since a later chunk lets every worker
// start sooner, towards the bound where the centre's port never idles; with startups every
// extra installment costs n more startups, so T has a finite best m.
#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/star_lp_solution.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

DivisibleStrategyEntry star_multi_installment_strategy() {
  std::vector<ParamSpec> params{
      {"installments", ParamType::integer, "1", "rounds m in which the load is sent out (Bharadwaj et al. 1995)", 1,
       1000, {}},
      {"order", ParamType::text, "index", "order of the workers within an installment: by index, or fastest link first",
       0, 0, {"index", "fastest-link"}},
  };
  for (ParamSpec& r : results_params()) params.push_back(std::move(r));
  return {"star-multi-installment",
          "single-level tree, the load sent in m installments, each split optimally for its send sequence "
          "(Bharadwaj, Ghose & Mani 1995); results optionally returned",
          std::move(params), {"star"},
          [](const DltInput& in) {
            require_star_around(in.topology, in.source);
            const int m = static_cast<int>(in.params.integer("installments"));
            const std::string results = results_choice(in.params);
            const std::vector<int> kids =
                star_send_order(in.topology, in.machine, in.source, in.params.text("order") == "fastest-link");
            DltSolution sol;
            const bool one_port = in.machine.processors[static_cast<std::size_t>(in.source)].send_ports == 1;
            if (m == 1 && results == "none" && one_port && in.source_computes) {
              SendTree tree;
              tree.root = in.source;
              tree.parent.assign(static_cast<std::size_t>(in.topology.size()), in.source);
              tree.parent[static_cast<std::size_t>(in.source)] = -1;
              tree.children.assign(static_cast<std::size_t>(in.topology.size()), {});
              tree.children[static_cast<std::size_t>(in.source)] = kids;
              sol = equal_finish_or_program(tree, in.machine, in.load, ParticipationRule::optimal);
            } else {
              sol = star_lp_solution(in.machine, in.source, kids, m, return_rule(results), in.params.real("delta"),
                                     in.load, in.source_computes);
            }
            sol.strategy = "star-multi-installment";
            return sol;
          }};
}

}  // namespace mpnsim
