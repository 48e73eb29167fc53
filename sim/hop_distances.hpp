// The one shortest-path routine of mpnsim: breadth-first hop counts.
#pragma once

#include <vector>

namespace mpnsim {

// Neighbour lists: adjacency[u] holds the nodes reachable from u in one hop.
using Adjacency = std::vector<std::vector<int>>;

inline constexpr int kUnreachable = -1;

// Hop distance from `source` to every node (kUnreachable where there is no path).
std::vector<int> hop_distances(const Adjacency& adjacency, int source);

// The same adjacency with every arc reversed (for distances *to* a node).
Adjacency reversed(const Adjacency& adjacency);

}  // namespace mpnsim
