// Linear daisy chain with the load at one end, with or without co-processors.
//
// With co-processors each processor computes as soon as its data has arrived
// while forwarding the rest; the speedup of an infinite homogeneous chain tends
// to (1 + sqrt(1 + 4/sigma)) / 2, sigma = z/w. Without, a processor receives,
// forwards the rest, then computes (its CPU does one thing at a time). Both,
// and heterogeneous chains, are solved exactly by the equal-finish solver.
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

DivisibleStrategyEntry chain_strategy() {
  return {"chain",
          "linear daisy chain, load at one end; co-processors as the machine says",
          {{"beta", ParamType::real, "0",
            "results returned: every communication time is multiplied by 1+beta (seed 004 §2)", 0,
            1e300, {}}},
          {"chain"},
          [](const DltInput& in) {
            const Topology& t = in.topology;
            const int n = t.size();
            if (in.source != 0 && in.source != n - 1)
              throw std::invalid_argument(fmt::format(
                  "the chain strategy puts the load at one end: source must be 0 or {}", n - 1));
            MachineSpec m = with_result_return(in.machine, in.params.real("beta"));
            SendTree tree;
            tree.root = in.source;
            tree.parent.assign(static_cast<std::size_t>(n), -1);
            tree.children.assign(static_cast<std::size_t>(n), {});
            const int step = in.source == 0 ? 1 : -1;
            for (int v = in.source; v + step >= 0 && v + step < n; v += step) {
              link_between(m, v, v + step);  // throws if the topology is not a chain
              tree.children[static_cast<std::size_t>(v)].push_back(v + step);
              tree.parent[static_cast<std::size_t>(v + step)] = v;
            }
            DltSolution sol = solve_equal_finish(tree, m, in.load);
            sol.strategy = "chain";
            return sol;
          }};
}

}  // namespace mpnsim
