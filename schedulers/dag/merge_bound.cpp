// The merge bound: edges too costly to cross within the makespan glue tasks onto one processor.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

#include "schedulers/dag/lower_bound.hpp"
#include "schedulers/dag/message_floor.hpp"

namespace mpnsim {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Tasks glued together, by union-find: each set runs on one processor, one task after another,
// so it takes the sum of its least times, from its earliest start to its least tail.
class Clusters {
 public:
  explicit Clusters(const TaskWindows& w) : root_(w.exec.size()), load_(w.exec), head_(w.start), tail_(w.tail) {
    std::iota(root_.begin(), root_.end(), 0);
  }
  int find(int t) {
    while (root_[at(t)] != t) t = root_[at(t)] = root_[at(root_[at(t)])];
    return t;
  }
  // Joins the sets of a and b; returns the joined set's bound.
  double join(int a, int b) {
    a = find(a);
    b = find(b);
    if (a != b) {
      if (load_[at(a)] < load_[at(b)]) std::swap(a, b);
      root_[at(b)] = a;
      load_[at(a)] += load_[at(b)];
      head_[at(a)] = std::min(head_[at(a)], head_[at(b)]);
      tail_[at(a)] = std::min(tail_[at(a)], tail_[at(b)]);
    }
    return head_[at(a)] + load_[at(a)] + tail_[at(a)];
  }

 private:
  std::vector<int> root_;
  std::vector<double> load_, head_, tail_;
};

}  // namespace

double merge_bound(const DagProblem& problem, const TaskWindows& w, double known) {
  const TaskGraph& g = problem.graph;
  const MessageFloor floor(problem.machine);
  // An edge (u, v) whose two tasks sit on two processors puts a message on a path: u from its
  // earliest start, the message, then v no sooner than its own earliest start, v, v's tail. An
  // edge whose `crossing` passes the makespan T therefore keeps its two tasks together. Edges
  // of crossing at most `known` change nothing above it (see below), so only the others count.
  // No crossing passes the longest window path plus the costliest message: the consumer's
  // exec and tail lie inside the producer's tail, and its start inside the path through it. When
  // that is within `known`, no edge counts (the usual case on large graphs at low CCR), and
  // the scattered reads of every edge's two windows are saved.
  double most_data = 0;
  for (const DagEdge& d : g.edges()) most_data = std::max(most_data, d.data);
  if (communication_path_bound(w) + floor.time(most_data) < known) return known;
  struct Crossing {
    double time;
    int edge;
  };
  std::vector<Crossing> costly;
  for (int e = 0; e < g.edge_count(); ++e) {
    const DagEdge& d = g.edge(e);
    const double arrive = w.start[at(d.from)] + w.exec[at(d.from)] + floor.time(d.data);
    const double crossing = std::max(arrive, w.start[at(d.to)]) + w.exec[at(d.to)] + w.tail[at(d.to)];
    if (crossing > known) costly.push_back({crossing, e});
  }
  if (costly.empty()) return known;
  std::sort(costly.begin(), costly.end(),
            [](const Crossing& a, const Crossing& b) { return a.time > b.time || (a.time == b.time && a.edge < b.edge); });
  // With the edges by decreasing crossing c_1 >= c_2 >= ..., a schedule of length T keeps the
  // k edges of crossing above T inside processors, for some k, and c_{k+1} <= T. The sets they
  // glue each take their bound, the largest of which, M_k, is also at most T. So T is at least
  // min over k of max(c_{k+1}, M_k), with c beyond the costly ones taken as `known` (any edge
  // left has crossing <= known <= T). M_k only grows with k: stop once it passes the best.
  Clusters clusters(w);
  double glued = known, best = costly.front().time;
  for (std::size_t k = 0; k < costly.size() && glued < best; ++k) {
    const DagEdge& d = g.edge(costly[k].edge);
    glued = std::max(glued, clusters.join(d.from, d.to));
    const double next = k + 1 < costly.size() ? costly[k + 1].time : known;
    best = std::min(best, std::max(next, glued));
  }
  return std::max(known, best);
}

}  // namespace mpnsim
