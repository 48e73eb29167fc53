// One direction of a task graph's adjacency in compressed sparse row form: for each task,
// the ids of its edges (leaving or entering it), in one offsets array and one ids array.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace mpnsim {

struct DagEdge;

class EdgeLists {
 public:
  // Which end of an edge a list belongs to.
  enum class End { from, to };

  // A task with no edges yet (its list is empty until the next build).
  void add_task() { offsets_.push_back(offsets_.back()); }
  void reserve(int tasks) { offsets_.reserve(static_cast<std::size_t>(tasks) + 1); }
  // Lists every edge under its `end` task, each list in edge-id order (a counting sort,
  // O(tasks + edges)), in arrays of exactly that size; every end must be below `tasks`.
  void build(int tasks, const std::vector<DagEdge>& edges, End end);

  // Cache hints for a list to be read soon: where it is, then (once that is near) the list.
  void prefetch_place(int task) const { __builtin_prefetch(&offsets_[static_cast<std::size_t>(task)]); }
  void prefetch_list(int task) const { __builtin_prefetch(ids_.data() + offsets_[static_cast<std::size_t>(task)]); }

  std::span<const int> of(int task) const {
    const auto t = static_cast<std::size_t>(task);
    return {ids_.data() + offsets_[t], ids_.data() + offsets_[t + 1]};
  }

 private:
  std::vector<int> offsets_{0};  // list of task t: ids_[offsets_[t], offsets_[t + 1])
  std::vector<int> ids_;
};

}  // namespace mpnsim
