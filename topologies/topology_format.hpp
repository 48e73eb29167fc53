// Printing a topology with its properties: JSON, Graphviz DOT, adjacency matrix (`mpnsim topo`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "topologies/topology.hpp"

namespace mpnsim {

// Largest topology topology_matrix() prints: the matrix grows as N^2 characters.
inline constexpr int kMaxMatrixNodes = 4096;

// One line: name and properties, self-loops dropped and doubled links merged included.
std::string topology_summary(const Topology& t);

// Keys: name, kind, nodes, links (count), link_list ([a, b] each), directed, vertex_transitive,
// max_degree, min_degree, diameter and average_distance (null when disconnected), adjacency
// (sorted neighbour lists), self_loops_dropped, duplicate_links_merged; and, where the family
// defines them, levels and lr ([L, R] per node, null where a node has no such link).
nlohmann::ordered_json topology_json(const Topology& t);

// Graphviz: `graph` or `digraph`, the summary as a comment, levels as rank=same hints.
std::string topology_dot(const Topology& t);

// A comment line "# <summary>", then one row of space-separated 0/1 per node.
// Throws std::invalid_argument above kMaxMatrixNodes nodes.
std::string topology_matrix(const Topology& t);

}  // namespace mpnsim
