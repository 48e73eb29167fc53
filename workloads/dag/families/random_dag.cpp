// random-dag: the thesis's generator (thesis §6.4, dag_generator.hpp) as a family of the registry.
#include <algorithm>

#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/dag_workloads.hpp"
#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet& params) { check_random_dag_params(random_dag_params(params, 0)); }

DagFamilySize size(const ParamSet& params) {
  const RandomDagParams p = random_dag_params(params, 0);
  const double tasks = p.tasks;
  // Node 0 has no parent and so at least one child once there is a second node.
  return {tasks, expected_random_dag_edges(p), tasks * std::min(p.max_in, p.max_out), tasks >= 2 ? 1.0 : 0.0, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  return generate_random_dag(random_dag_params(params, seed));
}

}  // namespace

DagFamily random_dag_family() {
  return {"random-dag",
          "random task graph of thesis §6.4: N nodes, maximum in- and out-degree, execution-time and edge-weight "
          "ranges",
          {integer_param("tasks", "50", "number of tasks N", 1, 10'000'000),
           integer_param("max_in", "3", "maximum in-degree of a task", 1, 1'000'000),
           integer_param("max_out", "3", "maximum out-degree of a task", 1, 1'000'000)},
          check, size, generate};
}

}  // namespace mpnsim::families
