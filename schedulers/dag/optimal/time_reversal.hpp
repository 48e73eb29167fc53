// Time reversal of a contention-free problem: the graph with every edge turned round has the same optimum.
#pragma once

#include <utility>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"

namespace mpnsim {

// Under comm: free a schedule of makespan M, read backwards (each task's interval [s, f] becomes
// [M - f, M - s] on the same processor), is a schedule of the graph with every edge turned round,
// of the same makespan, when each message takes as long from q to p as from p to q: a message
// that left u at f_u and reached v by s_v now leaves v at M - s_v and reaches u by M - f_u. So
// both graphs have one optimum, and a bound proven on one holds for the other. The searches
// see a join as a fork, and an in-tree as an out-tree: one direction is often proven in a
// small part of the states the other needs (docs/dag.md).

// True when every route's delay is the same both ways, for any data.
bool delays_symmetric(const DagProblem& problem);

// The graph with the same tasks (names, works, cost table) and each edge e turned round (same
// index, same data).
TaskGraph reversed_graph(const TaskGraph& graph);

// A schedule of the reversed graph (placements as the searches keep them: task and placement),
// read backwards and then started as early as its per-processor orders allow: placements of
// `problem`'s graph, in the order of their starts, no later than the read-backwards ones. The
// makespan is at most the reversed schedule's.
std::vector<std::pair<int, TaskPlacement>> mirrored_placements(const DagProblem& problem,
                                                               const std::vector<std::pair<int, TaskPlacement>>& reversed);

}  // namespace mpnsim
