// Typed builders of every topology family (one .cpp each), and what register_all.cpp needs of them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/parameters.hpp"
#include "topologies/registry.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

// Largest topology any family builds. A link costs ~40 bytes at peak across the raw list,
// the sorted link list and the neighbour lists (hypercube dim 18: 2.4 Mi links, 84 MB; the
// Boost graph view is built only on request), so 2^26 links is ~2.7 GB. Bigger requests are
// refused with a ParamError naming the parameter and the memory it would take, before
// anything is allocated.
inline constexpr std::int64_t kMaxTopologyNodes = std::int64_t{1} << 24;
inline constexpr std::int64_t kMaxTopologyLinks = std::int64_t{1} << 26;

// Each builder checks its arguments and throws ParamError (key = parameter name) when they
// are out of range. Topology::name() spells out every parameter, e.g. "let(depth=2)".

// Linearly extensible tree of depth d, thesis eq 3.3: N = (d+1)(d+2)/2.
Topology linearly_extensible_tree(int depth);
// Binary d-cube, N = 2^d.
Topology hypercube(int dim);
// de Bruijn graph of `base` (2 or 4) and `order`: arcs i -> (base*i + k) mod base^order.
Topology de_bruijn(int order, int base, bool directed);
// rows x cols grid (node = row*cols + col), with wrap-around links when `torus`.
Topology mesh(int rows, int cols, bool torus);
// Complete `arity`-ary tree with levels 0..depth; children of i are arity*i+1 .. arity*i+arity.
Topology k_ary_tree(int arity, int depth);
Topology chain(int n);
Topology ring(int n);
// n processors in all: node 0 is the centre.
Topology star(int n);
// Roots 0 and 1, each linked to every child 2..children+1 (roots not linked to each other).
Topology two_root_tree(int children);
Topology complete_graph(int n);

namespace detail {

// Throws ParamError(key, ...) when a topology of this size would not fit (limits above).
void check_size(std::string_view key, std::int64_t nodes, std::int64_t links);
// Throws ParamError(key, ...) unless min <= value <= max (for callers of the typed builders;
// the registry path has already checked the same range from the ParamSpec).
void check_range(std::string_view key, std::int64_t value, std::int64_t min, std::int64_t max);
// Declarations of integer and boolean parameters (the only kinds topologies take).
ParamSpec integer_param(std::string name, std::string default_value, std::string description,
                        std::int64_t min, std::int64_t max);
ParamSpec boolean_param(std::string name, std::string default_value, std::string description);
// "kind(a=1,b=2)" from the parameter values in declaration order.
std::string topology_name(std::string_view kind,
                          const std::vector<std::pair<std::string_view, std::string>>& params);

// The size each family's builder checks before building (ParamError when out of
// range or too large); the builders and the registry's `size` share them.
TopologySize let_size(int depth);
TopologySize hypercube_size(int dim);
TopologySize de_bruijn_size(int order, int base);
TopologySize mesh_size(int rows, int cols, bool torus);
TopologySize k_ary_tree_size(int arity, int depth);
TopologySize chain_size(int n);
TopologySize ring_size(int n);
TopologySize star_size(int n);
TopologySize two_root_tree_size(int children);
TopologySize complete_graph_size(int n);

// Declared parameters and registry factory of each family.
std::vector<ParamSpec> let_params();
Topology let_from_params(const ParamSet& p);
std::vector<ParamSpec> hypercube_params();
Topology hypercube_from_params(const ParamSet& p);
std::vector<ParamSpec> de_bruijn_params();
Topology de_bruijn_from_params(const ParamSet& p);
std::vector<ParamSpec> mesh_params();
Topology mesh_from_params(const ParamSet& p);
std::vector<ParamSpec> k_ary_tree_params();
Topology k_ary_tree_from_params(const ParamSet& p);
std::vector<ParamSpec> chain_params();
Topology chain_from_params(const ParamSet& p);
std::vector<ParamSpec> ring_params();
Topology ring_from_params(const ParamSet& p);
std::vector<ParamSpec> star_params();
Topology star_from_params(const ParamSet& p);
std::vector<ParamSpec> two_root_tree_params();
Topology two_root_tree_from_params(const ParamSet& p);
std::vector<ParamSpec> complete_graph_params();
Topology complete_graph_from_params(const ParamSet& p);

}  // namespace detail
}  // namespace mpnsim
