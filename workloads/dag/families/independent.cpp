// independent: `tasks` tasks without any edge (a bag of tasks: the makespan is a load-balancing problem).
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  return {static_cast<double>(params.integer("tasks")), 0, 0, 0, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  TaskGraph g = graph_with_tasks(graph_name("independent", params, seed), int_param(params, "tasks"), 0, draws);
  g.finalize();
  return g;
}

}  // namespace

DagFamily independent_family() {
  return {"independent", "`tasks` tasks without edges (a bag of tasks)",
          {integer_param("tasks", "10", "number of tasks", 1, 10'000'000)}, check, size, generate};
}

}  // namespace mpnsim::families
