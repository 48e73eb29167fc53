// The E/C ratio of a DAG problem (thesis Figs 6.9-6.10): measuring it, scaling a graph's data
// to reach it, and telling before any run whether every graph of a workload can reach it.
#pragma once

#include <optional>
#include <string>

#include "experiments/kinds/dag/dag_setup.hpp"
#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

// Mean execution time on an average processor over the mean one-hop message time; infinity
// without communication, 0 for an empty graph.
double ec_ratio_of(const DagProblem& p);

// Scales every edge's data so that ec_ratio_of the graph on the set-up's machine is `target`.
// Throws std::invalid_argument when it cannot: no data on any edge, links without time per
// unit of data, a startup alone slower than the ratio allows, or scaled sizes past the limits
// of dag_input_limits.hpp.
void apply_ec_ratio(TaskGraph& g, const DagSetup& s, double target);

// Why some graph of the set-up's workload could not be brought to its ec_ratio, or nothing
// when every one can (also when no ec_ratio is asked for). A graph read from a file is tried
// as the run would scale it; a generated workload is judged by the extremes its parameters
// allow, so that what validate accepts never fails at the work.
std::optional<std::string> ec_ratio_problem(const DagSetup& s);

}  // namespace mpnsim
