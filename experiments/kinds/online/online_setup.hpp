// Reading a workflow-stream set-up (machine, workload, arrivals, workflows, policy) from YAML.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/kinds/dag/dag_setup.hpp"
#include "experiments/kinds/online/graph_file_set.hpp"
#include "schedulers/online/online_policies.hpp"
#include "schedulers/online/workflow_stream.hpp"
#include "workloads/online/arrival_process.hpp"

namespace mpnsim {

// `arrivals: {kind: poisson, rate: R}`, `{kind: fixed, interval: I}` or `{kind: trace, file: F}`.
struct ArrivalSpec {
  std::string kind;  // poisson, fixed, trace
  double rate = 0;
  double interval = 0;
  std::vector<TraceArrival> trace;      // kind trace: the lines read
  std::vector<std::shared_ptr<const TaskGraph>> trace_graphs;  // kind trace: each line's graph, read once
};

struct OnlineSetup {
  // Machine, the per-workflow workload and the E/C ratio, as `kind: dag` reads them; its
  // `scheduler` is unused (the policy below schedules).
  DagSetup dag;
  // `workload: {files: ...}`: each workflow's graph drawn from these files (dag.workload unused).
  GraphFileSet graph_files;
  ArrivalSpec arrivals;
  int workflows = 0;
  const OnlinePolicyEntry* policy = nullptr;
  ParamSet policy_params;
};

// The keys of `kind: online` besides the common ones, and reading them: every problem refused
// at its key (a rate of 0, a negative count) or at its line (a bad trace) before any work.
const std::vector<std::string>& online_keys();
OnlineSetup read_online_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir);
// The same around a workload already read (a graph the Python module holds): each workflow is
// that graph, or drawn from that generator; `config`'s workload, if any, is ignored.
OnlineSetup read_online_setup(const YamlSource& src, const YAML::Node& config, const std::string& base_dir,
                              std::optional<DagWorkload> workload);

// The stream of one run: the workflows' graphs (drawn per workflow from the experiment's seed,
// the repetition and the workflow's number, so that every policy sees the same stream: a
// generated graph, or a file of the set; or the trace's files), scaled to the E/C ratio, and
// their arrival times.
WorkflowStream make_stream(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition);
// The same in parts: every workflow's arrival, and workflows [first, last) alone (numbered
// from 0, arriving at their times in the stream), each drawn as make_stream draws it.
std::vector<double> stream_arrivals(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition);
WorkflowStream make_stream_range(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition, int first,
                                 int last, std::span<const double> arrivals);

}  // namespace mpnsim
