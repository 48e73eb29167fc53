// The level-synchronous driver: a tree placed level by level by one scheduler, with per-level metrics.
#pragma once

#include <vector>

#include "schedulers/tree/tree_scheduler.hpp"
#include "workloads/tree/task_tree.hpp"

namespace mpnsim {

// What one level of the tree looks like once placed (SPEC §4).
struct LevelReport {
  int level = 0;
  int tasks = 0;
  std::vector<int> loads;  // level-`level` tasks on each processor (the active load)
  // LIF convention (thesis Tables 4.1/4.2, SPEC §4): ideal = max(1, tasks / N); LIF in percent.
  double ideal = 0;
  double lif = 0;
  int max_load = 0;
  int min_load = 0;
  int moved = 0;       // tasks not on their parent's processor
  int violations = 0;  // tasks more than one hop from their parent's processor (thesis §4.2)
};

struct TreePlacement {
  std::vector<int> processor;       // of every task
  std::vector<LevelReport> levels;  // one per level of the tree, from level 0
};

// The root goes on P0; then for each level k >= 1 the scheduler places the level's tasks
// given their parents' processors. Throws std::logic_error if a scheduler returns a wrong
// number of processors or one out of range (conservation is checked, never assumed).
TreePlacement place_tree(const TaskTree& tree, const TreeNetwork& network, TreeScheduler& scheduler);

// The LIF convention written beside every output.
inline constexpr const char* kLifConvention = "ideal = max(1, tasks / N); LIF = (max - ideal) / ideal * 100";

}  // namespace mpnsim
