// Random DAGs after thesis §6.4, with an O(1) count of the later nodes that can still take a parent.
#include "workloads/dag/dag_generator.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>
#include <cmath>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/dag/open_nodes.hpp"
#include "workloads/random_draws.hpp"

namespace mpnsim {

namespace {

void check_range(const char* what, double lo, double hi, bool integer) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo < 0)
    throw std::invalid_argument(fmt::format("{} range must be finite and >= 0, got [{}, {}]", what, lo, hi));
  if (lo > hi) throw std::invalid_argument(fmt::format("{} range is empty: min {} > max {}", what, lo, hi));
  if (integer && std::ceil(lo) > std::floor(hi))
    throw std::invalid_argument(
        fmt::format("{} range [{}, {}] holds no whole number (set integer: false for real values)", what, lo, hi));
}

double draw(std::mt19937_64& rng, double lo, double hi, bool integer) {
  if (integer)
    return static_cast<double>(uniform_integer(rng, static_cast<std::int64_t>(std::ceil(lo)),
                                               static_cast<std::int64_t>(std::floor(hi))));
  return lo == hi ? lo : uniform_real(rng, lo, hi);
}

// Each node's parents so far, in an array of Count (which must hold max_in), one byte a node
// when max_in fits in one: the count is read at random, for each child drawn, and at 10^7 tasks
// 40 MB of ints left the last-level cache (32 MB here) where 10 MB of bytes mostly stays in it.
template <class Count>
class ParentsApart {
 public:
  ParentsApart(int n, int max_in, OpenNodes&) : parents_(static_cast<std::size_t>(n), 0), max_in_(max_in) {}
  static int counted_by_set(int) { return 0; }
  bool none(int j) const { return parents_[static_cast<std::size_t>(j)] == 0; }
  void expect(int j) const { __builtin_prefetch(&parents_[static_cast<std::size_t>(j)], 1); }
  bool add_makes_full(int j) { return ++parents_[static_cast<std::size_t>(j)] == max_in_; }

 private:
  std::vector<Count> parents_;
  int max_in_;
};

// The counts kept by the open set, beside its bits (max_in up to 3: open_nodes.cpp says why).
class ParentsInSet {
 public:
  ParentsInSet(int, int, OpenNodes& open) : open_(open) {}
  static int counted_by_set(int max_in) { return max_in; }
  bool none(int j) const { return open_.parents(j) == 0; }
  static void expect(int) {}  // the selection has brought the count in
  bool add_makes_full(int j) { return open_.add_parent(j); }

 private:
  OpenNodes& open_;
};

