// A generated task-graph family: its declared parameters and a function (parameters, seed) -> graph.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/parameters.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// How big a family's graph is before it is drawn: exact counts, or for random families the
// mean (what the size limits of dag_input_limits.hpp are held against, as for random-dag).
struct DagFamilySize {
  double tasks = 0;
  double edges = 0;         // the mean (or exact) number of edges
  double max_edges = -1;    // the most edges a graph can have (-1: `edges`)
  double min_edges = 0;     // edges every graph of the parameters has (0: some may have none)
  double exec_spread = 0;   // a cost table's entries lie within work * (1 +- exec_spread): beta / 2
};

// Every generated family (register_dag_workloads.cpp lists them) is this. The parameters
// every family takes (exec_min, exec_max, data_min, data_max, integer, seed) are added by
// the registry after `params`; `check`, `size` and `generate` see them all.
struct DagFamily {
  std::string name;         // "daggen", "fft", ...
  std::string description;  // one line, citing the source
  std::vector<ParamSpec> params;
  // Throws ParamError(key, what was expected) for a value the family cannot take, or
  // std::invalid_argument for a combination that belongs to no one key.
  void (*check)(const ParamSet& params) = nullptr;
  // Exact or mean counts, for parameters `check` accepted.
  DagFamilySize (*size)(const ParamSet& params) = nullptr;
  // The graph drawn from `seed`, finalized, tasks named T0..T(n-1). `processors` is the
  // network's processor count, 0 when there is none: a family that draws a cost table
  // (topcuoglu with beta > 0) attaches one of that many columns.
  TaskGraph (*generate)(const ParamSet& params, std::uint64_t seed, int processors) = nullptr;
};

// The parameters every family takes after its own (the ranges random-dag has always had).
std::vector<ParamSpec> common_family_params();

// Checks `params` (the family's own check, then the ranges at their keys, then the size and
// number limits of dag_input_limits.hpp). Throws ParamError or std::invalid_argument.
void check_family_params(const DagFamily& family, const ParamSet& params);

// check_family_params, then the family's graph. `seed` is the graph's seed (the workload's
// own `seed` parameter when >= 0 wins over it: see family_seed).
TaskGraph generate_family_graph(const DagFamily& family, const ParamSet& params, std::uint64_t seed,
                                int processors);

// The seed a graph is drawn from: the parameter `seed` when >= 0, else `derived`.
std::uint64_t family_seed(const ParamSet& params, std::uint64_t derived);

}  // namespace mpnsim
