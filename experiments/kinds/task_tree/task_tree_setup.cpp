// Task-tree set-up from YAML, shared by the task_tree kind and the tree command.
#include "experiments/kinds/task_tree/task_tree_setup.hpp"

#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "experiments/config/seeding.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/tree/tree_generators.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

TreeSchedulerChoice read_tree_scheduler(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || node.IsNull()) src.fail(node, path, "required: a scheduler name or {name: NAME, ...}");
  const bool map = node.IsMap();
  const YAML::Node name_node = map ? node["name"] : node;
  const std::string name_key = map ? path + ".name" : path;
  if (map && !name_node) src.fail(node, name_key, "required: the scheduler (see `mpnsim list`)");
  const std::string name = src.scalar(name_node, name_key);
  TreeSchedulerChoice c;
  c.entry = find_tree_scheduler(name);
  if (!c.entry) {
    std::vector<std::string> names;
    for (const auto& e : tree_schedulers()) names.push_back(e.name);
    const std::string near = nearest_name(name, names);
    src.fail(name_node, name_key,
             fmt::format("unknown task-tree scheduler '{}'{}; expected one of: {}", name,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                         fmt::join(names, ", ")));
  }
  if (map) {
    std::vector<std::string> allowed{"name"};
    for (const auto& p : c.entry->params) allowed.push_back(p.name);
    src.check_keys(node, path, allowed);
    const std::vector<std::string> skip{"name"};
    c.params = src.params(node, path, c.entry->params, skip);
  } else {
    c.params = resolve_params(c.entry->params, {});
  }
  return c;
}

TreeWorkloadChoice read_tree_workload(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  if (!node.IsDefined() || node.IsNull())
    src.fail(node, path, "required: the task tree, e.g. {kind: random, spawn: 0.9, fanout: 2, depth: 10}");
  src.require_map(node, path);
  if (!node["kind"]) src.fail(node, path + ".kind", "required: complete, random or tree-file");
  const std::string kind = src.scalar(node["kind"], path + ".kind");
  TreeWorkloadChoice c;
  c.entry = find_tree_workload(kind);
  if (!c.entry) {
    std::vector<std::string> names;
    for (const auto& e : tree_workloads()) names.push_back(e.name);
    const std::string near = nearest_name(kind, names);
    src.fail(node["kind"], path + ".kind",
             fmt::format("unknown task-tree workload '{}'{}; expected one of: {}", kind,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                         fmt::join(names, ", ")));
  }
  std::vector<std::string> allowed{"kind"};
  for (const auto& p : c.entry->params) allowed.push_back(p.name);
  src.check_keys(node, path, allowed);
  const std::vector<std::string> skip{"kind"};
  c.params = src.params(node, path, c.entry->params, skip);
  auto at = [&](const char* key) { return node[key] ? node[key] : node; };
  if (c.entry->from_file) {
    const std::string given = c.params.text("file");
    std::filesystem::path file(given);
    if (file.is_relative() && src.file() != "command line")
      file = std::filesystem::path(src.file()).parent_path() / file;
    c.params.set("file", file.lexically_normal().string());
    try {
      // Read now, once: a bad file stops everything before any work, and no run reads it again.
      c.file_tree = std::make_shared<const TaskTree>(make_tree(*c.entry, c.params, 0));
    } catch (const WorkloadInputError& e) {
      src.fail(at("file"), path + ".file", e.what());
    } catch (const std::invalid_argument& e) {
      src.fail(at("file"), path + ".file", e.what());
    }
    c.label = fmt::format("tree-file({})", std::filesystem::path(given).filename().string());
    return c;
  }
  try {
    if (c.entry->random) {
      const double expected = expected_random_tree_size(c.params.real("spawn"), static_cast<int>(c.params.integer("fanout")),
                                                        static_cast<int>(c.params.integer("depth")));
      if (expected > static_cast<double>(kMaxTreeTasks) / 8)
        throw ParamError("depth", fmt::format("trees of this class hold {:.3g} tasks on average; at most {} fit "
                                              "(lower depth, spawn or fanout)", expected, kMaxTreeTasks / 8));
    } else {
      check_fixed_tree(*c.entry, c.params);  // complete trees: their size, without building them
    }
  } catch (const ParamError& e) {
    src.fail(at(e.key().c_str()), join_path(path, e.key()), e.problem());
  }
  c.label = tree_workload_label(*c.entry, c.params);
  return c;
}

std::shared_ptr<const TaskTree> workload_tree(const TreeWorkloadChoice& workload, std::uint64_t seed) {
  if (workload.file_tree) return workload.file_tree;
  return std::make_shared<const TaskTree>(make_tree(*workload.entry, workload.params, seed));
}

const std::vector<ParamSpec>& tree_execution_params() {
  static const std::vector<ParamSpec> specs{
      {"grain", ParamType::real, "1", "g: time a task takes to spawn its children, and again to combine their results", 0, 1e300, {}},
      {"S", ParamType::real, "0", "startup latency of every message on every hop", 0, 1e300, {}},
      {"C", ParamType::real, "1", "time per unit of message size per hop (the links' z)", 0, 1e300, {}},
      {"task_size", ParamType::real, "1", "size of the message that moves a task to its processor", 0, 1e300, {}},
      {"result_size", ParamType::real, "1", "size of the message that returns a result to the parent", 0, 1e300, {}},
      {"coprocessor", ParamType::boolean, "true", "processors compute while they communicate", 0, 0, {}},
      {"send_ports", ParamType::ports, "1", "messages a processor can send at once (1, k or all)", 0, 0, {}},
      {"recv_ports", ParamType::ports, "1", "messages a processor can receive at once (1, k or all)", 0, 0, {}},
  };
  return specs;
}

TreeExecutionParams read_tree_execution(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  TreeExecutionParams e;
  if (node.IsNull()) return e;  // `execution:` alone: all defaults
  std::vector<std::string> allowed;
  for (const auto& p : tree_execution_params()) allowed.push_back(p.name);
  src.check_keys(node, path, allowed);
  const ParamSet p = src.params(node, path, tree_execution_params(), {});
  e.grain = p.real("grain");
  e.startup = p.real("S");
  e.per_unit = p.real("C");
  e.task_size = p.real("task_size");
  e.result_size = p.real("result_size");
  e.coprocessor = p.boolean("coprocessor");
  e.send_ports = static_cast<int>(p.integer("send_ports"));
  e.recv_ports = static_cast<int>(p.integer("recv_ports"));
  return e;
}

bool tree_workload_is_fixed(const TreeWorkloadChoice& w) {
  return !w.entry->random || w.params.integer("seed") >= 0;
}

int default_tree_count(const TreeWorkloadChoice& w) {
  if (tree_workload_is_fixed(w)) return 1;
  return w.params.real("spawn") >= 1.0 ? 30 : 40;
}

std::uint64_t tree_seed(std::uint64_t base_seed, const std::string& workload_label, int repetition, int index) {
  return mix64(point_seed(base_seed, workload_label, repetition) + static_cast<std::uint64_t>(index));
}

}  // namespace mpnsim
