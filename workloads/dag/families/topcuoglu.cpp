// topcuoglu: the random graphs of Topcuoglu, Hariri & Wu (IEEE TPDS 13(3), 2002, §5.1), with heterogeneity beta.
//
// The paper gives the parameters and their means, not the procedure; our reading, with v = tasks:
//  - shape alpha: levels of uniform width on 1..(2 round(alpha sqrt v) - 1) (mean alpha sqrt v), drawn
//    until v tasks are placed, the last cut to what is left: the height is then about v / (alpha sqrt v)
//    = sqrt v / alpha, the paper's mean. alpha > 0 (the paper: 0.5, 1, 2).
//  - out_degree: the largest out-degree (the paper's set: 1, 2, 3, 4, 5, v). Every task but the last
//    level's draws its out-degree uniformly on 1..min(out_degree, next level's size), and its children
//    are on the next level, so that a task's level is its depth. Each task of the next level first
//    takes one parent, drawn among the tasks that still have room (any task of the level when none
//    has: only then may a task pass out_degree); then each task draws the rest of its children
//    uniformly among the next level's tasks it is not yet linked to.
//  - computation costs: the paper draws each task's mean cost w_i from [0, 2 w_DAG]; we draw it from
//    exec_min..exec_max (the default 1..10; exec_min 0 and exec_max 2 w_DAG give the paper's range).
//    It is the task's work.
//  - beta, the heterogeneity: with a network of P processors and beta > 0, task i takes w_ij drawn
//    uniformly in [w_i (1 - beta/2), w_i (1 + beta/2)] on processor j: a cost table (the unrelated
//    model; w and Tcp then do not apply). beta is in [0, 2] (the paper: 0.1 to 1). The table is
//    drawn from its own stream, after the graph, so the graph is the same on every network.
//  - CCR: the paper's edge costs make the ratio; here the data are drawn from data_min..data_max and
//    the experiment's ccr (or ec_ratio) scales them.
// Tasks are numbered level by level, T0 first.
#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/families/family_support.hpp"
#include "workloads/random_draws.hpp"

