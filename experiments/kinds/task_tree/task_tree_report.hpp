// Task trees scheduled (and played out) and their reports: JSON and table of one tree, per-level rows over many.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/kinds/experiment_kind.hpp"
#include "schedulers/tree/tree_execution.hpp"
#include "schedulers/tree/tree_placement.hpp"

namespace mpnsim {

// What names a run in every output.
struct TreeRunLabels {
  std::string network;    // topology name, e.g. "let(depth=2)"
  std::string scheduler;  // e.g. "mds"
  std::string workload;   // e.g. "complete(arity=3 depth=5)"
  // The thesis's "organisational model", e.g. "mds on let-6": scheduler, family and size
  // (comma-free: gnuplot's strcol cuts quoted CSV cells at commas, and plots use it as a series).
  std::string model;
};

TreeRunLabels tree_run_labels(const Topology& topology, const std::string& scheduler, const std::string& workload);

// One tree placed by a fresh scheduler, and played out when `execution` is given.
struct TreeRun {
  int tasks = 0;
  TreePlacement placement;
  std::optional<TreeExecution> execution;
};

TreeRun run_tree(const TaskTree& tree, const TreeNetwork& network, const TreeSchedulerEntry& scheduler,
                 const ParamSet& scheduler_params, const std::optional<TreeExecutionParams>& execution);

// One tree, per level: level, tasks, loads, ideal, lif, max_load, min_load, moved, violations;
// with lif_convention, totals and (when played out) the execution's makespan, speedup,
// utilization, messages and hops.
nlohmann::ordered_json tree_json(const TreeRunLabels& labels, const TreeRun& run);
std::string tree_table(const TreeRunLabels& labels, const TreeRun& run);

// Many trees of one point. Per level (up to the deepest tree): trees (how many reach the
// level), the means of tasks, ideal, lif (with lif_ci95, lif_min, lif_max), max_load,
// min_load and moved, and violations summed over the trees; `loads` when there is one tree.
std::vector<MetricRow> tree_level_rows(const TreeRunLabels& labels, const std::vector<TreeRun>& runs);
// The point's summary: labels, trees, tasks, peak and mean LIF, moves, violations, execution means.
MetricRow tree_summary(const TreeRunLabels& labels, int processors, const std::vector<TreeRun>& runs);

}  // namespace mpnsim
