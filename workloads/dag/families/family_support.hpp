// What the generated families share: their cost ranges, seeded draws, and tasks named T0..T(n-1).
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "sim/parameters.hpp"
#include "workloads/dag/dag_family.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::families {

// The parameters every family takes (common_family_params): work and data ranges.
struct CostRanges {
  double exec_min = 1, exec_max = 10;
  double data_min = 1, data_max = 10;
  bool integer = true;  // whole numbers, as random-dag draws them
};
CostRanges cost_ranges(const ParamSet& params);

// One seeded stream for a graph: its structure's choices and its works and data, drawn in the
// order the family asks for them (so the same seed gives the same bytes everywhere).
class Draws {
 public:
  Draws(const ParamSet& params, std::uint64_t seed) : ranges_(cost_ranges(params)), rng_(seed) {}
  double work();
  double data();
  std::int64_t integer(std::int64_t lo, std::int64_t hi);  // uniform on lo..hi
  double real(double lo, double hi);                        // uniform on [lo, hi)
  std::mt19937_64& rng() { return rng_; }
  const CostRanges& ranges() const { return ranges_; }

 private:
  CostRanges ranges_;
  std::mt19937_64 rng_;
};

// A graph named `name` with `tasks` tasks T0..T(tasks-1), each with a drawn work, and room
// for about `edges` edges.
TaskGraph graph_with_tasks(std::string name, int tasks, double edges, Draws& draws);

// An integer parameter as an int (the declared ranges keep it within one).
int int_param(const ParamSet& params, const char* name);

// "name(key=value, ...)" of a family's own parameters, for the graph's name.
std::string graph_name(const std::string& family, const ParamSet& params, std::uint64_t seed);

}  // namespace mpnsim::families

namespace mpnsim::families {

// Declarations of a family's own parameters.
ParamSpec integer_param(const char* name, const char* def, const char* text, double min, double max);
ParamSpec real_param(const char* name, const char* def, const char* text, double min, double max);

// The families, each in its own file (families/<name>.cpp), listed by register_dag_workloads.cpp.
DagFamily random_dag_family();
DagFamily daggen_family();
DagFamily topcuoglu_family();
DagFamily gaussian_elimination_family();
DagFamily fft_family();
DagFamily laplace_family();
DagFamily lu_family();
DagFamily fork_family();
DagFamily join_family();
DagFamily fork_join_family();
DagFamily in_tree_family();
DagFamily out_tree_family();
DagFamily pipeline_family();
DagFamily stencil_family();
DagFamily series_parallel_family();
DagFamily independent_family();

}  // namespace mpnsim::families
