// What a machine's pairs of processors look like to a model: the input of ProcessorSymmetry.
#pragma once

#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"

namespace mpnsim {

// Contention-free model: a processor is its column of task times; an ordered pair (p, q) is
// the delay from p to q of every data size the graph's edges carry. Two processors that
// agree in these are alike to every schedule of this graph, whatever the links between.
std::vector<int> free_model_kinds(const DagProblem& problem, const SearchTables& tables);

}  // namespace mpnsim
