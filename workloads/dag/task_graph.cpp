// TaskGraph construction and its canonical topological order.
#include "workloads/dag/task_graph.hpp"

#include <functional>
#include <queue>
#include <stdexcept>

#include <fmt/format.h>

#include "workloads/dag/dag_cycle.hpp"

namespace mpnsim {

int TaskGraph::add_task(std::string name, double work) {
  if (costs()) throw std::logic_error("tasks cannot be added to a graph with a cost table");
  tasks_.push_back(DagTask{std::move(name), work});
  out_.emplace_back();
  in_.emplace_back();
  return size() - 1;
}

int TaskGraph::add_edge(int from, int to, double data) {
  if (from < 0 || from >= size() || to < 0 || to >= size())
    throw std::out_of_range(fmt::format("edge {} -> {}: no such task (graph has {})", from, to, size()));
  edges_.push_back(DagEdge{from, to, data});
  const int e = edge_count() - 1;
  out_[static_cast<std::size_t>(from)].push_back(e);
  in_[static_cast<std::size_t>(to)].push_back(e);
  return e;
}

double TaskGraph::total_work() const {
  double w = 0;
  for (const auto& t : tasks_) w += t.work;
  return w;
}

double TaskGraph::total_data() const {
  double d = 0;
  for (const auto& e : edges_) d += e.data;
  return d;
}

void TaskGraph::scale_data(double factor) {
  for (auto& e : edges_) e.data *= factor;
}

void TaskGraph::set_costs(CostTable costs) {
  if (costs.tasks() != size())
    throw std::invalid_argument(
        fmt::format("the cost table has {} rows but the graph has {} tasks", costs.tasks(), size()));
  costs_ = std::move(costs);
}

std::vector<int> topological_order(const TaskGraph& graph) {
  const int n = graph.size();
  std::vector<int> waiting(static_cast<std::size_t>(n));
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;
  for (int t = 0; t < n; ++t) {
    waiting[static_cast<std::size_t>(t)] = static_cast<int>(graph.in_edges(t).size());
    if (waiting[static_cast<std::size_t>(t)] == 0) ready.push(t);
  }
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n));
  while (!ready.empty()) {
    const int t = ready.top();
    ready.pop();
    order.push_back(t);
    for (int e : graph.out_edges(t)) {
      const int s = graph.edge(e).to;
      if (--waiting[static_cast<std::size_t>(s)] == 0) ready.push(s);
    }
  }
  if (static_cast<int>(order.size()) != n)
    throw std::invalid_argument(fmt::format("the task graph has a cycle: {}", describe_cycle(graph, find_cycle(graph))));
  return order;
}

}  // namespace mpnsim
