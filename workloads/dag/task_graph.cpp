// TaskGraph construction and its canonical topological order.
#include "workloads/dag/task_graph.hpp"

#include <functional>
#include <numeric>
#include <queue>
#include <stdexcept>

#include <fmt/format.h>

#include "workloads/dag/dag_cycle.hpp"

namespace mpnsim {

void TaskGraph::reserve(int tasks, int edges, std::size_t name_chars) {
  names_.reserve(static_cast<std::size_t>(tasks), name_chars);
  work_.reserve(static_cast<std::size_t>(tasks));
  edges_.reserve(static_cast<std::size_t>(edges));
  out_.reserve(tasks);
  in_.reserve(tasks);
}

int TaskGraph::add_task(std::string_view name, double work) {
  if (costs()) throw std::logic_error("tasks cannot be added to a graph with a cost table");
  names_.add(name);
  work_.push_back(work);
  out_.add_task();
  in_.add_task();
  return size() - 1;
}

int TaskGraph::add_edge(int from, int to, double data) {
  if (from < 0 || from >= size() || to < 0 || to >= size())
    throw std::out_of_range(fmt::format("edge {} -> {}: no such task (graph has {})", from, to, size()));
  edges_.push_back(DagEdge{from, to, data});
  finalized_ = false;
  return edge_count() - 1;
}

void TaskGraph::finalize() {
  if (finalized_) return;
  // The edges keep any room an estimate reserved: a shrink_to_fit here frees a large block,
  // which raises glibc's mmap threshold, and the peak of a 10^5-task HEFT run grew by 7 MB.
  out_.build(size(), edges_, EdgeLists::End::from);
  in_.build(size(), edges_, EdgeLists::End::to);
  finalized_ = true;
}

void TaskGraph::throw_not_finalized() const {
  throw std::logic_error(fmt::format("task graph '{}': edges added after the last finalize()", name_));
}

double TaskGraph::total_work() const {
  double w = 0;
  for (double t : work_) w += t;
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
  // When every edge goes from a lower number to a higher one (generated graphs, and most
  // files), the order below is 0, 1, ..., n - 1: each task is the lowest-numbered ready one
  // once all before it are done. One pass over the edges instead of a heap.
  bool forward = true;
  for (int e = 0; e < graph.edge_count() && forward; ++e) forward = graph.edge(e).from < graph.edge(e).to;
  if (forward) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    return order;
  }
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
