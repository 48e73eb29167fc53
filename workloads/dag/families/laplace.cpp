// laplace: the Laplace-equation solver graph of Kwok & Ahmad's benchmarks (JPDC 59(3), 1999), on an N x N grid.
//
// Our reading: one task per grid point of one Gauss-Seidel sweep, point (i, j) after its north
// (i-1, j) and west (i, j-1) neighbours, whose new values it uses. The graph is the diamond that
// Kwok & Ahmad draw, one entry and one exit, 2N - 1 levels of at most N tasks: N^2 tasks and
// 2N(N - 1) edges. The paper names the graph by its matrix size; we could not check its exact
// edges and take the wavefront, the dependence of one sweep. Point (i, j) is task T(iN + j); its
// edges go east, then south.
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double n = static_cast<double>(params.integer("size"));
  return {n * n, 2 * n * (n - 1), 2 * n * (n - 1), 2 * n * (n - 1), 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int n = int_param(params, "size");
  TaskGraph g = graph_with_tasks(graph_name("laplace", params, seed), n * n, size(params).edges, draws);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (j + 1 < n) g.add_edge(i * n + j, i * n + j + 1, draws.data());
      if (i + 1 < n) g.add_edge(i * n + j, (i + 1) * n + j, draws.data());
    }
  g.finalize();
  return g;
}

}  // namespace

DagFamily laplace_family() {
  return {"laplace",
          "Laplace-equation solver (Kwok & Ahmad 1999): an N x N grid, each point after its north and west "
          "neighbours (N^2 tasks)",
          {integer_param("size", "4", "grid side N", 1, 1414)}, check, size, generate};
}

}  // namespace mpnsim::families
