// The task-tree scheduler interface and the registry of schedulers by name (thesis chapters 4-5).
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "schedulers/tree/tree_network.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

// One scheduler instance places one tree, level by level (level-synchronous balancing, SPEC §4):
// it may keep state across levels (RR's alternation, say).
class TreeScheduler {
 public:
  virtual ~TreeScheduler() = default;
  // Places the tasks of `level` (>= 1). parent_processor[i] is the processor of the parent of
  // the level's i-th task (breadth-first order, so siblings are consecutive). Returns the
  // processor of each task, in the same order. Called once per level, in increasing order.
  virtual std::vector<int> place_level(int level, std::span<const int> parent_processor) = 0;
};

struct TreeSchedulerEntry {
  std::string name;         // e.g. "mds"
  std::string description;  // one line, citing the thesis section
  std::vector<ParamSpec> params;
  // A fresh scheduler for one tree; `network` outlives it.
  std::function<std::unique_ptr<TreeScheduler>(const TreeNetwork& network, const ParamSet& params)> make;
};

// Every task-tree scheduler, in the order `mpnsim list` prints them (register_tree_schedulers.cpp).
const std::vector<TreeSchedulerEntry>& tree_schedulers();
const TreeSchedulerEntry* find_tree_scheduler(const std::string& name);
// Adds a scheduler that is not built in (a program embedding mpnsim, the test of
// docs/extending.md). Call it before any run starts; a name already taken is refused
// (std::invalid_argument). Built-in schedulers are listed in register_tree_schedulers.cpp.
void register_tree_scheduler(TreeSchedulerEntry entry);

}  // namespace mpnsim
