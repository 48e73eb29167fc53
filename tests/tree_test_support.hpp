// Helper shared by the task-tree tests: one tree placed by a registered scheduler on a topology.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "schedulers/tree/tree_placement.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/topology.hpp"
#include "workloads/tree/task_tree.hpp"

namespace mpnsim::testing {

// Places `tree` on `topology` with the scheduler registered as `scheduler`, given `params`.
inline TreePlacement place(const TaskTree& tree, const Topology& topology, const std::string& scheduler,
                           const std::vector<std::pair<std::string, std::string>>& params = {}) {
  const TreeSchedulerEntry* e = find_tree_scheduler(scheduler);
  EXPECT_NE(e, nullptr) << scheduler;
  const TreeNetwork net(topology);
  auto s = e->make(net, resolve_params(e->params, params));
  return place_tree(tree, net, *s);
}

}  // namespace mpnsim::testing
