// The graph families of the optimal-scheduling literature, shared by the benches that compare with optima.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::bench {

// The names family() knows, in the order the benches print them.
inline const std::vector<std::string>& family_names() {
  static const std::vector<std::string> names{"random",   "fork",     "join",    "fork-join",      "in-tree",
                                              "out-tree", "pipeline", "stencil", "series-parallel"};
  return names;
}

// The structured families of the optimal-scheduling literature, built here with whole works
// 1..9 and data 1..9 (scaled to the CCR afterwards).
struct Builder {
  TaskGraph g;
  std::mt19937_64& rng;
  int task() { return g.add_task(fmt::format("t{}", g.size()), std::uniform_int_distribution<int>(1, 9)(rng)); }
  void edge(int a, int b) { g.add_edge(a, b, std::uniform_int_distribution<int>(1, 9)(rng)); }
};

inline TaskGraph family(const std::string& name, int n, std::mt19937_64& rng) {
  if (name == "random") {
    RandomDagParams p;
    p.tasks = n;
    p.exec_max = 9;
    p.data_max = 9;
    p.seed = rng();
    return generate_random_dag(p);
  }
  Builder b{TaskGraph(name), rng};
  if (name == "fork" || name == "join") {
    const int hub = b.task();
    for (int i = 1; i < n; ++i) {
      const int t = b.task();
      name == "fork" ? b.edge(hub, t) : b.edge(t, hub);
    }
  } else if (name == "fork-join") {
    const int fork = b.task();
    std::vector<int> mid;
    for (int i = 2; i < n; ++i) {
      mid.push_back(b.task());
      b.edge(fork, mid.back());
    }
    const int join = b.task();
    for (int m : mid) b.edge(m, join);
  } else if (name == "out-tree" || name == "in-tree") {
    for (int i = 0; i < n; ++i) {
      b.task();
      if (i > 0) name == "out-tree" ? b.edge((i - 1) / 2, i) : b.edge(i, (i - 1) / 2);
    }
  } else if (name == "pipeline") {  // two chains, each stage feeding both next stages
    for (int i = 0; i < n; ++i) {
      b.task();
      if (i >= 2) {
        const int previous = 2 * (i / 2 - 1);
        b.edge(previous, i);
        if (previous + 1 < i) b.edge(previous + 1, i);
      }
    }
  } else if (name == "stencil") {  // levels of width 3, each task feeding its neighbours below
    const int width = 3;
    for (int i = 0; i < n; ++i) {
      b.task();
      const int level = i / width, col = i % width;
      if (level == 0) continue;
      for (int dc = -1; dc <= 1; ++dc) {
        const int c = col + dc;
        if (c >= 0 && c < width) b.edge((level - 1) * width + c, i);
      }
    }
  } else if (name == "series-parallel") {  // random series and parallel compositions
    std::function<std::pair<int, int>(int)> sp = [&](int size) -> std::pair<int, int> {
      if (size == 1) {
        const int t = b.task();
        return {t, t};
      }
      if (size == 2 || rng() % 2 == 0) {  // series
        const int left = 1 + static_cast<int>(rng() % static_cast<unsigned>(size - 1));
        const auto a = sp(left), c = sp(size - left);
        b.edge(a.second, c.first);
        return {a.first, c.second};
      }
      // parallel between a source and a sink
      const int src = b.task();
      const int inner = size - 2;
      const int left = inner >= 2 ? 1 + static_cast<int>(rng() % static_cast<unsigned>(inner - 1)) : inner;
      std::vector<std::pair<int, int>> parts{sp(left)};
      if (inner - left > 0) parts.push_back(sp(inner - left));
      const int sink = b.task();
      for (auto [f, l] : parts) {
        b.edge(src, f);
        b.edge(l, sink);
      }
      return {src, sink};
    };
    sp(n);
  }
  b.g.finalize();
  return std::move(b.g);
}

// The graph with its data scaled so that mean data / mean work = ccr (on unit links and
// processors, communication over computation).
inline TaskGraph with_ccr(const TaskGraph& g, double ccr) {
  const double mean_work = g.total_work() / g.size();
  const double mean_data = g.edge_count() > 0 ? g.total_data() / g.edge_count() : 1;
  TaskGraph out(g.name());
  for (int t = 0; t < g.size(); ++t) out.add_task(std::string(g.task(t).name), g.work(t));
  for (const DagEdge& e : g.edges()) out.add_edge(e.from, e.to, e.data * ccr * mean_work / mean_data);
  out.finalize();
  return out;
}

// The same with whole weights, as the published graph sets have them: works drawn anew in
// 10..90 and data scaled to the CCR, rounded to whole numbers, at least 1 (so that the instance
// lies on a grid of whole time units; schedulers/dag/optimal/time_lattice.hpp).
inline TaskGraph whole_with_ccr(const TaskGraph& g, double ccr, std::mt19937_64& rng) {
  std::vector<double> works;
  for (int t = 0; t < g.size(); ++t) works.push_back(std::uniform_int_distribution<int>(10, 90)(rng));
  double mean_work = 0;
  for (double w : works) mean_work += w / g.size();
  const double mean_data = g.edge_count() > 0 ? g.total_data() / g.edge_count() : 1;
  TaskGraph out(g.name());
  for (int t = 0; t < g.size(); ++t) out.add_task(std::string(g.task(t).name), works[static_cast<std::size_t>(t)]);
  for (const DagEdge& e : g.edges()) out.add_edge(e.from, e.to, std::max(1.0, std::round(e.data * ccr * mean_work / mean_data)));
  out.finalize();
  return out;
}

// "2,4,8" as {2, 4, 8}: the benches' list options.
inline std::vector<int> parse_list(const char* text) {
  std::vector<int> out;
  for (const char* p = text; *p;) {
    out.push_back(std::atoi(p));
    while (*p && *p != ',') ++p;
    if (*p == ',') ++p;
  }
  return out;
}

}  // namespace mpnsim::bench
