// Machines and task graphs made through the readers the command line uses.
#include "handles.hpp"

#include <unordered_map>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/config/machine_config.hpp"
#include "topologies/registry.hpp"
#include "workloads/dag/dag_cycle.hpp"
#include "workloads/dag/dag_input_limits.hpp"

namespace mpnsim::python {

MachineHandle make_machine(const std::string& topology, const TextParams& params) {
  if (!find_topology(topology)) make_topology(topology, {});  // throws with the valid names, as the command does
  YAML::Node machine(YAML::NodeType::Map);
  YAML::Node t(YAML::NodeType::Map);
  t["kind"] = topology;
  machine["topology"] = t;
  // The sections apply_machine_flags writes the command's machine flags into.
  auto set = [&](const char* section, const std::string& key, const std::string& value) {
    if (!machine[section]) machine[section] = YAML::Node(YAML::NodeType::Map);
    machine[section][key] = value;
  };
  for (const auto& [name, value] : params) {
    if (name == "w" || name == "coprocessor" || name == "send_ports" || name == "recv_ports")
      set("processor", name, value);
    else if (name == "z" || name == "S") set("link", name, value);
    else if (name == "Tcp" || name == "Tcm") machine[name] = value;
    else machine["topology"][name] = value;
  }
  const MachineConfig config = read_machine(YamlSource("command line"), machine, "machine");
  return MachineHandle{topology, machine, config.topology.name(), config.topology.size()};
}

namespace {

GraphHandle read_workload(const YAML::Node& node) {
  GraphHandle h;
  h.workload = read_dag_workload(YamlSource("command line"), node, "workload", "");
  return h;
}

}  // namespace

GraphHandle generate_graph(const std::string& kind, const TextParams& params, std::uint64_t seed, int processors) {
  const DagWorkloadEntry* entry = find_dag_workload(kind);
  if (!entry || !entry->family) {
    std::vector<std::string> names;
    for (const auto& e : dag_workloads())
      if (e.family) names.push_back(e.name);
    const std::string near = nearest_name(kind, names);
    throw ParamError("kind", fmt::format("'{}' is not a generated family{}; expected one of: {}", kind,
                                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                                         fmt::join(names, ", ")));
  }
  YAML::Node node(YAML::NodeType::Map);
  node["kind"] = kind;
  for (const auto& [name, value] : params) node[name] = value;
  GraphHandle h = read_workload(node);
  h.graph = std::make_shared<const TaskGraph>(h.workload.make(seed, 0, processors));
  h.graph_seed = h.workload.graph_seed(seed, 0);
  return h;
}

GraphHandle read_graph(const std::string& path, const std::string& format, const TextParams& params) {
  YAML::Node node(YAML::NodeType::Map);
  node["kind"] = format.empty() ? dag_file_format(path) : format;
  node["file"] = path;
  for (const auto& [name, value] : params) node[name] = value;
  GraphHandle h = read_workload(node);
  h.graph = h.workload.graph;
  return h;
}

GraphHandle graph_from_edges(const std::vector<std::string>& names, const std::vector<double>& work,
                             const std::vector<std::tuple<int, int, double>>& edges, const std::string& name) {
  if (names.size() != work.size()) throw std::invalid_argument("one name per task");
  if (const auto problem = dag_size_problem(static_cast<double>(work.size()), static_cast<double>(edges.size())))
    throw std::invalid_argument(*problem);
  auto g = std::make_shared<TaskGraph>(name);
  g->reserve(static_cast<int>(work.size()), static_cast<int>(edges.size()));
  for (std::size_t t = 0; t < work.size(); ++t) g->add_task(names[t], work[t]);
  const int n = g->size();
  std::unordered_map<std::uint64_t, std::size_t> seen;  // (from, to) -> the edge that has it
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const auto& [from, to, data] = edges[e];
    if (from < 0 || from >= n || to < 0 || to >= n)
      throw std::invalid_argument(
          fmt::format("edge {} ({} -> {}): its ends must be tasks 0..{}", e, from, to, n - 1));
    if (from == to) throw std::invalid_argument(fmt::format("edge {}: task {} depends on itself", e, names[from]));
    // Two edges between the same tasks would be two messages in the schedule but one line in
    // DOT file the graph is written to (`strict digraph`), which would read back as another graph.
    const auto [it, added] = seen.emplace(static_cast<std::uint64_t>(from) << 32 | static_cast<std::uint32_t>(to), e);
    if (!added)
      throw std::invalid_argument(fmt::format("edge {} ({} -> {}) repeats edge {}: give each dependency once, with "
                                              "its whole data",
                                              e, names[static_cast<std::size_t>(from)],
                                              names[static_cast<std::size_t>(to)], it->second));
    g->add_edge(from, to, data);
  }
  g->finalize();
  if (const auto cycle = find_cycle(*g); !cycle.empty())
    throw std::invalid_argument("the edges form a cycle: " + describe_cycle(*g, cycle));
  if (const auto problem = dag_number_problem(*g)) throw std::invalid_argument(problem->text);
  GraphHandle h;
  h.workload.entry = find_dag_workload("dot");  // a graph in memory is a workload read from a file
  h.workload.graph = g;
  h.graph = g;
  return h;
}

namespace {

double task_time(const TaskGraph& g, int t) { return g.costs() ? g.costs()->mean(t) : g.task(t).work; }

}  // namespace

double graph_t1(const TaskGraph& g) {
  if (const CostTable* c = g.costs()) {
    double best = std::numeric_limits<double>::infinity();
    for (int p = 0; p < c->processors(); ++p) {
      double sum = 0;
      for (int t = 0; t < g.size(); ++t) sum += c->at(t, p);
      best = std::min(best, sum);
    }
    return g.size() ? best : 0.0;
  }
  return g.total_work();
}

double graph_critical_path(const TaskGraph& g) {
  std::vector<double> finish(static_cast<std::size_t>(g.size()), 0.0);
  double longest = 0;
  for (int t : topological_order(g)) {
    double start = 0;
    for (int e : g.in_edges(t)) start = std::max(start, finish[static_cast<std::size_t>(g.edge(e).from)]);
    finish[static_cast<std::size_t>(t)] = start + task_time(g, t);
    longest = std::max(longest, finish[static_cast<std::size_t>(t)]);
  }
  return longest;
}

}  // namespace mpnsim::python
