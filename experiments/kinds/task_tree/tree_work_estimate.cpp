// Estimates of a task-tree run's cost from the workload's parameters and the network's size.
#include "experiments/kinds/task_tree/tree_work_estimate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"
#include "workloads/tree/tree_generators.hpp"

namespace mpnsim {

namespace {

// Bytes a task costs when a tree is played out (engine requests, the timeline's
// computations and hops): 610-620 measured for complete binary trees of 2^20 and
// 2^22 tasks on 6- and 12-cubes; rounded up.
constexpr double kExecutionBytesPerTask = 700;
// The tree (parent, level, children) and its placement.
constexpr double kTreeBytesPerTask = 24;

}  // namespace

TreeWork estimate_tree_work(const TreeSchedulerChoice& scheduler, const TreeWorkloadChoice& workload,
                            const TopologySize& network, bool executed) {
  TreeWork w;
  const ParamSet& p = workload.params;
  const std::string& kind = workload.entry->name;
  if (kind == "complete") {
    const double arity = static_cast<double>(p.integer("arity")), depth = static_cast<double>(p.integer("depth"));
    w.levels = depth + 1;
    w.tasks = arity == 1 ? depth + 1 : (std::pow(arity, depth + 1) - 1) / (arity - 1);
  } else if (workload.entry->random) {
    w.levels = static_cast<double>(p.integer("depth")) + 1;
    w.tasks = expected_random_tree_size(p.real("spawn"), static_cast<int>(p.integer("fanout")),
                                        static_cast<int>(p.integer("depth")));
  } else {
    const auto tree = workload_tree(workload, 0);  // a file: its own size, as read
    w.levels = tree->levels();
    w.tasks = tree->size();
  }
  w.processors = static_cast<double>(network.nodes);
  // Schedulers that repeat a pass over the network a set number of times per
  // level say how many in their parameters; the others pass about once.
  double repeat = 1;
  for (const char* key : {"sweeps", "passes", "iterations"})
    if (scheduler.params.has(key)) repeat = static_cast<double>(scheduler.params.integer(key));
  const double per_pass = static_cast<double>(network.nodes) + 2.0 * static_cast<double>(network.links);
  w.placement_steps = w.levels * repeat * per_pass + w.tasks;
  w.placement_bytes = w.tasks * kTreeBytesPerTask + w.levels * w.processors * sizeof(int);
  if (executed) w.execution_bytes = w.tasks * kExecutionBytesPerTask;
  return w;
}

std::string tree_work_problem(const TreeWork& w, int trees) {
  const double n = trees;
  const double bytes = n * (w.placement_bytes + w.execution_bytes);
  if (bytes > kMaxEstimatedBytes)
    return fmt::format("{} tree(s) of {:.0f} tasks and {:.0f} levels on {:.0f} processors would take about {} ({}); "
                       "at most {} is allowed: fewer or smaller trees, or a smaller network",
                       trees, w.tasks, w.levels, w.processors, bytes_text(bytes),
                       w.execution_bytes > 0 ? fmt::format("{} a tree played out", bytes_text(w.execution_bytes))
                                             : fmt::format("the loads of every processor at every level"),
                       bytes_text(kMaxEstimatedBytes));
  const double steps = n * w.placement_steps;
  if (steps > kMaxEstimatedSteps)
    return fmt::format("{} tree(s) of {:.0f} levels on {:.0f} processors would take about {:.2g} steps to place "
                       "(levels x passes x network); at most {:.0e} are allowed: fewer sweeps, passes or "
                       "iterations, or a smaller network",
                       trees, w.levels, w.processors, steps, kMaxEstimatedSteps);
  return "";
}

double tree_report_bytes(const TreeWork& w, const std::string& format) {
  // Each load: its digits and a separator; JSON adds its indentation and newline.
  const double digits = std::floor(std::log10(std::max(1.0, w.tasks))) + 1;
  return w.levels * w.processors * (digits + (format == "json" ? 10 : 1));
}

}  // namespace mpnsim
