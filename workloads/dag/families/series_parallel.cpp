// series-parallel: random two-terminal series-parallel graphs of exactly `tasks` tasks.
//
// Our reading (the literature states the class, not a generator): SP(n) is one task when n = 1; a
// series composition when n is 2 or 3; otherwise, with probability 1/2 each, a series composition
// SP(a) -> SP(n - a) (a uniform on 1..n-1; the first part's exit sends to the second part's entry) or a
// parallel one: a
// fork task, k branches SP(n_1)..SP(n_k) and a join task, k uniform on 2..min(max_branching, n - 2)
// and the n - 2 inner tasks split at k - 1 distinct cut points drawn uniformly. Every graph has one
// entry and one exit; tasks are numbered as they are made (a fork before its branches, a join after
// them), an order the edges respect.
#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"

namespace mpnsim::families {

namespace {

void check(const ParamSet&) {}

DagFamilySize size(const ParamSet& params) {
  const double n = static_cast<double>(params.integer("tasks"));
  // A series step adds one edge, a parallel one 2k edges around k + 2 tasks: at most 2(n - 1).
  return {n, 1.5 * (n - 1), 2 * (n - 1), n - 1, 0};
}

struct Builder {
  Draws& draws;
  int max_branching;
  int next = 0;  // the next task's number
  std::vector<std::pair<int, int>> edges;

  // The entry and exit of a series-parallel graph of n tasks. The expected depth of the recursion
  // is logarithmic in n (every split is uniform).
  std::pair<int, int> make(int n) {
    if (n == 1) {
      const int t = next++;
      return {t, t};
    }
    if (n < 4 || draws.integer(0, 1) == 0) {
      const int a = n == 2 ? 1 : static_cast<int>(draws.integer(1, n - 1));
      const auto first = make(a);
      const auto second = make(n - a);
      edges.emplace_back(first.second, second.first);
      return {first.first, second.second};
    }
    const int inner = n - 2;
    const int k = static_cast<int>(draws.integer(2, std::min(max_branching, inner)));
    // k - 1 distinct cuts in 1..inner-1 (Floyd's sampling), sorted.
    std::set<int> cuts;
    for (int j = inner - (k - 1); j < inner; ++j) {
      const int c = static_cast<int>(draws.integer(1, j));
      if (!cuts.insert(c).second) cuts.insert(j);
    }
    const int fork = next++;
    std::vector<int> exits;
    int previous = 0;
    cuts.insert(inner);
    for (int cut : cuts) {
      const auto branch = make(cut - previous);
      edges.emplace_back(fork, branch.first);
      exits.push_back(branch.second);
      previous = cut;
    }
    const int join = next++;
    for (int e : exits) edges.emplace_back(e, join);
    return {fork, join};
  }
};

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int) {
  Draws draws(params, seed);
  const int n = int_param(params, "tasks");
  Builder b{draws, int_param(params, "max_branching"), 0, {}};
  b.edges.reserve(static_cast<std::size_t>(size(params).max_edges));
  b.make(n);
  TaskGraph g = graph_with_tasks(graph_name("series-parallel", params, seed), n, static_cast<double>(b.edges.size()),
                                 draws);
  for (const auto& [from, to] : b.edges) g.add_edge(from, to, draws.data());
  g.finalize();
  return g;
}

}  // namespace

DagFamily series_parallel_family() {
  return {"series-parallel",
          "random two-terminal series-parallel graphs of n tasks: series and parallel compositions drawn at random",
          {integer_param("tasks", "20", "number of tasks n", 1, 10'000'000),
           integer_param("max_branching", "3", "most branches of a parallel composition", 2, 10'000'000)},
          check, size, generate};
}

}  // namespace mpnsim::families
