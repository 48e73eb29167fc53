// Task-tree workloads by name (complete, random, tree-file): declared parameters and how to make each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/parameters.hpp"
#include "workloads/tree/task_tree.hpp"

namespace mpnsim {

struct TreeWorkloadEntry {
  std::string name;         // "complete", "random", "tree-file"
  std::string description;  // one line, citing the source
  std::vector<ParamSpec> params;
  bool random = false;      // a new tree for every seed; otherwise the same tree every time
  bool from_file = false;   // has a `file` parameter (a path)
};

// Every tree workload, in the order `mpnsim list` prints them (register_tree_workloads.cpp).
const std::vector<TreeWorkloadEntry>& tree_workloads();
const TreeWorkloadEntry* find_tree_workload(const std::string& name);

// Builds a tree from resolved parameters. `seed` is used by random workloads whose own
// `seed` parameter is -1 (the default). The `file` of tree-file must already be resolved
// against the experiment file's directory. Throws ParamError, WorkloadInputError (file) or
// std::runtime_error (a random tree past kMaxTreeTasks).
TaskTree make_tree(const TreeWorkloadEntry& entry, const ParamSet& params, std::uint64_t seed);

// Throws the ParamError make_tree would throw for a tree that is the same every time (neither
// random nor from a file), from its parameters alone: a complete tree is not built to be checked.
void check_fixed_tree(const TreeWorkloadEntry& entry, const ParamSet& params);

// "random(spawn=0.9 fanout=2 depth=10)": the workload with its parameters, for outputs (no commas).
std::string tree_workload_label(const TreeWorkloadEntry& entry, const ParamSet& params);

}  // namespace mpnsim
