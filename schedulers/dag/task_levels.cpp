// Levels and ranks by one backward sweep over a topological order.
#include "schedulers/dag/task_levels.hpp"

#include <algorithm>
#include <cstdint>

#include <boost/sort/spreadsort/integer_sort.hpp>

#include "sim/time_order_key.hpp"

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

void sort_by_decreasing_priority(std::vector<int>& tasks, const std::vector<double>& priority,
                                 const std::vector<int>& position) {
  // The priorities are copied beside the tasks, as integers of the same order turned round
  // (~time_order_key): a comparison that looked them up read them at random, the tasks being
  // anywhere in the graph. Boost's spreadsort then takes radix steps on those bits down to small
  // buckets, which a comparison sort finishes by (priority, position): std::sort's comparisons
  // of random priorities went either way (HEFT's and LPS's sorts mispredicted 580 k and 425 k
  // branches at 10^5 tasks, callgrind). Distinct positions make the order total.
  struct Key {
    std::uint64_t priority;
    int position;
    int task;
  };
  std::vector<Key> keys;
  keys.reserve(tasks.size());
  for (int t : tasks)
    keys.push_back(Key{~time_order_key(priority[static_cast<std::size_t>(t)]), position[static_cast<std::size_t>(t)], t});
  boost::sort::spreadsort::integer_sort(
      keys.begin(), keys.end(), [](const Key& k, unsigned shift) { return k.priority >> shift; },
      [](const Key& a, const Key& b) { return a.priority != b.priority ? a.priority < b.priority : a.position < b.position; });
  for (std::size_t i = 0; i < keys.size(); ++i) tasks[i] = keys[i].task;
}

}  // namespace mpnsim
