// Reading a task-tree set-up from YAML (the task_tree kind and the tree command): scheduler, workload, execution.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"
#include "schedulers/tree/tree_execution.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/topology.hpp"
#include "workloads/tree/tree_workloads.hpp"

namespace mpnsim {

struct TreeSchedulerChoice {
  const TreeSchedulerEntry* entry = nullptr;
  ParamSet params;
};

struct TreeWorkloadChoice {
  const TreeWorkloadEntry* entry = nullptr;
  ParamSet params;     // a tree-file's `file` resolved against the experiment file's directory
  std::string label;   // e.g. "random(spawn=0.9 fanout=2 depth=10)"
  // A tree-file's tree, read once by read_tree_workload and shared by every run (read-only).
  std::shared_ptr<const TaskTree> file_tree;
};

// `scheduler: NAME` or `scheduler: {name: NAME, PARAM: VALUE ...}`. An unknown name is refused
// with the nearest one suggested and the list of valid names.
TreeSchedulerChoice read_tree_scheduler(const YamlSource& src, const YAML::Node& node, const std::string& path);

// `workload: {kind: complete | random | tree-file, PARAM: VALUE ...}`. A tree file is read here
// (so a bad file stops the run before any work, with FILE:LINE and what was expected).
TreeWorkloadChoice read_tree_workload(const YamlSource& src, const YAML::Node& node, const std::string& path);

// The tree a run places: a tree file's as it was read, otherwise made from the parameters and
// `seed` (make_tree).
std::shared_ptr<const TaskTree> workload_tree(const TreeWorkloadChoice& workload, std::uint64_t seed);

// `execution: {grain, S, C, task_size, result_size, coprocessor, send_ports, recv_ports}`.
TreeExecutionParams read_tree_execution(const YamlSource& src, const YAML::Node& node, const std::string& path);
// The declared keys of `execution:` (for `mpnsim list` and the checks).
const std::vector<ParamSpec>& tree_execution_params();

// True when the workload gives the same tree every time (complete, tree-file, random with
// its own seed): a point then evaluates one tree whatever `trees` says.
bool tree_workload_is_fixed(const TreeWorkloadChoice& workload);

// Trees drawn for one point: `trees:` if given, else the thesis's 30 for a dense class of
// random trees (spawn = 1) and 40 for a sparse one (thesis §5.4), and 1 for fixed trees.
int default_tree_count(const TreeWorkloadChoice& workload);

// The seed of tree `index` of `repetition`: from the experiment's seed and the workload alone,
// so every scheduler and network of an experiment sees the same trees.
std::uint64_t tree_seed(std::uint64_t base_seed, const std::string& workload_label, int repetition, int index);

}  // namespace mpnsim
