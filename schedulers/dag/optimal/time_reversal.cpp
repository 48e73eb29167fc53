// Time reversal of a contention-free problem (time_reversal.hpp).
#include "schedulers/dag/optimal/time_reversal.hpp"

#include <algorithm>
#include <queue>

namespace mpnsim {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

bool delays_symmetric(const DagProblem& problem) {
  const int P = problem.processors();
  for (int p = 0; p < P; ++p)
    for (int q = p + 1; q < P; ++q)
      // Delays are affine in the data: equal at 0 and 1, equal everywhere.
      if (problem.comm.delay(p, q, 0) != problem.comm.delay(q, p, 0) ||
          problem.comm.delay(p, q, 1) != problem.comm.delay(q, p, 1))
        return false;
  return true;
}

TaskGraph reversed_graph(const TaskGraph& graph) {
  TaskGraph r(graph.name());
  r.reserve(graph.size(), graph.edge_count());
  for (int t = 0; t < graph.size(); ++t) r.add_task(graph.task(t).name, graph.work(t));
  for (const DagEdge& e : graph.edges()) r.add_edge(e.to, e.from, e.data);
  r.finalize();
  if (const CostTable* costs = graph.costs()) r.set_costs(*costs);
  return r;
}

std::vector<std::pair<int, TaskPlacement>> mirrored_placements(const DagProblem& problem,
                                                               const std::vector<std::pair<int, TaskPlacement>>& reversed) {
  const TaskGraph& g = problem.graph;
  double makespan = 0;
  for (const auto& [task, placed] : reversed) makespan = std::max(makespan, placed.finish);
  // Read backwards, task t ran [M - f, M - s]. The tasks are taken in the order of those starts
  // (then ends, then index), each once its predecessors are: a successor starts no sooner than
  // its predecessor ends, so that is the order of the starts itself, and a rounding of M - f
  // cannot put a task before its data.
  struct Item {
    double start, finish;
    int task, processor;
  };
  std::vector<Item> item(at(g.size()), Item{0, 0, -1, -1});
  for (const auto& [task, placed] : reversed)
    item[at(task)] = {makespan - placed.finish, makespan - placed.start, task, placed.processor};
  const auto later = [](const Item& a, const Item& b) {
    if (a.start != b.start) return a.start > b.start;
    if (a.finish != b.finish) return a.finish > b.finish;
    return a.task > b.task;
  };
  std::priority_queue<Item, std::vector<Item>, decltype(later)> ready_tasks(later);
  std::vector<int> waiting(at(g.size()), 0);
  for (int t = 0; t < g.size(); ++t) {
    if (item[at(t)].task < 0) return {};  // not a whole schedule
    if ((waiting[at(t)] = static_cast<int>(g.in_edges(t).size())) == 0) ready_tasks.push(item[at(t)]);
  }
  // Started as early as the order allows: each task after its processor's previous task and its
  // data; by induction no later than read backwards, and the sums are the forward ones (no
  // rounding of M - f against the checks).
  std::vector<double> ready(at(problem.processors()), 0.0), finish(at(g.size()), 0.0);
  std::vector<int> proc(at(g.size()), -1);
  std::vector<std::pair<int, TaskPlacement>> out;
  out.reserve(reversed.size());
  while (!ready_tasks.empty()) {
    const Item it = ready_tasks.top();
    ready_tasks.pop();
    double start = ready[at(it.processor)];
    for (int e : g.in_edges(it.task)) {
      const int u = g.edge(e).from;
      start = std::max(start, finish[at(u)] + (proc[at(u)] == it.processor ? 0.0 : problem.edge_delay(e, proc[at(u)], it.processor)));
    }
    const double end = start + problem.exec_time(it.task, it.processor);
    proc[at(it.task)] = it.processor;
    finish[at(it.task)] = end;
    ready[at(it.processor)] = end;
    out.push_back({it.task, TaskPlacement{it.processor, start, end}});
    for (int e : g.out_edges(it.task))
      if (--waiting[at(g.edge(e).to)] == 0) ready_tasks.push(item[at(g.edge(e).to)]);
  }
  return out;
}

}  // namespace mpnsim
