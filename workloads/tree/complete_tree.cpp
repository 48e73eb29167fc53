// Complete k-ary task trees.
#include <utility>

#include <fmt/format.h>

#include "sim/parameters.hpp"
#include "workloads/tree/tree_generators.hpp"

namespace mpnsim {

std::int64_t complete_tree_size(int arity, int depth) {
  if (arity < 1) throw ParamError("arity", fmt::format("expected an integer >= 1, got {}", arity));
  if (depth < 0) throw ParamError("depth", fmt::format("expected an integer >= 0, got {}", depth));
  std::int64_t total = 0, width = 1;
  for (int k = 0; k <= depth; ++k, width *= arity) {
    total += width;
    if (total > kMaxTreeTasks) {
      // The size asked for, in floating point (it may not fit in 64 bits).
      double all = 0, w = 1;
      for (int j = 0; j <= depth; ++j, w *= arity) all += w;
      throw ParamError("depth", fmt::format("a complete {}-ary tree of depth {} has {:.3g} tasks, about {:.3g} GiB "
                                            "at ~64 bytes a task while placed; mpnsim places at most {} tasks",
                                            arity, depth, all, all * 64 / (1 << 30), kMaxTreeTasks));
    }
  }
  return total;
}

TaskTree complete_tree(int arity, int depth) {
  const std::int64_t total = complete_tree_size(arity, depth);
  // Every level but the last has children: total - arity^depth tasks.
  std::int64_t last = 1;
  for (int k = 0; k < depth; ++k) last *= arity;
  std::vector<int> counts(static_cast<std::size_t>(total), 0);
  const std::int64_t inner = total - last;
  for (std::int64_t i = 0; i < inner; ++i) counts[static_cast<std::size_t>(i)] = arity;
  return TaskTree::from_child_counts(std::move(counts));
}

}  // namespace mpnsim
