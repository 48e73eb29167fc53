// A set of graph files each workflow of a stream draws its graph from: `workload: {files: ...}`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"
#include "sim/machine_spec.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct GraphFileSet {
  std::vector<std::string> files;                        // as written (or as the pattern matched them)
  std::vector<std::shared_ptr<const TaskGraph>> graphs;  // each file read once, in the same order

  bool empty() const { return files.empty(); }
  // The index of the file workflow `workflow` of a stream draws: uniform over the set, from
  // its own seed (the stream's base seed and the workflow's number), so that a workflow's
  // graph depends neither on the policy, nor on the other workflows, nor on the threads.
  std::size_t draw(std::uint64_t stream_seed, int workflow) const;
};

// Reads a graph file by its extension (.dot/.gv, .stg, .json: WfCommons), through the DAG
// readers and their limits (dag_input_limits.hpp) and rules for special files (SECURITY.md).
// Throws WorkloadInputError (file, line, what) or ParamError (an unknown extension).
std::shared_ptr<const TaskGraph> read_graph_file(const std::string& path);

// `workload: {files: [F, ...]}` (a list of graph files, a file listed twice drawn twice as
// often) or `{files: "DIR/PATTERN"}` (the regular files of one folder whose names match, sorted
// by name, as a sweep's `{files: ...}` takes them), relative to `base_dir`. A file that is
// missing, unreadable, of an unknown format or past the input limits is refused at its line,
// key `path`.files; each graph's cost table, if any, must fit `machine`.
GraphFileSet read_graph_file_set(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                 const std::string& base_dir, const MachineSpec& machine);

// Whether a `workload:` node is a file set rather than a workload of kind: dag.
bool is_graph_file_set(const YAML::Node& node);

}  // namespace mpnsim
