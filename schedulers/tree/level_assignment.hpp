// One level's tasks counted by where they sit and where their parents sit, for balancing schedulers.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "schedulers/tree/tree_network.hpp"

namespace mpnsim {

// Starts from the zero-distance schedule (thesis §4.4: every task on its parent's processor).
// Tasks of a level are interchangeable for balancing except for where their parent runs, so a
// processor's tasks are kept as counts per parent processor ("origin").
class LevelAssignment {
 public:
  LevelAssignment(int processors, std::span<const int> parent_processor);

  int load(int p) const { return load_[static_cast<std::size_t>(p)]; }
  std::span<const int> loads() const { return load_; }
  int total() const { return total_; }
  int processors() const { return static_cast<int>(load_.size()); }

  // Tasks on `from` that may go to `to`: with keep_min_distance, those whose parent's
  // processor is `to` or one hop from it (thesis §4.2); otherwise all of them.
  int movable(const TreeNetwork& net, int from, int to, bool keep_min_distance) const;
  // Moves up to n of them and returns how many moved. Tasks going back to their parent's
  // processor go first, then those staying within one hop, lowest origin first; without
  // keep_min_distance the others follow.
  int move(const TreeNetwork& net, int from, int to, int n, bool keep_min_distance);

  // The processor of each task, in the order of the constructor's span: each origin's tasks
  // are handed out to their processors in index order.
  std::vector<int> placement(std::span<const int> parent_processor) const;

 private:
  // Per processor: (origin, count) sorted by origin, counts > 0.
  std::vector<std::vector<std::pair<int, int>>> by_origin_;
  std::vector<int> load_;
  int total_ = 0;
};

// Ideal load per processor as MDS counts it (thesis §4.4): IL = ceil(total / N).
int rounded_ideal_load(const LevelAssignment& level);

}  // namespace mpnsim
