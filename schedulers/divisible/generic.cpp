// The generic strategy: the equal-finish solver on a breadth-first tree of any topology.
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

DivisibleStrategyEntry generic_strategy() {
  return {"generic",
          "equal-finish fractions on any topology: breadth-first tree of sends from the source, "
          "ports as the machine says, processors left out when they would slow the rest",
          {{"layers", ParamType::integer, "-1",
            "only processors within this many hops of the source take part (-1: all)", -1, 1e9, {}},
           {"beta", ParamType::real, "0",
            "results returned: every communication time is multiplied by 1+beta (seed 004 §2)", 0,
            1e300, {}},
           participation_param()},
          {},
          [](const DltInput& in) {
            MachineSpec m = with_result_return(in.machine, in.params.real("beta"));
            const SendTree tree = breadth_first_send_tree(
                in.topology.adjacency(), in.source, static_cast<int>(in.params.integer("layers")));
            DltSolution sol = solve_equal_finish(tree, m, in.load, participation_rule(in.params));
            sol.strategy = "generic";
            return sol;
          }};
}

}  // namespace mpnsim