namespace mpnsim::families {

namespace {

int widest(const ParamSet& params) {
  const double mean = params.real("shape") * std::sqrt(static_cast<double>(params.integer("tasks")));
  return std::max(1, static_cast<int>(std::llround(2 * mean)) - 1);
}

void check(const ParamSet& params) {
  const double shape = params.real("shape");
  if (!(shape > 0))
    throw ParamError("shape", fmt::format("expected a number > 0 (alpha: height sqrt(v)/alpha, width alpha sqrt(v)), "
                                          "got {}", shape));
}

DagFamilySize size(const ParamSet& params) {
  const double v = static_cast<double>(params.integer("tasks"));
  const double hi = widest(params);
  const double degree = std::min<double>(static_cast<double>(params.integer("out_degree")), hi);
  // Each task draws 1..degree children; a level's tasks left without a parent add one each.
  return {v, v * (1 + degree) / 2, v * (degree + 1), std::max(0.0, v - hi), params.real("beta") / 2};
}

// Children of the level [a, b) on the level [b, c).
// wanted, has: per parent; cover (the parent a child took first), mark: per child.
void link_levels(TaskGraph& g, Draws& draws, int a, int b, int c, int out_degree, std::vector<int>& wanted,
                 std::vector<int>& has, std::vector<int>& cover, std::vector<int>& mark) {
  const int parents = b - a, children = c - b;
  std::vector<int> open;  // parents with room, by offset
  for (int p = 0; p < parents; ++p) {
    wanted[static_cast<std::size_t>(p)] = static_cast<int>(draws.integer(1, std::min(out_degree, children)));
    has[static_cast<std::size_t>(p)] = 0;
    open.push_back(p);
  }
  // Parent p is linked to a child when it is the child's cover or mark[child] == p.
  auto link = [&](int p, int child) {
    mark[static_cast<std::size_t>(child)] = p;
    ++has[static_cast<std::size_t>(p)];
    g.add_edge(a + p, b + child, draws.data());
  };
  auto linked = [&](int p, int child) {
    return cover[static_cast<std::size_t>(child)] == p || mark[static_cast<std::size_t>(child)] == p;
  };
  for (int child = 0; child < children; ++child) mark[static_cast<std::size_t>(child)] = -1;
  for (int child = 0; child < children; ++child) {
    int p;
    if (open.empty()) {
      p = static_cast<int>(draws.integer(0, parents - 1));
    } else {
      const auto k = static_cast<std::size_t>(draws.integer(0, static_cast<std::int64_t>(open.size()) - 1));
      p = open[k];
      if (has[static_cast<std::size_t>(p)] + 1 >= wanted[static_cast<std::size_t>(p)]) {
        open[k] = open.back();
        open.pop_back();
      }
    }
    link(p, child);
    cover[static_cast<std::size_t>(child)] = p;
  }
  for (int child = 0; child < children; ++child) mark[static_cast<std::size_t>(child)] = -1;
  std::vector<int> free_children;
  for (int p = 0; p < parents; ++p) {
    int rest = wanted[static_cast<std::size_t>(p)] - has[static_cast<std::size_t>(p)];
    if (rest <= 0) continue;
    if (2 * wanted[static_cast<std::size_t>(p)] <= children) {
      while (rest > 0) {
        const int child = static_cast<int>(draws.integer(0, children - 1));
        if (linked(p, child)) continue;
        link(p, child);
        --rest;
      }
    } else {  // most of the level: draw from the list of the others
      free_children.clear();
      for (int child = 0; child < children; ++child)
        if (!linked(p, child)) free_children.push_back(child);
      for (int i = 0; i < rest; ++i) {
        const auto j = static_cast<std::size_t>(
            draws.integer(i, static_cast<std::int64_t>(free_children.size()) - 1));
        std::swap(free_children[static_cast<std::size_t>(i)], free_children[j]);
        link(p, free_children[static_cast<std::size_t>(i)]);
      }
    }
  }
}

TaskGraph generate(const ParamSet& params, std::uint64_t seed, int processors) {
  Draws draws(params, seed);
  const int v = int_param(params, "tasks");
  const int out_degree = int_param(params, "out_degree");
  const int hi = widest(params);
  std::vector<int> start{0};
  while (start.back() < v) start.push_back(std::min(v, start.back() + static_cast<int>(draws.integer(1, hi))));
  TaskGraph g = graph_with_tasks(graph_name("topcuoglu", params, seed), v, size(params).edges, draws);
  int widest_level = 0;
  for (std::size_t l = 1; l < start.size(); ++l) widest_level = std::max(widest_level, start[l] - start[l - 1]);
  std::vector<int> wanted(static_cast<std::size_t>(widest_level)), has(wanted.size()), cover(wanted.size()),
      mark(wanted.size());
  for (std::size_t l = 1; l + 1 < start.size(); ++l)
    link_levels(g, draws, start[l - 1], start[l], start[l + 1], out_degree, wanted, has, cover, mark);
  g.finalize();
  const double beta = params.real("beta");
  if (beta > 0 && processors > 0) {
    std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);  // the table's own stream
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(v) * static_cast<std::size_t>(processors));
    for (int t = 0; t < v; ++t) {
      const double w = g.work(t);
      for (int p = 0; p < processors; ++p) values.push_back(uniform_real(rng, w * (1 - beta / 2), w * (1 + beta / 2)));
    }
    g.set_costs(CostTable(v, processors, std::move(values)));
  }
  return g;
}

}  // namespace

DagFamily topcuoglu_family() {
  return {"topcuoglu",
          "random graphs of Topcuoglu, Hariri & Wu 2002 (HEFT/CPOP): v tasks, shape alpha (height sqrt(v)/alpha, "
          "width alpha sqrt(v)), out-degree; beta > 0 draws a cost table (unrelated processors) on the network",
          {integer_param("tasks", "100", "number of tasks v", 1, 10'000'000),
           real_param("shape", "1", "alpha > 0: levels about sqrt(v)/alpha, each about alpha sqrt(v) tasks wide",
                      -1e300, 1e300),
           integer_param("out_degree", "3", "largest out-degree of a task", 1, 10'000'000),
           real_param("beta", "0",
                      "heterogeneity in [0, 2]: task i takes w_i (1 +- beta/2) on each processor, drawn uniformly "
                      "(0: no cost table)",
                      0, 2)},
          check, size, generate};
}

}  // namespace mpnsim::families