// The edges of thesis §6.4's process, node after node, parents counted in Parents.
template <class Parents>
void draw_edges(TaskGraph& g, const RandomDagParams& p, std::mt19937_64& rng) {
  const int n = p.tasks;
  // The nodes that can still take a parent (in-degree not full). The thesis draws from
  // i+1..N-1 until it hits one of them that is not yet a child of i; drawing the k-th of
  // those directly gives the same distribution (uniform over the acceptable nodes) in
  // O(log N), where rejection would loop for long once most later nodes are full.
  OpenNodes open(n, Parents::counted_by_set(p.max_in));
  Parents parents(n, p.max_in, open);
  std::vector<int> children;
  constexpr int kAtOnce = OpenNodes::kMostAtOnce;
  int ranks[kAtOnce], picked[kAtOnce];
  double data[kAtOnce];
  for (int i = 0; i < n; ++i) {
    g.set_work(i, draw(rng, p.exec_min, p.exec_max, p.integer));
    const bool orphan = parents.none(i);
    int out = static_cast<int>(uniform_integer(rng, orphan ? 1 : 0, p.max_out));
    const int before = open.count_through(i);
    const int room = open.total() - before;
    out = std::min(out, room);  // "adjust outdegree"
    if (out <= kAtOnce) {
      // The thesis's picks, without touching the set while i picks: the m-th child is the
      // k-th of the open nodes after i that earlier picks left, k drawn from room - m (a pick
      // leaves one fewer), so its rank among all of them is k moved past each earlier pick at
      // or below it, taken in increasing order. All ranks are known before any node is found,
      // so the selections go side by side (their reads of memory, a block's counts and bits
      // anywhere in 1.25 MB at 10^7 tasks, wait together), and a child is closed only when its
      // parents are full, not closed and reopened for each pick (two walks up the tree). The
      // draws are made in the order the one-at-a-time loop below makes them (a child's rank,
      // then its edge's data), so the graph is the same (tests/dag_generator_reference_test.cpp).
      int taken[kAtOnce];  // earlier picks' ranks, increasing
      for (int m = 0; m < out; ++m) {
        int r = static_cast<int>(uniform_integer(rng, 0, room - m - 1));
        data[m] = draw(rng, p.data_min, p.data_max, p.integer);
        int at = 0;
        for (; at < m && taken[at] <= r; ++at) ++r;
        for (int t = m; t > at; --t) taken[t] = taken[t - 1];
        taken[at] = r;
        ranks[m] = before + r;
      }
      open.select_each(ranks, picked, out);
      for (int m = 0; m < out; ++m) parents.expect(picked[m]);
      for (int m = 0; m < out; ++m) g.add_edge(i, picked[m], data[m]);
      for (int m = 0; m < out; ++m)
        if (parents.add_makes_full(picked[m])) open.close(picked[m]);
      continue;
    }
    // More children than that (max_out above 8): one at a time. A child is taken out of the
    // open set while i picks, so it is not drawn twice. Its count is asked for now and made once
    // i has picked (no pick reads it), so that the picks and the edges' draws go on while it comes.
    children.clear();
    for (; out > 0; --out) {
      const int k = static_cast<int>(uniform_integer(rng, 0, open.total() - before - 1));
      const int j = open.select(before + k);
      open.close(j);
      parents.expect(j);
      children.push_back(j);
      g.add_edge(i, j, draw(rng, p.data_min, p.data_max, p.integer));
    }
    for (int j : children)
      if (!parents.add_makes_full(j)) open.reopen(j);
  }
}

}  // namespace

double expected_random_dag_edges(const RandomDagParams& p) {
  // Node i draws its out-degree uniformly from 1..max_out (0..max_out once it has a parent:
  // taking 1 overestimates a little) and keeps at most the n-1-i later nodes. The in-degree
  // cap bounds the total too: node j takes at most min(max_in, j) parents.
  //
  // The sums over the nodes in closed form where that gives the loop's sum to the bit (called
  // three times a run, the loop was 1 % of `mpnsim dag` at 10^5 tasks): the nodes with at
  // least max_out later ones add (1 + max_out) / 2 each, a multiple of 1/2, and the in-degree
  // caps add whole numbers, so while the totals stay below 2^52 every partial sum is exact
  // and so is the product; the few nodes near the end add their fractions in the loop's order.
  const double a = 1, b = p.max_out;
  const std::int64_t n = std::max(p.tasks, 0);
  constexpr double kExact = 4503599627370496.0;  // 2^52
  auto middle = [&](double m) {  // a node with m later nodes, a <= m < b
    return (m * (m + 1) / 2 - a * (a - 1) / 2 + (b - m) * m) / (b - a + 1);
  };
  // Degrees below 1 (refused by check_random_dag_params, asked by size estimates before it)
  // take the loop.
  const bool closed = p.max_in >= 1 && p.max_out >= 1;
  double out = 0, in = 0;
  const std::int64_t full = std::max<std::int64_t>(0, n - p.max_out);  // nodes with m >= max_out
  if (closed && static_cast<double>(full) * (a + b) < kExact) {
    out = static_cast<double>(full) * ((a + b) / 2);
    for (std::int64_t m = std::min<std::int64_t>(n - 1, p.max_out - 1); m >= 1; --m) out += middle(static_cast<double>(m));
  } else {
    for (std::int64_t i = 0; i < n; ++i) {
      const double m = static_cast<double>(n - 1 - i);
      if (m >= b) out += (a + b) / 2;
      else if (m < a) out += m;
      else out += middle(m);
    }
  }
  const std::int64_t capped = closed ? std::min<std::int64_t>(p.max_in, n) : 0;  // nodes i < max_in add i
  const std::int64_t in_total = capped * (capped - 1) / 2 + (n - capped) * p.max_in;
  if (closed && static_cast<double>(in_total) < kExact) {
    in = static_cast<double>(in_total);
  } else {
    for (std::int64_t i = 0; i < n; ++i) in += std::min<double>(p.max_in, static_cast<double>(i));
  }
  return std::min(out, in);
}

