// Topology families by name: parameters declared, one factory each (registered in register_all.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/parameters.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

// Nodes and links a topology will have (links as the family's definition makes
// them, before self-loops are dropped and repeats merged: an upper bound).
struct TopologySize {
  std::int64_t nodes = 0;
  std::int64_t links = 0;
};

struct TopologyEntry {
  std::string name;         // e.g. "let"
  std::string description;  // one line
  std::vector<ParamSpec> params;
  std::function<Topology(const ParamSet&)> build;
  // The size `build` would give, computed without building; throws ParamError
  // as `build` would for parameters out of range or a size that would not fit.
  std::function<TopologySize(const ParamSet&)> size;
};

// Every registered family, in the order `mpnsim list` prints them.
const std::vector<TopologyEntry>& topology_registry();

// The family called `name`, or nullptr.
const TopologyEntry* find_topology(const std::string& name);

// Resolves the parameters against the family's declaration and gives the size
// it would have, without building it. Throws ParamError as make_topology does.
TopologySize topology_size(const std::string& name,
                           const std::vector<std::pair<std::string, std::string>>& params);

// Resolves the parameters against the family's declaration and builds it.
// Throws ParamError for an unknown family or a bad parameter.
Topology make_topology(const std::string& name,
                       const std::vector<std::pair<std::string, std::string>>& params);

}  // namespace mpnsim
