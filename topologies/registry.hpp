// Topology families by name: parameters declared, one factory each (registered in register_all.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sim/parameters.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

struct TopologyEntry {
  std::string name;         // e.g. "let"
  std::string description;  // one line
  std::vector<ParamSpec> params;
  std::function<Topology(const ParamSet&)> build;
};

// Every registered family, in the order `mpnsim list` prints them.
const std::vector<TopologyEntry>& topology_registry();

// The family called `name`, or nullptr.
const TopologyEntry* find_topology(const std::string& name);

// Resolves the parameters against the family's declaration and builds it.
// Throws ParamError for an unknown family or a bad parameter.
Topology make_topology(const std::string& name,
                       const std::vector<std::pair<std::string, std::string>>& params);

}  // namespace mpnsim
