// A dominance rule of the exact search: two tasks side by side on a processor that may be swapped without lengthening any schedule.
#pragma once

#include <cstdint>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"

namespace mpnsim {

// Let u run on processor p and t run next on p, in a schedule without contention. If
//  - both take time on p (w_u(p) > 0 and w_t(p) > 0: tasks of no duration, which the rule of
//    equivalent tasks may rename among themselves, never take part),
//  - t's data could be on p no later than u's (drt_p(t) <= drt_p(u), from their placed
//    predecessors), and
//  - every successor c of u is a successor of t, and t's message to c takes at least as long
//    as u's from p to any processor (t "covers" u's successors),
// then running t where u started and u right after it delays nothing: t ends sooner, u ends
// when t used to, and whoever waited for u's data also waited for t's, which is later. The swap
// then left-justified gives a schedule no longer whose start times, sorted with a fixed rank of
// the tasks, are lexicographically smaller when t ranks before u (its first difference is t at or
// before u's old start). So among the optimal schedules, the least in that order has no such pair
// with rank(t) < rank(u), and the search need not append t right after u then (Orr & Sinnen's
// fixed task order and Sinnen's equivalent schedules, here as one local test for any graph).
// The rank puts tasks that send more data first, then those that receive less, then by index,
// so that the rule picks the order that the conditions favour (join: larger messages first;
// fork: smaller messages first).
class AdjacentExchange {
 public:
  AdjacentExchange(const DagProblem& problem, const SearchTables& tables);

  bool enabled() const { return enabled_; }
  // The task's place in the rule's order (0 first); only while enabled().
  int rank(int t) const { return rank_[at(t)]; }

  // True when appending t on p right after u (drt_u, drt_t their data-ready times on p) can be
  // skipped.
  bool dominated(int u, double drt_u, int t, double drt_t, int p) const {
    if (!enabled_ || drt_t > drt_u || rank_[at(t)] >= rank_[at(u)]) return false;
    return covers_[(at(u) * at(n_) + at(t)) * at(P_) + at(p)] != 0;
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  int n_ = 0, P_ = 0;
  bool enabled_ = false;  // off on graphs too large for the table (the rule is optional)
  std::vector<int> rank_;
  std::vector<std::uint8_t> covers_;  // [u][t][p]: w_u(p), w_t(p) > 0 and t covers u's successors from p
};

}  // namespace mpnsim
