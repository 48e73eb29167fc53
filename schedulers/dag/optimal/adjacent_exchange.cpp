// Which side-by-side pairs of tasks the exact search may take in one order only (adjacent_exchange.hpp).
#include "schedulers/dag/optimal/adjacent_exchange.hpp"

#include <algorithm>
#include <numeric>

namespace mpnsim {

namespace {

// n * n * P flags, each costing up to P * (out-degree) delays to fill: a megabyte and well under
// a second; the graphs an exact search can finish are far smaller (256 tasks on 16 processors).
constexpr std::size_t kMaxTableEntries = std::size_t{1} << 20;

}  // namespace

AdjacentExchange::AdjacentExchange(const DagProblem& problem, const SearchTables& tables)
    : n_(problem.graph.size()), P_(problem.processors()) {
  const TaskGraph& g = problem.graph;
  const std::size_t entries = at(n_) * at(n_) * at(P_);
  if (n_ < 2 || entries > kMaxTableEntries) return;
  enabled_ = true;

  std::vector<double> out_data(at(n_), 0), in_data(at(n_), 0);
  for (const DagEdge& e : g.edges()) {
    out_data[at(e.from)] += e.data;
    in_data[at(e.to)] += e.data;
  }
  std::vector<int> order(at(n_));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (out_data[at(a)] != out_data[at(b)]) return out_data[at(a)] > out_data[at(b)];
    if (in_data[at(a)] != in_data[at(b)]) return in_data[at(a)] < in_data[at(b)];
    return a < b;
  });
  rank_.assign(at(n_), 0);
  for (int i = 0; i < n_; ++i) rank_[at(order[at(i)])] = i;

  // Per task, its out-edge to each successor (-1 for none), filled for one t at a time.
  std::vector<int> edge_to(at(n_), -1);
  covers_.assign(entries, 0);
  for (int t = 0; t < n_; ++t) {
    for (int e : g.out_edges(t)) edge_to[at(g.edge(e).to)] = e;
    for (int u = 0; u < n_; ++u) {
      if (u == t) continue;
      bool subset = true;
      for (int e : g.out_edges(u))
        if (edge_to[at(g.edge(e).to)] < 0) subset = false;
      if (!subset) continue;
      for (int p = 0; p < P_; ++p) {
        if (!(tables.time(u, p) > 0) || !(tables.time(t, p) > 0)) continue;
        bool covered = true;
        for (int e : g.out_edges(u)) {
          const int f = edge_to[at(g.edge(e).to)];
          for (int r = 0; r < P_ && covered; ++r)
            if (r != p && problem.edge_delay(f, p, r) < problem.edge_delay(e, p, r)) covered = false;
        }
        covers_[(at(u) * at(n_) + at(t)) * at(P_) + at(p)] = covered ? 1 : 0;
      }
    }
    for (int e : g.out_edges(t)) edge_to[at(g.edge(e).to)] = -1;
  }
}

}  // namespace mpnsim
