// Execution times of a DAG problem averaged over heterogeneous processors.
#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

double DagProblem::mean_unit_time() const {
  double w = 0;
  for (const auto& p : machine.processors) w += p.w;
  return w / static_cast<double>(machine.processors.size()) * machine.Tcp;
}

}  // namespace mpnsim
