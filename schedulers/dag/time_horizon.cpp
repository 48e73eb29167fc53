// serial_horizon: the sum of the slowest execution of every task and the costliest delay of every edge.
#include "schedulers/dag/time_horizon.hpp"

#include <algorithm>
#include <limits>

namespace mpnsim {

double serial_horizon(const DagProblem& problem) {
  if (problem.carried_horizon > 0) return problem.carried_horizon;
  const TaskGraph& g = problem.graph;
  const int procs = problem.processors();
  double sum = 0;
  if (g.costs()) {
    for (int t = 0; t < g.size(); ++t) {
      double slowest = 0;
      for (int p = 0; p < procs; ++p) slowest = std::max(slowest, problem.exec_time(t, p));
      sum += slowest;
    }
  } else {
    double slowest_unit = 0;
    for (const auto& p : problem.machine.processors) slowest_unit = std::max(slowest_unit, p.w * problem.machine.Tcp);
    for (int t = 0; t < g.size(); ++t) sum += g.task(t).work * slowest_unit;
  }
  // A message crosses at most `diameter` hops (routes are shortest paths), each costing at
  // most the largest S plus data times the largest z Tcm: a bound on every edge's delay made
  // from the links alone, so that a builder costs no look at every pair of processors (BSA
  // makes one per processor).
  double startup = 0, per_unit = 0;
  for (const LinkSpec& l : problem.machine.links) {
    startup = std::max(startup, l.startup);
    per_unit = std::max(per_unit, l.z * problem.machine.Tcm);
  }
  const double hops = problem.comm.diameter();
  startup *= hops;
  per_unit *= hops;
  for (const DagEdge& e : g.edges()) sum += startup + e.data * per_unit;
  return sum;
}

double latest_carried_start(const DagProblem& problem) {
  const double horizon = serial_horizon(problem);
  return horizon > 0 ? 2 * horizon : std::numeric_limits<double>::max();
}

}  // namespace mpnsim
