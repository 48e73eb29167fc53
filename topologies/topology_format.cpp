// JSON, DOT and matrix renderings of a topology.
#include "topologies/topology_format.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mpnsim {

std::string topology_summary(const Topology& t) {
  const auto& p = t.properties();
  return fmt::format(
      "{}: nodes={} links={} directed={} max_degree={} min_degree={} diameter={} "
      "average_distance={} self_loops_dropped={} duplicate_links_merged={}",
      t.name(), p.nodes, p.links, t.directed(), p.max_degree, p.min_degree,
      p.diameter ? std::to_string(*p.diameter) : std::string("none (disconnected)"),
      p.average_distance ? fmt::format("{:.6g}", *p.average_distance) : std::string("none"),
      t.self_loops_dropped(), t.duplicate_links_merged());
}

nlohmann::ordered_json topology_json(const Topology& t) {
  using json = nlohmann::ordered_json;
  const auto& p = t.properties();
  json j;
  j["name"] = t.name();
  j["kind"] = t.kind();
  j["nodes"] = p.nodes;
  j["links"] = p.links;
  j["directed"] = t.directed();
  j["vertex_transitive"] = t.vertex_transitive();
  j["max_degree"] = p.max_degree;
  j["min_degree"] = p.min_degree;
  j["diameter"] = p.diameter ? json(*p.diameter) : json(nullptr);
  j["average_distance"] = p.average_distance ? json(*p.average_distance) : json(nullptr);
  if (!p.distances_skipped.empty()) j["distances_skipped"] = p.distances_skipped;
  j["self_loops_dropped"] = t.self_loops_dropped();
  j["duplicate_links_merged"] = t.duplicate_links_merged();
  json links = json::array();
  for (auto [a, b] : t.links()) links.push_back({a, b});
  j["link_list"] = std::move(links);
  j["adjacency"] = t.adjacency();
  if (t.levels()) j["levels"] = *t.levels();
  if (t.lr()) {
    json lr = json::array();
    auto target = [](int v) { return v < 0 ? json(nullptr) : json(v); };
    for (auto [l, r] : *t.lr()) lr.push_back(json::array({target(l), target(r)}));
    j["lr"] = std::move(lr);
  }
  return j;
}

std::string topology_dot(const Topology& t) {
  const char* arrow = t.directed() ? "->" : "--";
  std::string out = fmt::format("// {}\n{} \"{}\" {{\n  node [shape=circle];\n", topology_summary(t),
                                t.directed() ? "digraph" : "graph", t.name());
  if (t.levels()) {
    std::map<int, std::vector<int>> by_level;
    for (std::size_t i = 0; i < t.levels()->size(); ++i)
      by_level[(*t.levels())[i]].push_back(static_cast<int>(i));
    for (const auto& [level, nodes] : by_level)
      out += fmt::format("  {{ rank=same; {}; }}  // level {}\n", fmt::join(nodes, "; "), level);
  } else {
    // Isolated nodes (e.g. chain of 1) still have to appear.
    for (int i = 0; i < t.size(); ++i) out += fmt::format("  {};\n", i);
  }
  for (auto [a, b] : t.links()) out += fmt::format("  {} {} {};\n", a, arrow, b);
  out += "}\n";
  return out;
}

std::string topology_matrix(const Topology& t) {
  if (t.size() > kMaxMatrixNodes)
    throw std::invalid_argument(fmt::format(
        "{} has {} nodes; the adjacency matrix is printed up to {} nodes, use JSON or DOT instead",
        t.name(), t.size(), kMaxMatrixNodes));
  const auto n = static_cast<std::size_t>(t.size());
  std::string out = "# " + topology_summary(t) + "\n";
  std::string row;
  for (std::size_t u = 0; u < n; ++u) {
    row.assign(2 * n - 1, ' ');
    for (std::size_t v = 0; v < n; ++v) row[2 * v] = '0';
    for (int v : t.adjacency()[u]) row[2 * static_cast<std::size_t>(v)] = '1';
    out += row;
    out += '\n';
  }
  return out;
}

}  // namespace mpnsim
