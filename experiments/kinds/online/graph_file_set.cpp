// Reading `workload: {files: ...}` of kind: online, and drawing each workflow's graph from the set.
#include "experiments/kinds/online/graph_file_set.hpp"

#include <filesystem>
#include <random>

#include <fmt/format.h>

#include "experiments/config/seeding.hpp"
#include "experiments/config/sweep.hpp"
#include "experiments/kinds/dag/dag_setup.hpp"
#include "schedulers/dag/dag_problem.hpp"
#include "workloads/dag/dag_workloads.hpp"
#include "workloads/random_draws.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

// Far above any benchmark set; a sweep's pattern allows as many files.
constexpr std::size_t kMaxGraphFiles = 100'000;

}  // namespace

std::size_t GraphFileSet::draw(std::uint64_t stream_seed, int workflow) const {
  std::mt19937_64 rng(point_seed(stream_seed, "graph-file", workflow));
  return static_cast<std::size_t>(uniform_integer(rng, 0, static_cast<std::int64_t>(files.size()) - 1));
}

std::shared_ptr<const TaskGraph> read_graph_file(const std::string& path) {
  const std::string format = dag_file_format(path);
  const DagWorkloadEntry* entry = find_dag_workload(format);
  const ParamSet params = resolve_params(entry->params, {{"file", path}});
  return std::make_shared<const TaskGraph>(read_dag_file(format, path, params));
}

bool is_graph_file_set(const YAML::Node& node) { return node.IsMap() && node["files"]; }

GraphFileSet read_graph_file_set(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                 const std::string& base_dir, const MachineSpec& machine) {
  namespace fs = std::filesystem;
  const std::string key = join_path(path, "files");
  if (node["kind"])
    src.fail(node["kind"], join_path(path, "kind"),
             "give either a workload (kind: ...) or a set of graph files (files: ...) each workflow draws from, not both");
  const std::vector<std::string> keys{"files"};
  src.check_keys(node, path, keys);
  const YAML::Node files = node["files"];
  GraphFileSet set;
  std::vector<YAML::Node> at;  // the node to blame for each file
  if (files.IsSequence()) {
    if (files.size() == 0) src.fail(files, key, "expected at least one graph file");
    if (files.size() > kMaxGraphFiles) src.fail(files, key, fmt::format("at most {} files", kMaxGraphFiles));
    for (const YAML::Node& f : files) {
      set.files.push_back(src.scalar(f, key));
      at.push_back(f);
    }
  } else if (files.IsScalar()) {
    set.files = matching_files(src, files, key, base_dir);
    at.assign(set.files.size(), files);
  } else {
    src.fail(files, key, "expected a list of graph files [a.dot, b.json, ...] or a pattern \"DIR/*.json\"");
  }
  set.graphs.reserve(set.files.size());
  for (std::size_t i = 0; i < set.files.size(); ++i) {
    fs::path file = set.files[i];
    if (file.is_relative() && !base_dir.empty()) file = fs::path(base_dir) / file;
    std::error_code ec;
    if (!fs::exists(file, ec))
      src.fail(at[i], key, fmt::format("the graph file '{}' does not exist", file.string()));
    try {
      set.graphs.push_back(read_graph_file(file.string()));
      check_costs_fit(*set.graphs.back(), machine);
    } catch (const WorkloadInputError& e) {
      src.fail(at[i], key, e.what());
    } catch (const ParamError&) {
      src.fail(at[i], key,
               fmt::format("cannot tell the format of '{}' from its extension: expected .dot or .gv (DOT), .stg or "
                           ".json (WfCommons)",
                           set.files[i]));
    } catch (const std::invalid_argument& e) {
      src.fail(at[i], key, fmt::format("{}: {}", set.files[i], e.what()));
    }
  }
  return set;
}

}  // namespace mpnsim
