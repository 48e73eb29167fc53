// Merging a stream's workflows into one graph of disjoint components, and taking one back out.
#include "schedulers/online/workflow_stream.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

int WorkflowStream::workflow_of(int task) const {
  const auto it = std::upper_bound(first_task.begin(), first_task.end(), task);
  return static_cast<int>(it - first_task.begin()) - 1;
}

WorkflowStream merge_workflows(const std::vector<TaskGraph>& graphs, std::vector<double> arrival,
                               std::vector<std::string> names) {
  if (arrival.size() != graphs.size() || names.size() != graphs.size())
    throw std::invalid_argument(fmt::format("{} workflows but {} arrival times", graphs.size(), arrival.size()));
  for (std::size_t w = 0; w < arrival.size(); ++w)
    if (!(arrival[w] >= 0) || (w > 0 && arrival[w] < arrival[w - 1]))
      throw std::invalid_argument(fmt::format("workflow {}: arrival {} is negative or before the one before", w, arrival[w]));
  const int width = graphs.empty() || !graphs[0].costs() ? 0 : graphs[0].costs()->processors();
  int tasks = 0, edges = 0;
  for (const auto& g : graphs) {
    const int wg = g.costs() ? g.costs()->processors() : 0;
    if (wg != width)
      throw std::invalid_argument("the workflows' cost tables differ: either every graph has one, of the same "
                                  "processors, or none has");
    tasks += g.size();
    edges += g.edge_count();
  }
  WorkflowStream s;
  s.graph = TaskGraph("stream");
  s.graph.reserve(tasks, edges);
  s.first_task.push_back(0);
  std::vector<double> costs;
  if (width > 0) costs.reserve(static_cast<std::size_t>(tasks) * static_cast<std::size_t>(width));
  for (std::size_t w = 0; w < graphs.size(); ++w) {
    const TaskGraph& g = graphs[w];
    const int base = s.first_task.back();
    for (int t = 0; t < g.size(); ++t) {
      s.graph.add_task(fmt::format("w{}/{}", w, g.task(t).name), g.work(t));
      for (int p = 0; p < width; ++p) costs.push_back(g.costs()->at(t, p));
    }
    for (const DagEdge& e : g.edges()) s.graph.add_edge(base + e.from, base + e.to, e.data);
    s.first_task.push_back(base + g.size());
  }
  s.graph.finalize();
  if (width > 0) s.graph.set_costs(CostTable(tasks, width, std::move(costs)));
  s.arrival = std::move(arrival);
  s.names = std::move(names);
  return s;
}

WorkflowStream single_workflow(const WorkflowStream& stream, int w) {
  const int first = stream.first_task[static_cast<std::size_t>(w)];
  const int n = stream.size(w);
  TaskGraph g(stream.names[static_cast<std::size_t>(w)]);
  for (int t = 0; t < n; ++t) {
    const std::string_view name = stream.graph.task(first + t).name;
    g.add_task(name.substr(name.find('/') + 1), stream.graph.work(first + t));
  }
  for (int t = 0; t < n; ++t)
    for (int e : stream.graph.out_edges(first + t)) {
      const DagEdge& edge = stream.graph.edge(e);
      g.add_edge(edge.from - first, edge.to - first, edge.data);
    }
  g.finalize();
  if (const CostTable* c = stream.graph.costs()) {
    std::vector<double> values;
    for (int t = 0; t < n; ++t)
      for (int p = 0; p < c->processors(); ++p) values.push_back(c->at(first + t, p));
    g.set_costs(CostTable(n, c->processors(), std::move(values)));
  }
  return merge_workflows({g}, {0.0}, {stream.names[static_cast<std::size_t>(w)]});
}

WorkflowStream leading_workflows(const WorkflowStream& stream, int count) {
  const int n = stream.first_task[static_cast<std::size_t>(count)];
  WorkflowStream s;
  s.graph = TaskGraph(stream.graph.name());
  for (int t = 0; t < n; ++t) s.graph.add_task(stream.graph.task(t).name, stream.graph.work(t));
  // The workflows' edges lie workflow by workflow (merge_workflows): theirs come first.
  for (const DagEdge& e : stream.graph.edges()) {
    if (e.from >= n) break;
    s.graph.add_edge(e.from, e.to, e.data);
  }
  s.graph.finalize();
  if (const CostTable* c = stream.graph.costs()) {
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(c->processors()));
    for (int t = 0; t < n; ++t)
      for (int p = 0; p < c->processors(); ++p) values.push_back(c->at(t, p));
    s.graph.set_costs(CostTable(n, c->processors(), std::move(values)));
  }
  s.first_task.assign(stream.first_task.begin(), stream.first_task.begin() + count + 1);
  s.arrival.assign(stream.arrival.begin(), stream.arrival.begin() + count);
  s.names.assign(stream.names.begin(), stream.names.begin() + count);
  return s;
}

}  // namespace mpnsim
