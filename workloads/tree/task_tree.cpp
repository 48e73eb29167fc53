// Task tree: breadth-first numbering, levels and children ranges.
#include "workloads/tree/task_tree.hpp"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace mpnsim {

TaskTree TaskTree::from_child_counts(std::span<const int> child_counts) {
  return from_child_counts(std::vector<int>(child_counts.begin(), child_counts.end()));
}

TaskTree TaskTree::from_child_counts(std::vector<int>&& counts) {
  const std::span<const int> child_counts = counts;
  const std::size_t n = child_counts.size();
  if (n == 0) throw std::invalid_argument("a task tree needs at least its root");
  if (static_cast<std::int64_t>(n) > kMaxTreeTasks)
    throw std::invalid_argument(fmt::format("a task tree holds at most {} tasks, not {}", kMaxTreeTasks, n));
  TaskTree t;
  t.parent_.assign(n, -1);
  t.first_child_.assign(n, 0);
  t.level_.assign(n, 0);
  t.level_start_ = {0};
  std::size_t next = 1;  // the next task to be handed out as a child
  for (std::size_t i = 0; i < n; ++i) {
    if (i >= next)
      throw std::invalid_argument(fmt::format("task {} has no parent: the counts describe a forest", i));
    const int c = child_counts[i];
    if (c < 0) throw std::invalid_argument(fmt::format("task {} has a negative number of children", i));
    if (static_cast<std::size_t>(c) > n - next)
      throw std::invalid_argument(fmt::format("task {} has {} children but only {} tasks are left", i, c, n - next));
    t.first_child_[i] = static_cast<int>(next);
    for (int k = 0; k < c; ++k, ++next) {
      t.parent_[next] = static_cast<int>(i);
      t.level_[next] = t.level_[i] + 1;
    }
  }
  if (next != n) throw std::invalid_argument(fmt::format("{} tasks are nobody's children", n - next));
  // Breadth-first numbering puts levels in non-decreasing order.
  for (std::size_t i = 1; i < n; ++i)
    if (t.level_[i] != t.level_[i - 1]) t.level_start_.push_back(static_cast<int>(i));
  t.level_start_.push_back(static_cast<int>(n));
  t.child_count_ = std::move(counts);
  return t;
}

int TaskTree::internal_tasks() const {
  int k = 0;
  for (int c : child_count_) k += c > 0;
  return k;
}

std::vector<int> breadth_first_child_counts(std::span<const int> parents) {
  const int n = static_cast<int>(parents.size());
  if (n == 0) throw std::invalid_argument("no tasks");
  std::vector<std::vector<int>> kids(static_cast<std::size_t>(n));
  int root = -1;
  for (int i = 0; i < n; ++i) {
    const int p = parents[static_cast<std::size_t>(i)];
    if (p == -1) {
      if (root >= 0) throw std::invalid_argument(fmt::format("tasks {} and {} are both roots", root, i));
      root = i;
    } else if (p < 0 || p >= n) {
      throw std::invalid_argument(fmt::format("task {} names parent {}, which does not exist", i, p));
    } else {
      kids[static_cast<std::size_t>(p)].push_back(i);
    }
  }
  if (root < 0) throw std::invalid_argument("no root (no task without a parent)");
  std::vector<int> order{root}, counts;
  order.reserve(static_cast<std::size_t>(n));
  counts.reserve(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto& c = kids[static_cast<std::size_t>(order[k])];
    counts.push_back(static_cast<int>(c.size()));
    order.insert(order.end(), c.begin(), c.end());
  }
  if (static_cast<int>(order.size()) != n)
    throw std::invalid_argument(fmt::format("{} tasks are not below the root (their parents form a cycle)",
                                            n - static_cast<int>(order.size())));
  return counts;
}

}  // namespace mpnsim
