// Bounds of the exact searches through each unplaced task: the load of its ancestors before it, of its descendants after it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "schedulers/dag/optimal/search_bounds.hpp"

namespace mpnsim {

// A lower bound on every completion of a partial schedule, from each unplaced task x:
//  - its unplaced ancestors must all be done before x starts, so x starts no sooner than their
//    load's water level (from the processors' committed times, `profile`); and no sooner than
//    Al-Mouhamed's split of them into those on x's processor and the others (closure_bounds.cpp);
//  - its unplaced descendants start only after x ends, so their load ends no sooner than its
//    water level from x's earliest end on.
// (A join's last task waits for the load of all the others; a fork's first task delays all of
// theirs.) Tasks are taken in topological order, and the start found for each raises its
// earliest start and finish for its descendants' splits: a deep in-tree's root then sees that a
// branch sent elsewhere was itself a branch of work on one processor or a chain of messages.
// Needs the tables' ancestor sets (SearchTables::words > 0); 0 without them.
class ClosureBounds {
 public:
  // `unplaced`: the unplaced tasks as a bit set of tables.words words; `eft`, `est`: each
  // unplaced task's earliest finish and start in the partial schedule.
  double operator()(const SearchTables& tables, const LoadProfile& profile, std::span<const std::uint64_t> unplaced,
                    std::span<const double> eft, std::span<const double> est);

 private:
  double split_ancestors(const SearchTables& tables, const LoadProfile& profile, std::span<const std::uint64_t> unplaced,
                         std::span<const double> eft, std::span<const double> est, int x);
  struct Apart {
    double ready, gap;  // its earliest end + crossing to x; crossing alone
    int task;
  };
  std::vector<Apart> ancestors_;
  std::vector<double> eft_, est_;  // the callers' earliest finishes and starts, raised as tasks are bounded
  std::vector<double> suffix_load_, suffix_gap_;
};

}  // namespace mpnsim
