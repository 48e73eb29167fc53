// What placing and playing out task trees would take (steps, memory, printed text), estimated before the work.
#pragma once

#include <string>

#include "experiments/kinds/task_tree/task_tree_setup.hpp"
#include "topologies/registry.hpp"

namespace mpnsim {

// Per tree, for a workload on a network of `network` size.
struct TreeWork {
  double tasks = 0;            // exact, or expected for random trees
  double levels = 0;
  double placement_steps = 0;  // the scheduler's passes over the network, level by level
  double placement_bytes = 0;  // the tree, its placement and the loads kept per level
  double execution_bytes = 0;  // the engine's machine and timeline when the tree is played out
  double processors = 0;
};

TreeWork estimate_tree_work(const TreeSchedulerChoice& scheduler, const TreeWorkloadChoice& workload,
                            const TopologySize& network, bool executed);

// The reason `trees` such trees (all kept, as a point keeps them) cannot be
// run within the limits of config/work_limits.hpp, or "" when they can.
std::string tree_work_problem(const TreeWork& work, int trees);

// The size of the per-level report `mpnsim tree` prints (loads of every
// processor at every level) in `format` (table or json).
double tree_report_bytes(const TreeWork& work, const std::string& format);

}  // namespace mpnsim
