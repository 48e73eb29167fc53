// A task tree numbered breadth first, as it unfolds level by level (thesis §4.5.1, SPEC §4).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace mpnsim {

// Largest tree any generator or reader builds (complete binary depth 21 fits): a task costs
// some 40 bytes across the tree, its placement and the per-level tables.
inline constexpr std::int64_t kMaxTreeTasks = std::int64_t{1} << 22;

// Task 0 is the root. Tasks are numbered level by level; inside a level in the order of their
// parents, and the children of a task are consecutive. So level k is the index range
// [level_begin(k), level_end(k)) and the children of t are [first_child(t), first_child(t) + children(t)).
class TaskTree {
 public:
  // The tree whose task i (breadth-first order) has child_counts[i] children. Throws
  // std::invalid_argument when the counts do not describe one tree (a negative count, more
  // children than tasks, or tasks left over).
  static TaskTree from_child_counts(std::span<const int> child_counts);
  // The same, keeping the given counts as the tree's own (no copy: a 4 M-task tree's is 16 MB).
  static TaskTree from_child_counts(std::vector<int>&& child_counts);

  int size() const { return static_cast<int>(parent_.size()); }
  // Levels 0..levels()-1 all hold at least one task.
  int levels() const { return static_cast<int>(level_start_.size()) - 1; }
  int level_begin(int level) const { return level_start_[static_cast<std::size_t>(level)]; }
  int level_end(int level) const { return level_start_[static_cast<std::size_t>(level) + 1]; }
  int level_size(int level) const { return level_end(level) - level_begin(level); }
  int level_of(int task) const { return level_[static_cast<std::size_t>(task)]; }

  int parent(int task) const { return parent_[static_cast<std::size_t>(task)]; }  // -1 for the root
  int first_child(int task) const { return first_child_[static_cast<std::size_t>(task)]; }
  int children(int task) const { return child_count_[static_cast<std::size_t>(task)]; }
  bool is_leaf(int task) const { return children(task) == 0; }
  int internal_tasks() const;  // tasks with at least one child

  std::span<const int> parents() const { return parent_; }
  std::span<const int> child_counts() const { return child_count_; }

 private:
  std::vector<int> parent_, first_child_, child_count_, level_, level_start_;
};

// Children per task in breadth-first order, from parent indices in any numbering (parents[i]
// is the parent of task i, -1 for the root; siblings keep their relative order). Throws
// std::invalid_argument unless there is exactly one root and every task lies below it.
std::vector<int> breadth_first_child_counts(std::span<const int> parents);

}  // namespace mpnsim
