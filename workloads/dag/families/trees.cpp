// in-tree and out-tree: rooted trees of a branching factor and a depth, balanced or drawn unbalanced.
//
// An out-tree's edges go from each task to its children (a divide phase); an in-tree is the same
// tree with every edge reversed (a combine phase: the root is the exit). Balanced: every task above
// depth `depth` has `branching` children, so (b^(d+1) - 1)/(b - 1) tasks (d + 1 when b = 1).
// Unbalanced, our reading: each task above depth d draws its number of children uniformly on
// 0..branching, except the first task of each depth, which draws on 1..branching, so that the tree
// reaches depth d exactly and its leaves lie at every depth. The tree is numbered breadth first from
// the root (T0) in an out-tree; an in-tree numbers the same tasks backwards (its root is the last
// task), so that its tasks too are numbered in an order the edges respect.
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

double balanced_tasks(const ParamSet& params) {
  const double b = static_cast<double>(params.integer("branching"));
  const double d = static_cast<double>(params.integer("depth"));
  double total = 0, level = 1;
  for (int i = 0; i <= d && total <= 1e18; ++i, level *= b) total += level;
  return total;
}

DagFamilySize size(const ParamSet& params) {
  const double n = balanced_tasks(params);
  const bool balanced = params.boolean("balanced");
  const double depth = static_cast<double>(params.integer("depth"));
  // Unbalanced: at most the balanced tree, at least the spine of depth + 1 tasks.
  return {n, n - 1, n - 1, balanced ? n - 1 : depth, 0};
}

// parent[t] of each task t > 0, breadth first.
std::vector<int> draw_tree(const ParamSet& params, Draws& draws) {
  const int b = int_param(params, "branching");
  const int d = int_param(params, "depth");
  const bool balanced = params.boolean("balanced");
  std::vector<int> parent{-1};
  std::size_t level_begin = 0;
  for (int depth = 0; depth < d; ++depth) {
    const std::size_t level_end = parent.size();
    for (std::size_t t = level_begin; t < level_end; ++t) {
      const int children =
          balanced ? b : static_cast<int>(draws.integer(t == level_begin ? 1 : 0, b));
      for (int c = 0; c < children; ++c) parent.push_back(static_cast<int>(t));
    }
    level_begin = level_end;
  }
  return parent;
}

TaskGraph make_tree(const char* family, const ParamSet& params, std::uint64_t seed, bool out) {
  Draws draws(params, seed);
  const std::vector<int> parent = draw_tree(params, draws);
  const int n = static_cast<int>(parent.size());
  TaskGraph g = graph_with_tasks(graph_name(family, params, seed), n, n - 1, draws);
  for (int t = 1; t < n; ++t) {
    if (out) g.add_edge(parent[static_cast<std::size_t>(t)], t, draws.data());
    else g.add_edge(n - 1 - t, n - 1 - parent[static_cast<std::size_t>(t)], draws.data());
  }
  g.finalize();
  return g;
}

TaskGraph out_tree(const ParamSet& params, std::uint64_t seed, int) { return make_tree("out-tree", params, seed, true); }
TaskGraph in_tree(const ParamSet& params, std::uint64_t seed, int) { return make_tree("in-tree", params, seed, false); }

std::vector<ParamSpec> tree_params() {
  return {integer_param("branching", "2", "children of a task (unbalanced: at most)", 1, 1'000'000),
          integer_param("depth", "3", "levels below the root", 0, 1'000'000),
          ParamSpec{"balanced", ParamType::boolean, "true",
                    "every task above the last level has `branching` children (false: 0..branching, drawn)", 0, 0,
                    {}}};
}

}  // namespace

DagFamily out_tree_family() {
  return {"out-tree", "a rooted tree, edges from each task to its children (balanced or drawn unbalanced)",
          tree_params(), check, size, out_tree};
}
DagFamily in_tree_family() {
  return {"in-tree", "a rooted tree, edges from the children to their parent, the root last (balanced or drawn "
                     "unbalanced)",
          tree_params(), check, size, in_tree};
}

}  // namespace mpnsim::families
