// pipeline: `stages` stages of `width` tasks each, every task of a stage sending to every task of the next.
//
// Our reading of a pipeline graph: a sequence of data-parallel stages with an all-to-all exchange
// between consecutive stages (width 1: a chain). Task i of stage s is T(s * width + i): stages *
// width tasks and (stages - 1) * width^2 edges, each task's in stage order.
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double s = static_cast<double>(params.integer("stages"));
  const double w = static_cast<double>(params.integer("width"));
  return {s * w, (s - 1) * w * w, (s - 1) * w * w, (s - 1) * w * w, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int stages = int_param(params, "stages");
  const int w = int_param(params, "width");
  TaskGraph g = graph_with_tasks(graph_name("pipeline", params, seed), stages * w, size(params).edges, draws);
  for (int s = 0; s + 1 < stages; ++s)
    for (int i = 0; i < w; ++i)
      for (int j = 0; j < w; ++j) g.add_edge(s * w + i, (s + 1) * w + j, draws.data());
  g.finalize();
  return g;
}

}  // namespace

DagFamily pipeline_family() {
  return {"pipeline", "`stages` stages of `width` tasks, each stage sending all to all to the next (width 1: a chain)",
          {integer_param("stages", "4", "number of stages", 1, 10'000'000),
           integer_param("width", "3", "tasks of a stage", 1, 1'000'000)},
          check, size, generate};
}

}  // namespace mpnsim::families