void check_random_dag_params(const RandomDagParams& p) {
  if (p.tasks < 1) throw std::invalid_argument(fmt::format("tasks must be >= 1, got {}", p.tasks));
  if (p.max_in < 1) throw std::invalid_argument(fmt::format("max_in must be >= 1, got {}", p.max_in));
  if (p.max_out < 1) throw std::invalid_argument(fmt::format("max_out must be >= 1, got {}", p.max_out));
  // Tasks first (the edge estimate below walks them), then the expected edges.
  if (const auto problem = dag_size_problem(p.tasks, 0)) throw std::invalid_argument(*problem);
  const double edges = expected_random_dag_edges(p);
  if (const auto problem = dag_size_problem(p.tasks, edges))
    throw std::invalid_argument(fmt::format("with max_in {} and max_out {}, about {}", p.max_in, p.max_out, *problem));
  check_range("execution time", p.exec_min, p.exec_max, p.integer);
  check_range("edge weight", p.data_min, p.data_max, p.integer);
  // The number rules of dag_input_limits.hpp, on the ranges: the largest total the draws can
  // reach, and the smallest nonzero draw against the total they give on average.
  const double largest = p.tasks * p.exec_max + edges * p.data_max;
  if (largest > kMaxDagTotal)
    throw std::invalid_argument(fmt::format(
        "the work and data drawn can add up to {:g} (tasks times exec_max plus edges times data_max), above "
        "mpnsim's limit of {:g}: lower the ranges (only their ratios matter)", largest, kMaxDagTotal));
  const double mean_total = p.tasks * (p.exec_min + p.exec_max) / 2 + edges * (p.data_min + p.data_max) / 2;
  for (const auto& [what, lo] : {std::pair{"exec_min", p.exec_min}, std::pair{"data_min", p.data_min}}) {
    // Whole draws are at least 1 when not 0; real draws from a range starting at 0 are tiny only by chance.
    const double smallest = p.integer ? std::max(1.0, std::ceil(lo)) : lo;
    if (smallest > 0 && smallest * kMaxDagDynamicRange < mean_total)
      throw std::invalid_argument(fmt::format(
          "{} {:g} is below 2^-53 times the graph's expected total work and data ({:g}): such values are lost "
          "entirely in sums of times of that order; narrow the ranges", what, smallest, mean_total));
  }
}

TaskGraph generate_random_dag(const RandomDagParams& p) {
  check_random_dag_params(p);
  std::mt19937_64 rng(p.seed);
  const int n = p.tasks;
  TaskGraph g(fmt::format("random(tasks={},max_in={},max_out={},seed={})", n, p.max_in, p.max_out, p.seed));
  // Exact room for the tasks and their names "T0".."T{n-1}"; for the edges, the estimate above
  // (1.4 times the 143 k edges of 10^5 tasks at the default degrees) still takes less than the
  // vector's doubling would, and spares its copies.
  std::size_t name_chars = 0;
  for (std::int64_t low = 1, high = 10; low <= n; low = high, high *= 10)
    name_chars += static_cast<std::size_t>(std::min<std::int64_t>(n, high) - (low == 1 ? 0 : low)) *
                  static_cast<std::size_t>(1 + std::to_string(low).size());
  g.reserve(n, static_cast<int>(std::min<double>(expected_random_dag_edges(p), kMaxDagEdges)), name_chars);
  for (int i = 0; i < n; ++i) g.add_task(fmt::format("T{}", i), 0);
  if (p.max_in <= OpenNodes::kMostCounted) {
    draw_edges<ParentsInSet>(g, p, rng);
  } else if (p.max_in <= UINT8_MAX) {
    draw_edges<ParentsApart<std::uint8_t>>(g, p, rng);
  } else {
    draw_edges<ParentsApart<int>>(g, p, rng);
  }
  g.finalize();
  // The range checks above make this unlikely; a draw can still land where rounding rules.
  if (const auto problem = dag_number_problem(g)) throw std::invalid_argument(problem->text);
  return g;
}

}  // namespace mpnsim
