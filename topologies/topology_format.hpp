// Printing a topology with its properties: JSON, Graphviz DOT, adjacency matrix (`mpnsim topo`).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "topologies/registry.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

// Largest topology topology_matrix() prints: the matrix grows as N^2 characters.
inline constexpr int kMaxMatrixNodes = 4096;

// One line: name and properties, self-loops dropped and doubled links merged included.
std::string topology_summary(const Topology& t);

// The printers below write as they go (no copy of the network as text or as a
// JSON tree is held), so their memory is the topology's. topology_json() and
// topology_dot() return what they write, for small networks and tests.
void write_topology_json(const Topology& t, std::ostream& out);
void write_topology_dot(const Topology& t, std::ostream& out);
void write_topology_matrix(const Topology& t, std::ostream& out);

// About how many bytes write_topology_json/dot/matrix give for a network of
// this size, known before it is built (links as the family makes them, an
// upper bound; levels and L/R counted as if the family had them). Within a few
// per cent of the real size for large networks, above it for small ones.
std::uint64_t estimated_topology_bytes(const std::string& format, const TopologySize& size);

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
