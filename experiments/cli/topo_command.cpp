// The topo subcommand: a network's properties by default, or the whole network as JSON, DOT or a matrix within a size limit.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/command_flags.hpp"
#include "experiments/cli/commands.hpp"
#include "experiments/config/work_limits.hpp"
#include "experiments/output/output_file.hpp"
#include "experiments/output/output_paths.hpp"
#include "topologies/distance_estimate.hpp"
#include "topologies/registry.hpp"
#include "topologies/topology_format.hpp"

namespace mpnsim {

namespace {


// What a researcher reads first: size, degrees, distances and how they were
// found, levels.
std::string summary_text(const Topology& t) {
  const auto& adjacency = t.adjacency();
  const std::int64_t n = t.size();
  // Degree = distinct neighbours; for a directed network out- and in-neighbours
  // together (as Topology::properties counts them): |out ∪ in| = out + in − the
  // neighbours joined both ways. Counted here without a reversed copy of the network.
  std::vector<std::int64_t> degree(adjacency.size());
  for (std::size_t u = 0; u < adjacency.size(); ++u) {
    degree[u] += static_cast<std::int64_t>(adjacency[u].size());
    if (!t.directed()) continue;
    for (int v : adjacency[u]) {
      const auto& back = adjacency[static_cast<std::size_t>(v)];
      // An arc u->v adds u to v's in-neighbours unless v->u already counts it.
      if (!std::binary_search(back.begin(), back.end(), static_cast<int>(u))) ++degree[static_cast<std::size_t>(v)];
    }
  }
  std::int64_t degree_sum = 0, min_degree = n > 0 ? degree[0] : 0, max_degree = 0;
  for (std::int64_t g : degree) {
    degree_sum += g;
    min_degree = std::min(min_degree, g);
    max_degree = std::max(max_degree, g);
  }
  const DistanceEstimate d = estimate_distances(t);
  std::string out = fmt::format("{}\n", t.name());
  auto row = [&](const char* key, const std::string& value) { out += fmt::format("  {:<19}{}\n", key, value); };
  row("nodes", std::to_string(n));
  row(t.directed() ? "arcs" : "links", std::to_string(t.links().size()));
  row("directed", t.directed() ? "yes" : "no");
  row("degree", fmt::format("min {}, mean {:.6g}, max {}", min_degree,
                            n > 0 ? static_cast<double>(degree_sum) / static_cast<double>(n) : 0.0, max_degree));
  if (!d.connected) {
    row("diameter", t.directed() ? "none (not strongly connected)" : "none (disconnected)");
    row("average distance", "none");
  } else if (d.exact) {
    row("diameter", std::to_string(d.diameter));
    row("average distance", fmt::format("{:.9g}", d.average_distance));
  } else {
    row("diameter", fmt::format(">= {} (lower bound)", d.diameter));
    row("average distance", fmt::format("{:.6g} +- {:.2g} (95 % interval)", d.average_distance, d.average_ci95));
  }
  row("distances", d.method);
  if (t.levels()) {
    std::map<int, std::int64_t> sizes;
    for (int level : *t.levels()) ++sizes[level];
    std::int64_t smallest = n, largest = 0;
    for (const auto& [level, count] : sizes) {
      smallest = std::min(smallest, count);
      largest = std::max(largest, count);
    }
    std::string each;
    if (sizes.size() <= 16) {
      for (const auto& [level, count] : sizes) each += fmt::format("{}{}", each.empty() ? "" : ", ", count);
      each = "nodes per level: " + each;
    } else {
      each = fmt::format("{} to {} nodes a level", smallest, largest);
    }
    row("levels", fmt::format("{} (levels {}..{}; {})", sizes.size(), sizes.begin()->first, sizes.rbegin()->first, each));
  } else {
    row("levels", "none (the family defines none)");
  }
  if (t.lr()) row("L/R links", "defined (see --format json)");
  row("clean-up", fmt::format("{} self-loops dropped, {} repeated links merged", t.self_loops_dropped(),
                              t.duplicate_links_merged()));
  return out;
}

}  // namespace

int topo_command(const std::vector<std::string>& args, const std::string& format, const std::string& output,
                 bool force, const std::vector<std::string>& own_flags, std::ostream& out) {
  if (args.empty()) {
    spdlog::error("topo: name a topology family (see `mpnsim list`)");
    return kExitBadInput;
  }
  return report_input_errors("topo " + args[0], [&]() -> int {
    const auto params = parse_flag_pairs({args.begin() + 1, args.end()});
    const TopologyEntry* family = find_topology(args[0]);
    if (!family) (void)topology_size(args[0], {});  // throws, naming the families
    std::vector<std::string> candidates = own_flags;
    for (const auto& p : family->params) candidates.push_back(p.name);
    for (const auto& [name, value] : params)
      if (!declares_param(family->params, name))
        fail_unknown_flag(name, candidates, fmt::format("{} takes {}", family->name, flag_list(family->params)));
    // Size first, from the parameters: nothing is built for a request that will be refused.
    const TopologySize size = topology_size(args[0], params);
    const bool to_file = !output.empty() && output != "-";
    if (force && !to_file) throw ParamError("force", "--force writes only to a file: add -o FILE");
    if (to_file) check_output_paths({{"output", output}});  // its folder must exist, as for dag's and dlt's files
    if (format != "summary") {
      if (format == "matrix" && size.nodes > kMaxMatrixNodes)
        throw ParamError("format", fmt::format("{} nodes: the adjacency matrix is printed up to {} nodes; use "
                                               "--format json or dot", size.nodes, kMaxMatrixNodes));
      const std::uint64_t estimate = estimated_topology_bytes(format, size);
      if (static_cast<double>(estimate) > kMaxOutputBytes && !(to_file && force))
        throw ParamError("format",
                         fmt::format("{} nodes and up to {} links would make about {} of {}; at most {} is written "
                                     "unless you mean it: -o FILE --force (or the default summary for the properties "
                                     "alone)",
                                     size.nodes, size.links, bytes_text(static_cast<double>(estimate)), format,
                                     bytes_text(kMaxOutputBytes)));
    }
    const Topology t = make_topology(args[0], params);
    std::function<void(std::ostream&)> write;
    if (format == "summary") write = [&](std::ostream& o) { o << summary_text(t); };
    else if (format == "json") write = [&](std::ostream& o) { write_topology_json(t, o); };
    else if (format == "dot") write = [&](std::ostream& o) { write_topology_dot(t, o); };
    else write = [&](std::ostream& o) { write_topology_matrix(t, o); };
    if (to_file) write_output_file(output, write);  // whole or not at all, no partial file
    else write(out);
    return kExitOk;
  });
}

}  // namespace mpnsim
