// Levels and ranks by one backward sweep over a topological order.
#include "schedulers/dag/task_levels.hpp"

#include <algorithm>

namespace mpnsim {

std::vector<double> static_levels(const DagProblem& problem, const std::vector<int>& topo) {
  const TaskGraph& g = problem.graph;
  std::vector<double> sl(static_cast<std::size_t>(g.size()), 0.0);
  const double unit = problem.mean_unit_time();
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    double best = 0;
    for (int e : g.out_edges(*it)) best = std::max(best, sl[static_cast<std::size_t>(g.edge(e).to)]);
    sl[static_cast<std::size_t>(*it)] = g.task(*it).work * unit + best;
  }
  return sl;
}

std::vector<int> latest_precedence_levels(const TaskGraph& g, const std::vector<int>& topo) {
  std::vector<int> lpl(static_cast<std::size_t>(g.size()), 1);
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    int best = 0;
    for (int e : g.out_edges(*it)) best = std::max(best, lpl[static_cast<std::size_t>(g.edge(e).to)]);
    lpl[static_cast<std::size_t>(*it)] = 1 + best;
  }
  return lpl;
}

std::vector<double> upward_ranks(const DagProblem& problem, const std::vector<int>& topo) {
  const TaskGraph& g = problem.graph;
  std::vector<double> rank(static_cast<std::size_t>(g.size()), 0.0);
  const double unit = problem.mean_unit_time();
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    double best = 0;
    for (int e : g.out_edges(*it))
      best = std::max(best, problem.comm.mean_delay(g.edge(e).data) + rank[static_cast<std::size_t>(g.edge(e).to)]);
    rank[static_cast<std::size_t>(*it)] = g.task(*it).work * unit + best;
  }
  return rank;
}

std::vector<int> positions(const std::vector<int>& topo) {
  std::vector<int> pos(topo.size());
  for (std::size_t i = 0; i < topo.size(); ++i) pos[static_cast<std::size_t>(topo[i])] = static_cast<int>(i);
  return pos;
}

}  // namespace mpnsim
