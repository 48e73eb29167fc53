// fork, join and fork-join: one task fanning out to `width` tasks, `width` tasks fanning in, and both.
//
// fork: T0 -> T1..Tw (w + 1 tasks, w edges). join: T0..T(w-1) -> Tw. fork-join: T0 -> T1..Tw ->
// T(w+1) (w + 2 tasks, 2w edges). The three shapes of the optimal-scheduling literature's examples.
#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

double width(const ParamSet& params) { return static_cast<double>(params.integer("width")); }
DagFamilySize fan_size(const ParamSet& params) { return {width(params) + 1, width(params), width(params), width(params), 0}; }
DagFamilySize fork_join_size(const ParamSet& params) {
  return {width(params) + 2, 2 * width(params), 2 * width(params), 2 * width(params), 0};
}

TaskGraph fork(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int w = int_param(params, "width");
  TaskGraph g = graph_with_tasks(graph_name("fork", params, seed), w + 1, w, draws);
  for (int i = 1; i <= w; ++i) g.add_edge(0, i, draws.data());
  g.finalize();
  return g;
}

TaskGraph join(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int w = int_param(params, "width");
  TaskGraph g = graph_with_tasks(graph_name("join", params, seed), w + 1, w, draws);
  for (int i = 0; i < w; ++i) g.add_edge(i, w, draws.data());
  g.finalize();
  return g;
}

TaskGraph fork_join(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int w = int_param(params, "width");
  TaskGraph g = graph_with_tasks(graph_name("fork-join", params, seed), w + 2, 2.0 * w, draws);
  for (int i = 1; i <= w; ++i) g.add_edge(0, i, draws.data());
  for (int i = 1; i <= w; ++i) g.add_edge(i, w + 1, draws.data());
  g.finalize();
  return g;
}

ParamSpec width_param() { return integer_param("width", "4", "tasks side by side", 1, 1'000'000); }

}  // namespace

DagFamily fork_family() {
  return {"fork", "one task sending to `width` tasks", {width_param()}, check, fan_size, fork};
}
DagFamily join_family() {
  return {"join", "`width` tasks sending to one task", {width_param()}, check, fan_size, join};
}
DagFamily fork_join_family() {
  return {"fork-join", "one task sending to `width` tasks that all send to one last task", {width_param()}, check,
          fork_join_size, fork_join};
}

}  // namespace mpnsim::families
