// Iterative depth-first search for a cycle (no recursion: graphs of 10^5 tasks are fine).
#include "workloads/dag/dag_cycle.hpp"

#include <utility>

namespace mpnsim {

std::vector<int> find_cycle(const TaskGraph& graph) {
  const int n = graph.size();
  enum State : char { fresh, open, closed };
  std::vector<State> state(static_cast<std::size_t>(n), fresh);
  // The path of the search as (task, position in its out-edge list) and the edge taken into it.
  std::vector<std::pair<int, std::size_t>> path;
  std::vector<int> via;
  for (int root = 0; root < n; ++root) {
    if (state[static_cast<std::size_t>(root)] != fresh) continue;
    path.assign(1, {root, 0});
    via.assign(1, -1);
    state[static_cast<std::size_t>(root)] = open;
    while (!path.empty()) {
      auto& [u, next] = path.back();
      const auto out = graph.out_edges(u);
      if (next == out.size()) {
        state[static_cast<std::size_t>(u)] = closed;
        path.pop_back();
        via.pop_back();
        continue;
      }
      const int e = out[next++];
      const int v = graph.edge(e).to;
      if (state[static_cast<std::size_t>(v)] == open) {
        // v is on the path: the cycle runs from v's position to the end, closed by e.
        std::size_t at = path.size();
        while (path[at - 1].first != v) --at;
        std::vector<int> cycle(via.begin() + static_cast<std::ptrdiff_t>(at), via.end());
        cycle.push_back(e);
        return cycle;
      }
      if (state[static_cast<std::size_t>(v)] == fresh) {
        state[static_cast<std::size_t>(v)] = open;
        path.emplace_back(v, 0);
        via.push_back(e);
      }
    }
  }
  return {};
}

std::string describe_cycle(const TaskGraph& graph, const std::vector<int>& cycle_edges) {
  if (cycle_edges.empty()) return "(none)";
  std::string s(graph.task(graph.edge(cycle_edges.front()).from).name);
  for (int e : cycle_edges) {
    s += " -> ";
    s += graph.task(graph.edge(e).to).name;
  }
  return s;
}

}  // namespace mpnsim
