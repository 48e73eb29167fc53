// daggen: layered random graphs after Suter & Hunold's DAGGEN (github.com/frs69wq/daggen), read from its README.
//
// Our reading of DAGGEN's documented parameters (README, "DAGGEN creates random DAGs through the
// following process"), with n = tasks:
//  - fat: the width. The "perfect" number of tasks per level is floor(exp(fat * ln n)) = floor(n^fat)
//    (at least 1): fat 1 puts every task on one level, a small fat makes a chain. fat is in (0, 1].
//    n^fat is rounded up when within 1e-9 of a whole number, so that fat 1 gives n (exp(ln n) can
//    fall just below n in floating point).
//  - regularity: each level's size is drawn uniformly among the whole numbers in
//    [perfect * regularity, perfect * (2 - regularity)] ("(100 * (1 - regular))% of latitude":
//    regular 0.2 gives [0.2 perfect, 1.8 perfect]), at least 1; levels are drawn until n tasks are
//    placed, the last one cut to what is left. regularity is in [0, 1]; 1 makes every level perfect.
//  - density: a task of level i > 0 has min(1 + floor(U[0, density * w(i-1))), w(i-1)) parents,
//    w(i-1) the size of the previous level. density is in [0, 1]; 0 gives every task one parent.
//  - jump: each parent is drawn from level i - j, j uniform on 1..jump (level 0 when that is below
//    it), a task uniform in that level; when it is already a parent, the next task of the level
//    (cyclically) is taken, and when every task of that level already is, the parent is skipped,
//    as DAGGEN does. jump 1 links consecutive levels only.
// What we do not take from DAGGEN: its costs (flops from a data size and a complexity, transfers of
// 8 * size^2 bytes) and its `ccr` (which only picks the complexity). Work and data are drawn uniformly
// from exec_min..exec_max and data_min..data_max, as for every family; set a ratio with the
// experiment's ccr (or ec_ratio). Tasks are numbered level by level, T0 first.
#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

int perfect_width(int n, double fat) {
  const double w = std::pow(static_cast<double>(n), fat);
  const double up = std::ceil(w);
  return std::max(1, static_cast<int>(up - w < 1e-9 ? up : std::floor(w)));
}

// The whole numbers a level's size is drawn from.
std::pair<int, int> width_range(int perfect, double regularity) {
  const int lo = std::max(1, static_cast<int>(std::ceil(perfect * regularity - 1e-9)));
  const int hi = std::max(lo, static_cast<int>(std::floor(perfect * (2 - regularity) + 1e-9)));
  return {lo, hi};
}

void check(const ParamSet& params) {
  const double fat = params.real("fat");
  if (!(fat > 0 && fat <= 1))
    throw ParamError("fat", fmt::format("expected a number in (0, 1] (the width: n^fat tasks per level), got {}", fat));
}

DagFamilySize size(const ParamSet& params) {
  const int n = int_param(params, "tasks");
  const int perfect = perfect_width(n, params.real("fat"));
  const auto [lo, hi] = width_range(perfect, params.real("regularity"));
  const double density = params.real("density");
  const double later = std::max(0, n - lo);  // tasks beyond the first level, at most
  const double mean_parents = std::min(1 + density * perfect / 2, static_cast<double>(perfect));
  const double max_parents = std::min(1 + density * hi, static_cast<double>(hi));
  return {static_cast<double>(n), later * mean_parents, later * max_parents,
          static_cast<double>(std::max(0, n - hi)), 0};
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int n = int_param(params, "tasks");
  const double density = params.real("density");
  const int jump = int_param(params, "jump");
  const int perfect = perfect_width(n, params.real("fat"));
  const auto [lo, hi] = width_range(perfect, params.real("regularity"));
  std::vector<int> start{0};  // first task of each level, then n
  while (start.back() < n) {
    const int w = static_cast<int>(draws.integer(lo, hi));
    start.push_back(std::min(n, start.back() + w));
  }
  TaskGraph g = graph_with_tasks(graph_name("daggen", params, seed), n, size(params).edges, draws);
  // parent_of[t] == child: t is already a parent of child (one stamp per task, no clearing).
  std::vector<int> parent_of(static_cast<std::size_t>(n), -1);
  const int levels = static_cast<int>(start.size()) - 1;
  for (int level = 1; level < levels; ++level) {
    const int previous = start[level] - start[level - 1];
    for (int child = start[level]; child < start[level + 1]; ++child) {
      const int parents = std::min(1 + static_cast<int>(std::floor(draws.real(0, density * previous))), previous);
      for (int k = 0; k < parents; ++k) {
        const int from = std::max(0, level - static_cast<int>(draws.integer(1, jump)));
        const int first = start[from], width = start[from + 1] - start[from];
        int index = static_cast<int>(draws.integer(0, width - 1));
        int tries = 0;
        while (tries < width && parent_of[static_cast<std::size_t>(first + index)] == child) {
          index = (index + 1) % width;
          ++tries;
        }
        if (tries == width) continue;  // every task of that level is a parent already
        parent_of[static_cast<std::size_t>(first + index)] = child;
        g.add_edge(first + index, child, draws.data());
      }
    }
  }
  g.finalize();
  return g;
}

}  // namespace

DagFamily daggen_family() {
  return {"daggen",
          "layered random graphs of DAGGEN (Suter & Hunold): n tasks, width n^fat per level, density of links "
          "between levels, regularity of the levels' sizes, jump (levels a link may span)",
          {integer_param("tasks", "100", "number of tasks n", 1, 10'000'000),
           real_param("fat", "0.5", "width: about n^fat tasks per level, in (0, 1] (small: a chain; 1: one level)",
                      -1e300, 1e300),
           real_param("density", "0.5",
                      "links between levels, in [0, 1]: a task has 1 + U[0, density * previous level's size) parents",
                      0, 1),
           real_param("regularity", "0.9",
                      "regularity of the levels' sizes, in [0, 1]: a level holds [r, 2 - r] times n^fat tasks", 0, 1),
           integer_param("jump", "1", "a parent lies 1..jump levels above its child", 1, 1'000'000)},
          check, size, generate};
}

}  // namespace mpnsim::families
