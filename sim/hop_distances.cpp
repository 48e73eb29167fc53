// Breadth-first search over neighbour lists.
#include "sim/hop_distances.hpp"

#include <algorithm>

namespace mpnsim {

std::vector<int> hop_distances(const Adjacency& adjacency, int source) {
  std::vector<int> dist(adjacency.size(), kUnreachable);
  std::vector<int> frontier{source};
  dist[static_cast<std::size_t>(source)] = 0;
  // A plain vector used as a FIFO: nodes are appended in BFS order.
  for (std::size_t head = 0; head < frontier.size(); ++head) {
    const int u = frontier[head];
    const int du = dist[static_cast<std::size_t>(u)];
    for (int v : adjacency[static_cast<std::size_t>(u)]) {
      if (dist[static_cast<std::size_t>(v)] == kUnreachable) {
        dist[static_cast<std::size_t>(v)] = du + 1;
        frontier.push_back(v);
      }
    }
  }
  return dist;
}

Adjacency reversed(const Adjacency& adjacency) {
  Adjacency rev(adjacency.size());
  for (std::size_t u = 0; u < adjacency.size(); ++u)
    for (int v : adjacency[u]) rev[static_cast<std::size_t>(v)].push_back(static_cast<int>(u));
  for (auto& list : rev) std::sort(list.begin(), list.end());
  return rev;
}

}  // namespace mpnsim
