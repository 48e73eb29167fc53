// Levels and ranks by one backward sweep over a topological order.
#include "schedulers/dag/task_levels.hpp"

#include <algorithm>

namespace mpnsim {

std::vector<double> mean_exec_times(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  std::vector<double> mean(static_cast<std::size_t>(g.size()));
  if (const CostTable* c = g.costs()) {
    for (int t = 0; t < g.size(); ++t) mean[static_cast<std::size_t>(t)] = c->mean(t);
  } else {
    const double unit = problem.mean_unit_time();
    for (int t = 0; t < g.size(); ++t) mean[static_cast<std::size_t>(t)] = g.task(t).work * unit;
  }
  return mean;
}

std::vector<double> static_levels(const DagProblem& problem, const std::vector<int>& topo) {
  const TaskGraph& g = problem.graph;
  std::vector<double> sl(static_cast<std::size_t>(g.size()), 0.0);
  const std::vector<double> exec = mean_exec_times(problem);
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    double best = 0;
    for (int e : g.out_edges(*it)) best = std::max(best, sl[static_cast<std::size_t>(g.edge(e).to)]);
    sl[static_cast<std::size_t>(*it)] = exec[static_cast<std::size_t>(*it)] + best;
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
  const std::vector<double> exec = mean_exec_times(problem);
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    double best = 0;
    for (int e : g.out_edges(*it))
      best = std::max(best, problem.comm.mean_delay(g.edge(e).data) + rank[static_cast<std::size_t>(g.edge(e).to)]);
    rank[static_cast<std::size_t>(*it)] = exec[static_cast<std::size_t>(*it)] + best;
  }
  return rank;
}

std::vector<double> downward_ranks(const DagProblem& problem, const std::vector<int>& topo) {
  const TaskGraph& g = problem.graph;
  std::vector<double> rank(static_cast<std::size_t>(g.size()), 0.0);
  const std::vector<double> exec = mean_exec_times(problem);
  for (int t : topo) {
    double best = 0;
    for (int e : g.in_edges(t)) {
      const int u = g.edge(e).from;
      best = std::max(best, rank[static_cast<std::size_t>(u)] + exec[static_cast<std::size_t>(u)] +
                                problem.comm.mean_delay(g.edge(e).data));
    }
    rank[static_cast<std::size_t>(t)] = best;
  }
  return rank;
}

std::vector<int> positions(const std::vector<int>& topo) {
  std::vector<int> pos(topo.size());
  for (std::size_t i = 0; i < topo.size(); ++i) pos[static_cast<std::size_t>(topo[i])] = static_cast<int>(i);
  return pos;
}

}  // namespace mpnsim
