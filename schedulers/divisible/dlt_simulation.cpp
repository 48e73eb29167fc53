// Engine replay of a divisible-load plan and its comparison with the analytic T.
#include "schedulers/divisible/dlt_simulation.hpp"

#include <algorithm>
#include <cmath>

#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

DltCheck simulate(const DltSolution& solution) {
  Engine engine;
  Machine machine(engine, solution.plan_machine);
  play(solution.plan, machine);
  DltCheck check;
  check.stats = summarize(machine.timeline(), machine.size());
  check.timeline = machine.timeline();
  check.finish.resize(static_cast<std::size_t>(machine.size()));
  for (int i = 0; i < machine.size(); ++i)
    check.finish[static_cast<std::size_t>(i)] = check.stats.processors[static_cast<std::size_t>(i)].finish;
  for (std::size_t i = 0; i < solution.participating.size() && i < check.finish.size(); ++i) {
    if (!solution.participating[i]) continue;
    check.T_simulated = std::max(check.T_simulated, check.finish[i]);
    if (solution.T > 0)
      check.max_rel_diff = std::max(check.max_rel_diff, std::abs(check.finish[i] - solution.T) / solution.T);
  }
  return check;
}

}  // namespace mpnsim
