// Cycle detection in task graphs: which tasks form a cycle, for error messages.
#pragma once

#include <string>
#include <vector>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// The edges of one directed cycle, in order (edge i ends where edge i+1 starts,
// the last ends where the first starts), or an empty vector when the graph is acyclic.
std::vector<int> find_cycle(const TaskGraph& graph);

// "a -> b -> c -> a" for the cycle's edges.
std::string describe_cycle(const TaskGraph& graph, const std::vector<int>& cycle_edges);

}  // namespace mpnsim
