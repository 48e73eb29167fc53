// mpnsim.schedule_stream: a stream of workflows built as `kind: online` builds it, run by an online policy.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "handles.hpp"

namespace mpnsim::python {

// What the Python Stream holds: each workflow's graph (a generated family and its parameters,
// as `workload:` reads them, or one graph the module holds), the arrivals (as `arrivals:`), how
// many workflows, the experiment's seed and the repetition, and ec_ratio or ccr.
struct StreamRequest {
  std::string workload_kind;         // empty: no workload (a trace names the graphs); "files": a set of graph files
  TextParams workload_params;        // "files": ("pattern", P), or ("file", F) for each file of the list
  std::optional<GraphHandle> graph;  // instead of the family: every workflow is this graph
  TextParams arrivals;               // kind, and rate, interval or file
  std::optional<int> workflows;
  std::uint64_t seed = 1;
  int repetition = 0;
  TextParams scaling;  // ec_ratio or ccr
};

// The stream drawn as repetition `repetition` of a `kind: online` experiment with that seed,
// scheduled by `policy` (its parameters in `params`: comm, route), checked and replayed, each
// workflow alone on the empty machine too. Returns (summary, workflows, tasks): the summary
// row as a dict, and the per-workflow rows and per-task placements as dicts of columns.
pybind11::tuple schedule_stream(const StreamRequest& stream, const MachineHandle& machine, const std::string& policy,
                                const TextParams& params);

}  // namespace mpnsim::python
