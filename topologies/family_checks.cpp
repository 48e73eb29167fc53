// Checks and naming shared by the topology families.
#include "topologies/families.hpp"

#include <fmt/format.h>

namespace mpnsim::detail {

void check_size(std::string_view key, std::int64_t nodes, std::int64_t links) {
  if (nodes > kMaxTopologyNodes || links > kMaxTopologyLinks)
    throw ParamError(std::string(key),
                     fmt::format("gives {} nodes and {} links, which would take about {:.1f} GiB (about 40 "
                                 "bytes per link and 64 per node, before any simulation); mpnsim builds at most {} "
                                 "nodes and {} links: choose a smaller size",
                                 nodes, links, (40.0 * static_cast<double>(links) + 64.0 * static_cast<double>(nodes)) / (1 << 30),
                                 kMaxTopologyNodes, kMaxTopologyLinks));
}

void check_range(std::string_view key, std::int64_t value, std::int64_t min, std::int64_t max) {
  if (value < min || value > max)
    throw ParamError(std::string(key),
                     fmt::format("expected an integer in [{}, {}], got {}", min, max, value));
}

ParamSpec integer_param(std::string name, std::string default_value, std::string description,
                        std::int64_t min, std::int64_t max) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.type = ParamType::integer;
  spec.default_value = std::move(default_value);
  spec.description = std::move(description);
  spec.min = static_cast<double>(min);
  spec.max = static_cast<double>(max);
  return spec;
}

ParamSpec boolean_param(std::string name, std::string default_value, std::string description) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.type = ParamType::boolean;
  spec.default_value = std::move(default_value);
  spec.description = std::move(description);
  return spec;
}

std::string topology_name(std::string_view kind,
                          const std::vector<std::pair<std::string_view, std::string>>& params) {
  std::string out(kind);
  out += '(';
  for (std::size_t i = 0; i < params.size(); ++i)
    out += fmt::format("{}{}={}", i ? "," : "", params[i].first, params[i].second);
  out += ')';
  return out;
}

}  // namespace mpnsim::detail
