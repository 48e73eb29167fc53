// Task-DAG workloads by name (the generated families, dot, stg, wfcommons): declared parameters and how to make each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/parameters.hpp"
#include "workloads/dag/dag_family.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct DagWorkloadEntry {
  std::string name;         // "random-dag", "daggen", ..., "dot", "stg", "wfcommons"
  std::string description;  // one line, citing the source
  std::vector<ParamSpec> params;  // a family's own, then common_family_params()
  bool from_file = false;   // true: has a `file` parameter and is read once; false: generated per run
  const DagFamily* family = nullptr;  // the generator of a generated workload (from_file false)
};

// The `costs` parameter of a workload read from a file when it has no cost table.
inline constexpr const char* kNoCostTable = "none";

// Every DAG workload, in the order `mpnsim list` prints them (register_dag_workloads.cpp):
// random-dag, the other generated families, then the file readers.
const std::vector<DagWorkloadEntry>& dag_workloads();
const DagWorkloadEntry* find_dag_workload(const std::string& name);

// The generator's parameters from a resolved `random-dag` parameter set. `seed` is used
// when the set's own seed is -1 (the default: derived from the experiment's seed).
RandomDagParams random_dag_params(const ParamSet& params, std::uint64_t seed);

// Reads the file of a `dot`, `stg` or `wfcommons` workload (path already resolved). Throws WorkloadInputError.
TaskGraph read_dag_file(const std::string& workload, const std::string& path, const ParamSet& params);

}  // namespace mpnsim
