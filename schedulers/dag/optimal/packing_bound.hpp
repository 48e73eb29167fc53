// Whole-time packing test of the exact search: can the unplaced tasks fit in the processors' rooms
// when every time is a whole number of steps?
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "schedulers/dag/optimal/search_bounds.hpp"

namespace mpnsim {

// The load bound shares the remaining work at will. When every task takes the same whole number of
// steps on every processor, a processor with room R (time between when it can start more work and
// the target end) holds at most the largest sum of unplaced tasks' times that is at most R: a room
// smaller than every unplaced task holds nothing. If these largest sums, added over the
// processors, fall short of the unplaced work, no completion ends by the target. (Each room's sum
// is taken over all unplaced tasks, so a task may count in several rooms: a relaxation, so sound.)
// This is what rules out the last unit of a packing of whole works that the load bound leaves open.
class PackingBound {
 public:
  // Applies when the instance has a time step (time_lattice.hpp) and each task's time is one
  // whole number of steps on every processor.
  PackingBound(const SearchTables& tables, double step);

  bool applies() const { return applies_; }

  // Whether the tasks can still fit: each processor p free from committed[p] on, everything done
  // by `target` (a makespan on the grid). False proves that no completion ends by `target`.
  // `unplaced` lists the tasks still to place (each counted once).
  bool fits(std::span<const double> committed, double target, std::span<const int> unplaced);

 private:
  bool applies_ = false;
  double step_ = 0;
  std::vector<int> size_;              // per task, its time in steps
  std::vector<std::uint64_t> reach_;   // bit k: some set of unplaced tasks takes k steps
  std::vector<long> rooms_;
};

}  // namespace mpnsim
