// The one place where task-DAG workloads are registered by name.
#include <stdexcept>

#include <fmt/format.h>

#include "workloads/dag/dag_workloads.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/families/family_support.hpp"
#include "workloads/dag/stg_format.hpp"
#include "workloads/dag/wfcommons_format.hpp"
#include "workloads/registry.hpp"

namespace mpnsim {

namespace {

// The optional cost table of a graph read from a file (the heterogeneous model).
ParamSpec costs() {
  return ParamSpec{"costs", ParamType::text, std::string(kNoCostTable),
                   "CSV of each task's execution time on each processor (task,P0,P1,...), relative to the experiment "
                   "file; w and Tcp do not apply to it (none: work * w * Tcp)", 0, 0, {}};
}

// Every generated family, each in its own file under families/.
const std::vector<DagFamily>& dag_families() {
  static const std::vector<DagFamily> list{
      families::random_dag_family(),      families::daggen_family(),   families::topcuoglu_family(),
      families::gaussian_elimination_family(), families::fft_family(), families::laplace_family(),
      families::lu_family(),              families::fork_family(),     families::join_family(),
      families::fork_join_family(),       families::in_tree_family(),  families::out_tree_family(),
      families::pipeline_family(),        families::stencil_family(),  families::series_parallel_family(),
      families::independent_family(),
  };
  return list;
}

}  // namespace

const std::vector<DagWorkloadEntry>& dag_workloads() {
  static const std::vector<DagWorkloadEntry> entries = [] {
    std::vector<DagWorkloadEntry> v;
    for (const DagFamily& f : dag_families()) {
      std::vector<ParamSpec> params = f.params;
      for (auto& p : common_family_params()) params.push_back(std::move(p));
      v.push_back({f.name, f.description, std::move(params), false, &f});
    }
    std::vector<DagWorkloadEntry> files{
      {"dot",
       "task graph read from a Graphviz DOT file: node attribute size = work, edge attribute size = data "
       "(the DAGGEN and SimGrid convention)",
       {ParamSpec{"file", ParamType::text, "", "the DOT file, relative to the experiment file", 0, 0, {}},
        ParamSpec{"default_edge_size", ParamType::real, "none",  // none: unset (resolve_params)
                  "data of an edge without a size attribute; none: such an edge is an error (FILE:LINE)", 0, 1e300,
                  {}},
        costs()},
       true},
      {"stg",
       "task graph read from a Standard Task Graph (STG) file, with or without communication costs",
       {ParamSpec{"file", ParamType::text, "", "the STG file, relative to the experiment file", 0, 0, {}},
        ParamSpec{"dummies", ParamType::text, "keep", "keep or drop the entry and exit dummy tasks of time 0", 0, 0,
                  {"keep", "drop"}},
        costs()},
       true},
      {"wfcommons",
       "workflow read from a WfCommons WfFormat JSON instance (1.4 or 1.5): work = recorded runtime in seconds, "
       "edge data = bytes of the files the parent writes and the child reads",
       {ParamSpec{"file", ParamType::text, "", "the JSON file, relative to the experiment file", 0, 0, {}}, costs()},
       true},
    };
    for (auto& e : files) v.push_back(std::move(e));
    return v;
  }();
  return entries;
}

const DagWorkloadEntry* find_dag_workload(const std::string& name) {
  for (const auto& e : dag_workloads())
    if (e.name == name) return &e;
  return nullptr;
}

RandomDagParams random_dag_params(const ParamSet& params, std::uint64_t seed) {
  RandomDagParams p;
  p.tasks = static_cast<int>(params.integer("tasks"));
  p.max_in = static_cast<int>(params.integer("max_in"));
  p.max_out = static_cast<int>(params.integer("max_out"));
  p.exec_min = params.real("exec_min");
  p.exec_max = params.real("exec_max");
  p.data_min = params.real("data_min");
  p.data_max = params.real("data_max");
  p.integer = params.boolean("integer");
  const std::int64_t own = params.integer("seed");
  p.seed = own >= 0 ? static_cast<std::uint64_t>(own) : seed;
  return p;
}

TaskGraph read_dag_file(const std::string& workload, const std::string& path, const ParamSet& params) {
  if (workload == "dot") {
    DotOptions options;
    if (params.has("default_edge_size")) options.default_edge_size = params.real("default_edge_size");
    return read_dot_file(path, options);
  }
  if (workload == "stg") return read_stg_file(path, StgOptions{params.text("dummies") == "keep"});
  if (workload == "wfcommons") return read_wfcommons_file(path);
  throw std::invalid_argument(fmt::format("workload '{}' is not read from a file", workload));
}

std::vector<WorkloadEntry> dag_workload_listing() {
  std::vector<WorkloadEntry> out;
  for (const auto& e : dag_workloads()) out.push_back({e.name, fmt::format("[dag] {}", e.description), e.params});
  return out;
}

}  // namespace mpnsim
