// fft: the task graph of the recursive FFT on n points (Topcuoglu et al. 2002, §6.2, after Cormen et al.).
//
// Two parts, as the paper draws them for 4 points (15 tasks): the recursive calls, a complete binary
// tree of 2n - 1 tasks numbered breadth first (T0 the root, T(2i+1) and T(2i+2) the children of Ti,
// the n leaves T(n-1)..T(2n-2)), each call feeding its two half-size calls; then log2 n levels of n
// butterfly tasks, T(2n-1 + (s-1) n + i) the i-th of level s. Butterfly i of level 1 takes leaves
// i and i xor 1; of level s > 1, butterflies i and i xor 2^(s-1) of level s - 1. So 2n - 1 + n log2 n
// tasks and 2n - 2 + 2 n log2 n edges. `points` must be a power of two, at least 2.
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

int log2_of(std::int64_t n) {
  int k = 0;
  while ((std::int64_t{1} << k) < n) ++k;
  return k;
}

void check(const ParamSet& params) {
  const std::int64_t n = params.integer("points");
  if (n < 2 || (n & (n - 1)) != 0)
    throw ParamError("points", fmt::format("expected a power of two of at least 2 (2, 4, 8, 16, ...), got {}", n));
}

DagFamilySize size(const ParamSet& params) {
  const double n = static_cast<double>(params.integer("points"));
  const double k = log2_of(params.integer("points"));
  const double edges = 2 * n - 2 + 2 * n * k;
  return {2 * n - 1 + n * k, edges, edges, edges, 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int n = int_param(params, "points");
  const int k = log2_of(n);
  const DagFamilySize s = size(params);
  TaskGraph g = graph_with_tasks(graph_name("fft", params, seed), static_cast<int>(s.tasks), s.edges, draws);
  for (int i = 0; i < n - 1; ++i) {
    g.add_edge(i, 2 * i + 1, draws.data());
    g.add_edge(i, 2 * i + 2, draws.data());
  }
  auto butterfly = [n](int level, int i) { return 2 * n - 1 + (level - 1) * n + i; };
  for (int level = 1; level <= k; ++level)
    for (int i = 0; i < n; ++i) {
      const int partner = i ^ (1 << (level - 1));
      const int a = level == 1 ? n - 1 + i : butterfly(level - 1, i);
      const int b = level == 1 ? n - 1 + partner : butterfly(level - 1, partner);
      g.add_edge(a, butterfly(level, i), draws.data());
      g.add_edge(b, butterfly(level, i), draws.data());
    }
  g.finalize();
  return g;
}

}  // namespace

DagFamily fft_family() {
  return {"fft",
          "recursive FFT on n points (Topcuoglu et al. 2002): 2n - 1 recursive-call tasks, then n log2 n butterfly "
          "tasks",
          {integer_param("points", "4", "input points n, a power of two", 1, 1 << 20)}, check, size, generate};
}

}  // namespace mpnsim::families
