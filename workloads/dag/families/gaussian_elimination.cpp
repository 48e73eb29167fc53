// gaussian-elimination: the task graph of Gaussian elimination on an m x m matrix (Topcuoglu et al. 2002, §6.1).
//
// Step k = 1..m-1 has a pivot task P(k) and an update task U(k, j) for every column j = k+1..m:
// (m - 1) + m(m - 1)/2 = (m^2 + m - 2)/2 tasks, the paper's count (14 for m = 5). Edges: the pivot
// to each of its step's updates; U(k, k+1) to the next pivot P(k+1); U(k, j) to U(k+1, j) for
// j >= k+2: m^2 - m - 1 edges. This is the graph of the paper's figure for m = 5 (after Wu & Gajski's
// Hypertool), read as a recurrence. Tasks are numbered step by step, the pivot first and the
// updates by column: P(1) = T0, U(1,2) = T1, ..., U(1,m) = T(m-1), P(2) = Tm, ...
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double m = static_cast<double>(params.integer("m"));
  const double edges = m * m - m - 1;
  return {(m * m + m - 2) / 2, edges, edges, edges, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int m = int_param(params, "m");
  const DagFamilySize s = size(params);
  TaskGraph g = graph_with_tasks(graph_name("gaussian-elimination", params, seed), static_cast<int>(s.tasks), s.edges,
                                 draws);
  // Step k starts at first(k); its pivot is there and U(k, j) at first(k) + j - k.
  auto first = [m](int k) { return (k - 1) * (m + 1) - (k - 1) * k / 2; };  // sum of (m - s + 1), s < k
  for (int k = 1; k < m; ++k) {
    const int pivot = first(k);
    for (int j = k + 1; j <= m; ++j) g.add_edge(pivot, pivot + j - k, draws.data());
    if (k + 1 < m) {
      const int next = first(k + 1);
      g.add_edge(pivot + 1, next, draws.data());
      for (int j = k + 2; j <= m; ++j) g.add_edge(pivot + j - k, next + j - (k + 1), draws.data());
    }
  }
  g.finalize();
  return g;
}

}  // namespace

DagFamily gaussian_elimination_family() {
  return {"gaussian-elimination",
          "Gaussian elimination on an m x m matrix (Topcuoglu et al. 2002): a pivot and its column updates per "
          "step, (m^2 + m - 2)/2 tasks",
          {integer_param("m", "5", "matrix size m", 2, 2000)}, check, size, generate};
}

}  // namespace mpnsim::families
