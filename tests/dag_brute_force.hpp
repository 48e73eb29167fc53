// The optimum of a tiny DAG schedule by exhaustive search: the oracle of the lower-bound tests and bench.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim::testing {

// The oracle: the shortest schedule of the contention-free model, by trying every order and
// every processor. Each step appends a ready task to the end of one processor's sequence, as
// early as its processor and its data allow; every schedule's sequences follow some order of
// the tasks by start time, and its tasks start no sooner than they do here, so the least over
// all orders and processors is the optimum. Branches already at the best length are cut.
// It shares nothing with the bound but the model: exec_time and the route delays.
class BruteForce {
 public:
  explicit BruteForce(const DagProblem& problem)
      : pr_(problem),
        n_(problem.graph.size()),
        proc_(static_cast<std::size_t>(n_), -1),
        finish_(static_cast<std::size_t>(n_), 0.0),
        ready_(static_cast<std::size_t>(problem.processors()), 0.0) {}

  // The optimum, or the best found once `budget` placements were tried (then `exhausted`).
  double optimum(long long budget = std::numeric_limits<long long>::max()) {
    budget_ = budget;
    best_ = std::numeric_limits<double>::infinity();
    exhausted_ = false;
    search(0, 0.0);
    return best_;
  }
  // True when the budget ran out: optimum() then gave only the best schedule found.
  bool exhausted() const { return exhausted_; }

 private:
  void search(int placed, double length) {
    if (budget_-- <= 0) {
      exhausted_ = true;
      return;
    }
    if (placed == n_) {
      best_ = std::min(best_, length);
      return;
    }
    const TaskGraph& g = pr_.graph;
    for (int t = 0; t < n_; ++t) {
      if (proc_[static_cast<std::size_t>(t)] >= 0) continue;
      bool ready = true;
      for (int e : g.in_edges(t)) ready = ready && proc_[static_cast<std::size_t>(g.edge(e).from)] >= 0;
      if (!ready) continue;
      for (int p = 0; p < pr_.processors(); ++p) {
        double start = ready_[static_cast<std::size_t>(p)];
        for (int e : g.in_edges(t)) {
          const int u = g.edge(e).from;
          start = std::max(start, finish_[static_cast<std::size_t>(u)] +
                                      pr_.edge_delay(e, proc_[static_cast<std::size_t>(u)], p));
        }
        const double end = start + pr_.exec_time(t, p);
        if (std::max(length, end) >= best_) continue;
        const double was = ready_[static_cast<std::size_t>(p)];
        proc_[static_cast<std::size_t>(t)] = p;
        finish_[static_cast<std::size_t>(t)] = end;
        ready_[static_cast<std::size_t>(p)] = end;
        search(placed + 1, std::max(length, end));
        ready_[static_cast<std::size_t>(p)] = was;
        proc_[static_cast<std::size_t>(t)] = -1;
      }
    }
  }

  const DagProblem& pr_;
  int n_;
  std::vector<int> proc_;
  std::vector<double> finish_, ready_;
  double best_ = 0;
  long long budget_ = 0;
  bool exhausted_ = false;
};

inline double brute_force_optimum(const DagProblem& problem) { return BruteForce(problem).optimum(); }

}  // namespace mpnsim::testing
