// Execution times of a DAG problem averaged over heterogeneous processors, and the cost table's fit.
#include "schedulers/dag/dag_problem.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

double DagProblem::mean_unit_time() const {
  double w = 0;
  for (const auto& p : machine.processors) w += p.w;
  return w / static_cast<double>(machine.processors.size()) * machine.Tcp;
}

double DagProblem::best_single_processor_time() const {
  if (const CostTable* c = graph.costs()) return c->best_single_processor_time();
  double fastest = machine.processors.front().w;
  for (const auto& p : machine.processors) fastest = std::min(fastest, p.w);
  return graph.total_work() * fastest * machine.Tcp;
}

void check_costs_fit(const TaskGraph& graph, const MachineSpec& machine) {
  const CostTable* c = graph.costs();
  if (c && c->processors() != machine.size())
    throw std::invalid_argument(fmt::format("the cost table has {} processor columns (P0..P{}) but the network has {} "
                                            "processors: give one column per processor",
                                            c->processors(), c->processors() - 1, machine.size()));
}

}  // namespace mpnsim
