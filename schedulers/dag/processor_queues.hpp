// Per processor, the ready tasks of the contention-free pairs loop (ETF, DLS-pairs) by when they could start there.
#pragma once

#include <cstddef>
#include <vector>

namespace mpnsim::detail {

// In the free model a ready task's data-ready time dr(t, q) on each processor q is fixed (its
// predecessors are placed), and q's free time TF(q) only grows, so the pair (t, q) starts at
// max(dr, TF(q)) and is ranked by that start less an offset of t, then by a rank of t (the
// order of the tasks among pairs of equal value). Each processor keeps its ready tasks in two
// heaps: those whose data are there by TF(q), which all start at TF(q) and so go by rank alone,
// and the others by dr - offset, then rank. As TF(q) grows, tasks move from the second to the
// first, each once. Placed tasks are dropped lazily (when they come up, or when the heaps hold
// too many of them). The least pair of q then comes from the tops of its two heaps: O(log R)
// per task and processor in all, where looking again at every ready task of q after each
// placement there was O(R P) per placement (R ready tasks, P processors).
class ProcessorQueues {
 public:
  // The least pair of a processor: its value (start - offset), the task's rank, the start.
  struct Least {
    double value = 0;
    int rank = -1;  // -1: no ready task
    double start = 0;
  };

  // `rank_of` and `task_of` translate between tasks and their ranks; `offsets` one per task or
  // empty (none); `placed` is consulted through the caller's is_placed callback below.
  ProcessorQueues(int processors, std::vector<int> task_of, std::vector<double> offsets);

  // Task (of rank `rank`) becomes ready; `ready[q]` is its data-ready time on each processor,
  // `free[q]` each processor's free time now.
  void add(int rank, const std::vector<double>& ready, const std::vector<double>& free);
  // Processor q's free time grew to `free`: its tasks whose data are there by then move.
  void freed(int q, double free, const std::vector<bool>& placed);
  // The least pair of q (placed tasks, by rank, skipped); `live` ready tasks in all, for
  // keeping the heaps within a few times that.
  Least least(int q, double free, const std::vector<bool>& placed, std::size_t live);

  // For bounds rather than times (the contention-aware loop): takes q's least pair out (as
  // least() finds it) and returns its rank and data-ready time; add_one puts a pair back. With
  // offsets, a pair taken from the second heap leaves its copy in the order of dr behind, which
  // may later put it in the first heap too: a pair may then be held twice or more (once per
  // add_one since the heaps were last compacted), each copy with a lower bound of its own, the
  // caller seeing it more than once. Compacting keeps one copy of each in each heap.
  struct Taken {
    int rank;
    double ready;
  };
  Taken take(int q, double free, const std::vector<bool>& placed, std::size_t live);
  void add_one(int q, int rank, double ready, double free);
  // The entries q's heaps hold, placed tasks and copies included (for tests: within a few
  // times the ready tasks, however often pairs are put back).
  std::size_t held(int q) const;

 private:
  struct Later {
    double value, ready;
    int rank;
  };
  double offset(int rank) const;
  void compact(int q, double free, const std::vector<bool>& placed);
  std::vector<int> task_of_;          // by rank
  std::vector<double> offsets_;       // by task, or empty
  std::vector<std::vector<int>> now_;     // per processor: ranks of tasks with data there by its free time
  std::vector<std::vector<Later>> later_;  // per processor: the others, by (value, rank)
  // With offsets, the order of later_ is not that of dr: the same tasks by (dr, rank) too,
  // to move them when the free time passes dr. Without, later_ serves (value == dr).
  std::vector<std::vector<Later>> arrive_;
  bool taken_ = false;  // whether take() was used: only then can a pair be held more than twice
};

}  // namespace mpnsim::detail
