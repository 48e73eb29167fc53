// Reading a task-DAG set-up (machine, workload, scheduler, E/C ratio) from YAML: shared by `kind: dag` and `mpnsim dag`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/machine_config.hpp"
#include "experiments/config/yaml_source.hpp"
#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "workloads/dag/dag_workloads.hpp"

namespace mpnsim {

// A workload as read: a graph file read once, or the generator's checked parameters.
struct DagWorkload {
  const DagWorkloadEntry* entry = nullptr;
  ParamSet params;
  std::shared_ptr<const TaskGraph> graph;  // workloads read from a file
  std::string label;                       // "tasks=50, max_in=3, ..." (generated workloads)

  // The graph of one run. A generated graph's seed is the workload's own `seed`, or, when
  // that is -1, derived from `experiment_seed`, the workload's parameters and the
  // repetition: every network and scheduler of an experiment sees the same graphs.
  // `processors`: the network's, for a family that draws a cost table (topcuoglu with beta > 0);
  // 0 when there is no network (the graph alone).
  TaskGraph make(std::uint64_t experiment_seed, int repetition, int processors) const;
  // The seed make() gives the generator (none for graphs read from a file).
  std::optional<std::uint64_t> graph_seed(std::uint64_t experiment_seed, int repetition) const;
  // max_in / max_out for random-dag graphs.
  std::optional<double> degree_ratio() const;
};

struct DagMachine {
  MachineConfig config;
  std::shared_ptr<const CommCost> comm;
};

// The ec_ratio mpnsim takes (YAML and --ec-ratio). Far outside it the data scaled to the
// ratio falls below the work's precision or above the model's total (dag_input_limits.hpp),
// which a run would only find after the work; the literature's ratios are 0.1 to 10.
inline constexpr double kMinEcRatio = 1e-6;
inline constexpr double kMaxEcRatio = 1e6;

struct DagSetup {
  DagSetup(MachineConfig m, std::shared_ptr<const CommCost> c) : machine(std::move(m)), comm(std::move(c)) {}
  MachineConfig machine;
  std::shared_ptr<const CommCost> comm;
  DagWorkload workload;
  const DagSchedulerEntry* scheduler = nullptr;
  ParamSet scheduler_params;
  // When set, every edge's data is scaled so that the mean execution time over the mean
  // one-hop message time (S + z*Tcm*data) equals this (thesis Figs 6.9-6.10).
  // Within [kMinEcRatio, kMaxEcRatio].
  std::optional<double> ec_ratio;
  bool timing = false;  // report the scheduler's CPU time (not deterministic)
};

// `machine:` as read_machine reads it, except that processors default to as many send and
// receive ports as links (the DAG model has no port limit; set send_ports/recv_ports to
// limit them), and the route tables the schedulers use.
DagMachine read_dag_machine(const YamlSource& src, const YAML::Node& node, const std::string& path);

// `workload: {kind: FAMILY | dot | stg | wfcommons, PARAM: VALUE}` (FAMILY: a generated family of
// dag_workloads(), random-dag, daggen, topcuoglu, fft, ...); a bad parameter is refused at its key; files (`file`, and
// `costs`, the cost table of a graph read from a file) relative to `base_dir`.
DagWorkload read_dag_workload(const YamlSource& src, const YAML::Node& node, const std::string& path,
                              const std::string& base_dir);

// Refuses, at `path`.costs, a cost table whose processor columns are not the machine's processors.
void check_dag_workload_fits(const YamlSource& src, const YAML::Node& node, const std::string& path,
                             const DagWorkload& workload, const MachineSpec& machine);

// `scheduler: {name: lps, PARAM: VALUE}` (or just `scheduler: lps`): the entry, and its
// parameters into `params`. An unknown name is refused with the nearest one suggested.
const DagSchedulerEntry& read_dag_scheduler(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                            ParamSet& params);

// The keys of `kind: dag` besides the common ones, and reading them all.
const std::vector<std::string>& dag_keys();
DagSetup read_dag_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir);
// The same around a workload already read (a graph the Python module holds): `config` gives
// machine, scheduler and the optional ec_ratio and timing; its workload, if any, is ignored.
DagSetup read_dag_setup(const YamlSource& src, const YAML::Node& config, DagWorkload workload);

// The workload kind of a graph file from its extension: dot (.dot, .gv), stg or wfcommons
// (.json). Throws ParamError("graph-format", ...) for any other extension.
std::string dag_file_format(const std::string& path);

}  // namespace mpnsim
