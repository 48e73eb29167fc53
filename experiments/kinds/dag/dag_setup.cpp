// The DAG set-up readers: every problem located at its key before any work is done.
#include "experiments/kinds/dag/dag_setup.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "experiments/config/seeding.hpp"
#include "experiments/kinds/dag/dag_ec_ratio.hpp"
#include "workloads/dag/cost_table_format.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

std::optional<std::uint64_t> DagWorkload::graph_seed(std::uint64_t experiment_seed, int repetition) const {
  if (graph) return std::nullopt;
  // 63 bits, so that the reported seed can be given back as the workload's `seed`.
  return family_seed(params, point_seed(experiment_seed, label, repetition) >> 1);
}

TaskGraph DagWorkload::make(std::uint64_t experiment_seed, int repetition, int processors) const {
  if (graph) return *graph;
  return generate_family_graph(*entry->family, params, *graph_seed(experiment_seed, repetition), processors);
}

std::optional<double> DagWorkload::degree_ratio() const {
  if (graph || !params.has("max_in") || !params.has("max_out")) return std::nullopt;
  return static_cast<double>(params.integer("max_in")) / static_cast<double>(params.integer("max_out"));
}

DagMachine read_dag_machine(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  DagMachine out{read_machine(src, node, path), nullptr};
  // Ports not given anywhere default to "all" for DAG runs.
  auto given = [&](const char* key) {
    if (node["processor"] && node["processor"][key]) return true;
    if (const YAML::Node list = node["processors"])
      for (const auto& p : list)
        if (p[key]) return true;
    return false;
  };
  for (auto& p : out.config.spec.processors) {
    if (!given("send_ports")) p.send_ports = kAllPorts;
    if (!given("recv_ports")) p.recv_ports = kAllPorts;
  }
  try {
    out.comm = std::make_shared<const CommCost>(out.config.spec);
  } catch (const std::invalid_argument& e) {
    src.fail(node["topology"], join_path(path, "topology"), e.what());
  }
  return out;
}

DagWorkload read_dag_workload(const YamlSource& src, const YAML::Node& node, const std::string& path,
                              const std::string& base_dir) {
  src.require_map(node, path);
  std::vector<std::string> names;
  for (const auto& e : dag_workloads()) names.push_back(e.name);
  if (!node["kind"])
    src.fail(node, join_path(path, "kind"), fmt::format("required: one of {}", fmt::join(names, ", ")));
  const std::string kind = src.scalar(node["kind"], join_path(path, "kind"));
  DagWorkload w;
  w.entry = find_dag_workload(kind);
  if (!w.entry) {
    const std::string near = nearest_name(kind, names);
    src.fail(node["kind"], join_path(path, "kind"),
             fmt::format("unknown DAG workload '{}'{}; expected one of: {}", kind,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                         fmt::join(names, ", ")));
  }
  const std::vector<std::string> skip{"kind"};
  w.params = src.params(node, path, w.entry->params, skip);
  if (w.entry->from_file) {
    auto resolve = [&](const std::string& name) {
      std::filesystem::path file = name;
      if (file.is_relative() && !base_dir.empty()) file = std::filesystem::path(base_dir) / file;
      return file.string();
    };
    TaskGraph graph;
    try {
      graph = read_dag_file(w.entry->name, resolve(w.params.text("file")), w.params);
    } catch (const WorkloadInputError& e) {
      src.fail(node["file"], join_path(path, "file"), e.what());
    }
    if (const std::string costs = w.params.text("costs"); costs != kNoCostTable) {
      try {
        graph.set_costs(read_cost_table_file(resolve(costs), graph));
      } catch (const WorkloadInputError& e) {
        src.fail(node["costs"], join_path(path, "costs"), e.what());
      }
    }
    w.graph = std::make_shared<const TaskGraph>(std::move(graph));
    return w;
  }
  // A bad value is reported at its key (where it was given, else at the workload).
  try {
    check_family_params(*w.entry->family, w.params);
  } catch (const ParamError& e) {
    const YAML::Node at = node[e.key()];
    src.fail(at ? at : node, join_path(path, e.key()), e.problem());
  } catch (const std::invalid_argument& e) {
    src.fail(node, path, e.what());
  }
  std::vector<std::string> parts;
  for (const auto& [k, v] : w.params.values())
    if (k != "seed") parts.push_back(fmt::format("{}={}", k, to_text(v)));
  w.label = fmt::format("{}({})", w.entry->name, fmt::join(parts, ", "));
  return w;
}

