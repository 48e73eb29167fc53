// JSON, DOT and matrix renderings of a topology.
#include "topologies/topology_format.hpp"

#include <algorithm>
#include <map>
#include <sstream>
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

namespace {

int digits(std::int64_t v) {
  int d = 1;
  while (v >= 10) {
    v /= 10;
    ++d;
  }
  return d;
}

// "[1, 2, 3]" or "[null, 4]" (a negative target is null).
void write_list(std::ostream& out, const std::vector<int>& values) {
  out << '[';
  for (std::size_t i = 0; i < values.size(); ++i) out << (i ? ", " : "") << values[i];
  out << ']';
}

}  // namespace

void write_topology_json(const Topology& t, std::ostream& out) {
  using json = nlohmann::ordered_json;
  const auto& p = t.properties();
  // The scalar fields through nlohmann (its quoting and number format), the
  // long arrays written out one element a line.
  json head;
  head["name"] = t.name();
  head["kind"] = t.kind();
  head["nodes"] = p.nodes;
  head["links"] = p.links;
  head["directed"] = t.directed();
  head["vertex_transitive"] = t.vertex_transitive();
  head["max_degree"] = p.max_degree;
  head["min_degree"] = p.min_degree;
  head["diameter"] = p.diameter ? json(*p.diameter) : json(nullptr);
  head["average_distance"] = p.average_distance ? json(*p.average_distance) : json(nullptr);
  if (!p.distances_skipped.empty()) head["distances_skipped"] = p.distances_skipped;
  head["self_loops_dropped"] = t.self_loops_dropped();
  head["duplicate_links_merged"] = t.duplicate_links_merged();
  out << "{\n";
  for (auto it = head.begin(); it != head.end(); ++it) out << "  " << json(it.key()).dump() << ": " << it.value().dump() << ",\n";
  out << "  \"link_list\": [";
  const auto& links = t.links();
  for (std::size_t i = 0; i < links.size(); ++i)
    out << (i ? ",\n    [" : "\n    [") << links[i].first << ", " << links[i].second << ']';
  out << (links.empty() ? "]" : "\n  ]") << ",\n  \"adjacency\": [";
  const auto& adjacency = t.adjacency();
  for (std::size_t u = 0; u < adjacency.size(); ++u) {
    out << (u ? ",\n    " : "\n    ");
    write_list(out, adjacency[u]);
  }
  out << (adjacency.empty() ? "]" : "\n  ]");
  if (t.levels()) {
    out << ",\n  \"levels\": [";
    const auto& levels = *t.levels();
    for (std::size_t i = 0; i < levels.size(); ++i)
      out << (i == 0 ? "\n    " : i % 32 == 0 ? ",\n    " : ", ") << levels[i];
    out << (levels.empty() ? "]" : "\n  ]");
  }
  if (t.lr()) {
    out << ",\n  \"lr\": [";
    const auto& lr = *t.lr();
    auto target = [&](int v) { v < 0 ? out << "null" : out << v; };
    for (std::size_t i = 0; i < lr.size(); ++i) {
      out << (i ? ",\n    [" : "\n    [");
      target(lr[i].first);
      out << ", ";
      target(lr[i].second);
      out << ']';
    }
    out << (lr.empty() ? "]" : "\n  ]");
  }
  out << "\n}\n";
}

nlohmann::ordered_json topology_json(const Topology& t) {
  std::ostringstream text;
  write_topology_json(t, text);
  return nlohmann::ordered_json::parse(text.str());
}

void write_topology_dot(const Topology& t, std::ostream& out) {
  const char* arrow = t.directed() ? "->" : "--";
  out << fmt::format("// {}\n{} \"{}\" {{\n  node [shape=circle];\n", topology_summary(t),
                     t.directed() ? "digraph" : "graph", t.name());
  if (t.levels()) {
    std::map<int, std::vector<int>> by_level;
    for (std::size_t i = 0; i < t.levels()->size(); ++i)
      by_level[(*t.levels())[i]].push_back(static_cast<int>(i));
    for (const auto& [level, nodes] : by_level) {
      out << "  { rank=same; ";
      for (int v : nodes) out << v << "; ";
      out << "}  // level " << level << '\n';
    }
  } else {
    // Isolated nodes (e.g. chain of 1) still have to appear.
    for (int i = 0; i < t.size(); ++i) out << "  " << i << ";\n";
  }
  for (auto [a, b] : t.links()) out << "  " << a << ' ' << arrow << ' ' << b << ";\n";
  out << "}\n";
}

std::string topology_dot(const Topology& t) {
  std::ostringstream text;
  write_topology_dot(t, text);
  return text.str();
}

void write_topology_matrix(const Topology& t, std::ostream& out) {
  if (t.size() > kMaxMatrixNodes)
    throw std::invalid_argument(fmt::format(
        "{} has {} nodes; the adjacency matrix is printed up to {} nodes, use JSON or DOT instead",
        t.name(), t.size(), kMaxMatrixNodes));
  const auto n = static_cast<std::size_t>(t.size());
  out << "# " << topology_summary(t) << "\n";
  std::string row;
  const Adjacency& adjacency = t.adjacency();
  for (std::size_t u = 0; u < n; ++u) {
    row.assign(2 * n - 1, ' ');
    for (std::size_t v = 0; v < n; ++v) row[2 * v] = '0';
    for (int v : adjacency[u]) row[2 * static_cast<std::size_t>(v)] = '1';
    out << row << '\n';
  }
}

std::string topology_matrix(const Topology& t) {
  std::ostringstream text;
  write_topology_matrix(t, text);
  return text.str();
}

std::uint64_t estimated_topology_bytes(const std::string& format, const TopologySize& size) {
  const auto n = static_cast<std::uint64_t>(size.nodes), l = static_cast<std::uint64_t>(size.links);
  const auto d = static_cast<std::uint64_t>(digits(std::max<std::int64_t>(size.nodes - 1, 0)));
  if (format == "matrix") return 400 + n * 2 * n;
  if (format == "dot") return 400 + l * (8 + 2 * d) + n * (d + 2);
  // json: a link line, both ends in the adjacency lists, a level and an L/R pair per node.
  return 800 + l * (10 + 2 * d) + 2 * l * (d + 2) + n * 6 + n * (d + 2) + n * (10 + 2 * d);
}

}  // namespace mpnsim
