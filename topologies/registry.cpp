// Looking up topology families by name and building them from name=value parameters.
#include "topologies/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mpnsim {

const TopologyEntry* find_topology(const std::string& name) {
  for (const auto& entry : topology_registry())
    if (entry.name == name) return &entry;
  return nullptr;
}

namespace {

const TopologyEntry& find_or_throw(const std::string& name) {
  if (const TopologyEntry* entry = find_topology(name)) return *entry;
  std::vector<std::string> names;
  for (const auto& e : topology_registry()) names.push_back(e.name);
  const std::string near = nearest_name(name, names);
  throw ParamError("topology", fmt::format("unknown family '{}'{}; valid: {}", name,
                                           near.empty() ? "" : " (did you mean '" + near + "'?)",
                                           fmt::join(names, ", ")));
}

}  // namespace

TopologySize topology_size(const std::string& name,
                           const std::vector<std::pair<std::string, std::string>>& params) {
  const TopologyEntry& entry = find_or_throw(name);
  return entry.size(resolve_params(entry.params, params));
}

Topology make_topology(const std::string& name,
                       const std::vector<std::pair<std::string, std::string>>& params) {
  const TopologyEntry& entry = find_or_throw(name);
  return entry.build(resolve_params(entry.params, params));
}

}  // namespace mpnsim