void check_dag_workload_fits(const YamlSource& src, const YAML::Node& node, const std::string& path,
                             const DagWorkload& workload, const MachineSpec& machine) {
  if (!workload.graph) return;
  try {
    check_costs_fit(*workload.graph, machine);
  } catch (const std::invalid_argument& e) {
    src.fail(node["costs"], join_path(path, "costs"), e.what());
  }
}

const DagSchedulerEntry& read_dag_scheduler(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                            ParamSet& params) {
  std::vector<std::string> names;
  for (const auto& e : dag_schedulers()) names.push_back(e.name);
  const bool map = node.IsMap();
  const YAML::Node name_node = map ? node["name"] : node;
  const std::string key = map ? join_path(path, "name") : path;
  if (map && !name_node)
    src.fail(node, key, fmt::format("required: the scheduler, one of {}", fmt::join(names, ", ")));
  const std::string name = src.scalar(name_node, key);
  const DagSchedulerEntry* entry = find_dag_scheduler(name);
  if (!entry) {
    const std::string near = nearest_name(name, names);
    src.fail(name_node, key,
             fmt::format("unknown DAG scheduler '{}'{}; expected one of: {}", name,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                         fmt::join(names, ", ")));
  }
  const std::vector<std::string> skip{"name"};
  params = map ? src.params(node, path, entry->params, skip) : resolve_params(entry->params, {});
  return *entry;
}

const std::vector<std::string>& dag_keys() {
  static const std::vector<std::string> keys{"machine", "workload", "scheduler", "ec_ratio", "ccr", "timing", "rows"};
  return keys;
}

DagSetup read_dag_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir) {
  if (!config["machine"]) src.fail(config, "machine", "required: the network and its parameters");
  if (!config["workload"])
    src.fail(config, "workload",
             "required: {kind: random-dag, tasks: N, ...} (or another generated family: daggen, topcuoglu, fft, "
             "...; mpnsim list), {kind: dot, file: F}, {kind: stg, file: F} or {kind: wfcommons, file: F}");
  if (!config["scheduler"]) src.fail(config, "scheduler", "required: {name: SCHEDULER, PARAM: VALUE ...}");
  // The machine is read before the workload, so that a problem in both is reported at the machine.
  DagMachine m = read_dag_machine(src, config["machine"], "machine");
  DagWorkload w = read_dag_workload(src, config["workload"], "workload", base_dir);
  check_dag_workload_fits(src, config["workload"], "workload", w, m.config.spec);
  return read_dag_setup(src, config, std::move(w));
}

DagSetup read_dag_setup(const YamlSource& src, const YAML::Node& config, DagWorkload workload) {
  if (!config["machine"]) src.fail(config, "machine", "required: the network and its parameters");
  if (!config["scheduler"]) src.fail(config, "scheduler", "required: {name: SCHEDULER, PARAM: VALUE ...}");
  DagMachine m = read_dag_machine(src, config["machine"], "machine");
  DagSetup s{std::move(m.config), std::move(m.comm)};
  s.workload = std::move(workload);
  s.scheduler = &read_dag_scheduler(src, config["scheduler"], "scheduler", s.scheduler_params);
  if (config["ec_ratio"] && config["ccr"])
    src.fail(config["ccr"], "ccr",
             "give ec_ratio or ccr, not both: ccr (communication over computation, as papers state it) is 1 / ec_ratio");
  if (config["ec_ratio"])
    s.ec_ratio = src.number(config["ec_ratio"], "ec_ratio", kMinEcRatio, kMaxEcRatio);
  // ccr = 1 / ec_ratio, within the same bounds: a ccr <= 0 is refused here, at its key.
  if (config["ccr"]) s.ec_ratio = 1.0 / src.number(config["ccr"], "ccr", 1 / kMaxEcRatio, 1 / kMinEcRatio);
  // What validate accepts must run: a ratio no graph of the workload could reach on this
  // machine is refused here, not by the first run.
  const char* ratio_key = config["ccr"] ? "ccr" : "ec_ratio";
  if (const auto problem = ec_ratio_problem(s)) src.fail(config[ratio_key], ratio_key, *problem);
  if (config["timing"]) s.timing = src.boolean(config["timing"], "timing");
  return s;
}

std::string dag_file_format(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".dot" || ext == ".gv") return "dot";
  if (ext == ".stg") return "stg";
  if (ext == ".json") return "wfcommons";
  throw ParamError("graph-format", fmt::format("cannot tell the format of '{}' from its extension: give "
                                               "--graph-format dot, stg or wfcommons", path));
}

}  // namespace mpnsim
