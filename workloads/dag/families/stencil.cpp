// stencil: a one-dimensional three-point stencil of `width` points over `steps` time steps.
//
// Point i at step t (task T(t * width + i)) needs points i - 1, i and i + 1 of step t - 1 (those
// that exist: no wrap-around at the ends). So steps * width tasks and (steps - 1)(3 width - 2)
// edges (steps - 1 when width is 1), each task's in the order left, centre, right.
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double t = static_cast<double>(params.integer("steps"));
  const double w = static_cast<double>(params.integer("width"));
  const double per_step = w == 1 ? 1 : 3 * w - 2;
  return {t * w, (t - 1) * per_step, (t - 1) * per_step, (t - 1) * per_step, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int steps = int_param(params, "steps");
  const int w = int_param(params, "width");
  TaskGraph g = graph_with_tasks(graph_name("stencil", params, seed), steps * w, size(params).edges, draws);
  for (int t = 1; t < steps; ++t)
    for (int i = 0; i < w; ++i)
      for (int from = i - 1; from <= i + 1; ++from)
        if (from >= 0 && from < w) g.add_edge((t - 1) * w + from, t * w + i, draws.data());
  g.finalize();
  return g;
}

}  // namespace

DagFamily stencil_family() {
  return {"stencil", "a 1-D three-point stencil: `width` points over `steps` time steps, each point after its "
                     "neighbours of the step before",
          {integer_param("width", "4", "points of a step", 1, 10'000'000),
           integer_param("steps", "3", "time steps", 1, 10'000'000)},
          check, size, generate};
}

}  // namespace mpnsim::families
