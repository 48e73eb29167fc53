// Relaying a donor's excess to the nearest acceptor over several hops, each task moving one hop at most.
#pragma once

#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/tree_network.hpp"

namespace mpnsim {

// Looks breadth first from `donor` (neighbours in index order) for the nearest processor with
// load < `il` along a path donor = u0, u1, ..., uk on which every ui holds tasks that may go to
// u(i+1) within one hop of their parent's processor, and moves as many tasks as the path allows
// (at most the donor's excess over `il` and the acceptor's room below it): each ui hands tasks to
// u(i+1), so the donor's load falls, the acceptor's rises and the loads between stay. Returns
// whether any task moved.
bool relay_excess_once(const TreeNetwork& net, LevelAssignment& level, int donor, int il);

}  // namespace mpnsim
