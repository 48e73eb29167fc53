// lu: the task graph of a right-looking LU decomposition of a b x b matrix of blocks, without pivoting.
//
// Our reading of "LU decomposition" (the tiled algorithm of the scheduling literature): step
// k = 0..b-1 factors the diagonal block, getrf(k); solves the blocks right of it, trsm(k, j) for
// j > k, and below it, trsm(i, k) for i > k, each after getrf(k); and updates the trailing blocks,
// gemm(i, j, k) for i, j > k, after trsm(i, k) and trsm(k, j). A block's next task (at step k + 1)
// follows its gemm(i, j, k). So b(b + 1)(2b + 1)/6 tasks (1 + 4 + ... + b^2) and, with r = b - k - 1
// at step k, 2r + 3r^2 edges a step. Tasks are numbered step by step: getrf(k), the trsm(k, j) by
// j, the trsm(i, k) by i, then the gemm(i, j, k) row by row.
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double b = static_cast<double>(params.integer("blocks"));
  double edges = 0;
  for (double r = 0; r < b; ++r) edges += 2 * r + 3 * r * r;
  return {b * (b + 1) * (2 * b + 1) / 6, edges, edges, edges, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int b = int_param(params, "blocks");
  const DagFamilySize s = size(params);
  TaskGraph g = graph_with_tasks(graph_name("lu", params, seed), static_cast<int>(s.tasks), s.edges, draws);
  // The task of block (i, j) at step k: getrf (i = j = k), trsm (i = k or j = k) or gemm.
  auto step_start = [](int k, int blocks) {
    int t = 0;
    for (int q = 0; q < k; ++q) t += (blocks - q) * (blocks - q);
    return t;
  };
  std::vector<int> start(static_cast<std::size_t>(b) + 1);
  for (int k = 0; k <= b; ++k) start[static_cast<std::size_t>(k)] = step_start(k, b);
  auto task = [&](int i, int j, int k) {
    const int r = b - k - 1, base = start[static_cast<std::size_t>(k)];
    if (i == k && j == k) return base;
    if (i == k) return base + (j - k);                           // trsm(k, j)
    if (j == k) return base + r + (i - k);                       // trsm(i, k)
    return base + 1 + 2 * r + (i - k - 1) * r + (j - k - 1);     // gemm(i, j, k)
  };
  for (int k = 0; k < b; ++k) {
    for (int j = k + 1; j < b; ++j) g.add_edge(task(k, k, k), task(k, j, k), draws.data());
    for (int i = k + 1; i < b; ++i) g.add_edge(task(k, k, k), task(i, k, k), draws.data());
    for (int i = k + 1; i < b; ++i)
      for (int j = k + 1; j < b; ++j) {
        g.add_edge(task(i, k, k), task(i, j, k), draws.data());
        g.add_edge(task(k, j, k), task(i, j, k), draws.data());
        g.add_edge(task(i, j, k), task(i, j, k + 1), draws.data());
      }
  }
  g.finalize();
  return g;
}

}  // namespace

DagFamily lu_family() {
  return {"lu",
          "LU decomposition of a b x b matrix of blocks (getrf, trsm, gemm per step; b(b+1)(2b+1)/6 tasks)",
          {integer_param("blocks", "3", "matrix side in blocks b", 1, 180)}, check, size, generate};
}

}  // namespace mpnsim::families
