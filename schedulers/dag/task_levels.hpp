// Priorities computed from the graph alone: static level (6.1), latest precedence level (6.3), HEFT's ranks.
#pragma once

#include <vector>

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

// Each task's execution time on an average processor (DagProblem::mean_exec_time), the
// cost every level and rank below counts.
std::vector<double> mean_exec_times(const DagProblem& problem);

// Thesis eq (6.1): SL(T_i) = E_i + max over successors SL(succ), E_i the execution time
// (mean over processors when they differ); communication is not counted. `topo` is a
// topological order of the graph.
std::vector<double> static_levels(const DagProblem& problem, const std::vector<int>& topo);

// Thesis eq (6.3): LPL = 1 for a terminal task, else 1 + max over successors LPL(succ).
// Every predecessor of a task has a higher level, so tasks of one level are independent.
std::vector<int> latest_precedence_levels(const TaskGraph& graph, const std::vector<int>& topo);

// HEFT's upward rank (Topcuoglu, Hariri & Wu 2002): mean execution time plus the largest
// (mean communication delay of the edge + rank of the successor).
std::vector<double> upward_ranks(const DagProblem& problem, const std::vector<int>& topo);

// The downward rank of Topcuoglu et al. (2002) used by CPOP: 0 for an entry task, else the
// largest (rank of the predecessor + its mean execution time + the edge's mean delay).
std::vector<double> downward_ranks(const DagProblem& problem, const std::vector<int>& topo);

// Position of each task in `topo` (the tie-break that keeps priority orders topological).
std::vector<int> positions(const std::vector<int>& topo);

// Puts `tasks` in order of decreasing priority (indexed by task), ties to the lower position
// (indexed by task, distinct): the list schedulers' order (HEFT's ranks, LPS's priorities within
// a level). -0 and +0 tie.
void sort_by_decreasing_priority(std::vector<int>& tasks, const std::vector<double>& priority,
                                 const std::vector<int>& position);

}  // namespace mpnsim
