// Minimum-Load scheduling (Reddy), thesis §5.1.2, with the two readings of when loads are known.
#include <string>

#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// Each spawned task goes to whichever of L(P), R(P) and P itself has the least active load
// (level-k tasks); ties go to the first in that order. General rule where P has no L/R
// targets: the candidates are P's neighbours in index order, then P.
//
// Thesis §5.1.2: "The approach is to exchange the information with the immediate neighbours
// before scheduling a task." Two readings of that sentence:
// - per-task (default): the loads are exchanged before each task, so a processor sees the
//   placements of the tasks scheduled before it, in breadth-first order;
// - per-level: neighbours exchange their loads once, before the level's tasks are scheduled,
//   so every task of a processor sees the same snapshot: the level's tasks as spawned, each on
//   its parent's processor (the zero-distance schedule). A processor then sends all of its
//   spawned tasks to the one candidate that looked lightest.
class MinimumLoad : public TreeScheduler {
 public:
  MinimumLoad(const TreeNetwork& net, bool per_level) : net_(net), per_level_(per_level) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    const std::size_t n = static_cast<std::size_t>(net_.size());
    std::vector<int> active(n, 0);  // the level's tasks placed so far
    std::vector<int> snapshot(n, 0);
    if (per_level_)
      for (int p : parent_processor) ++snapshot[static_cast<std::size_t>(p)];
    const std::vector<int>& seen = per_level_ ? snapshot : active;
    std::vector<int> out;
    out.reserve(parent_processor.size());
    for (int p : parent_processor) {
      int best = -1;
      auto consider = [&](int q) {
        if (best < 0 || seen[static_cast<std::size_t>(q)] < seen[static_cast<std::size_t>(best)]) best = q;
      };
      for (int q : net_.spawn_targets(p)) consider(q);
      consider(p);
      ++active[static_cast<std::size_t>(best)];
      out.push_back(best);
    }
    return out;
  }

 private:
  const TreeNetwork& net_;
  bool per_level_;
};

}  // namespace

TreeSchedulerEntry minimum_load_scheduler() {
  return {"ml",
          "Minimum-Load, thesis §5.1.2: each spawned task goes to the least actively loaded of L(P), R(P) and P "
          "(P's neighbours and P where the network has no L/R)",
          {ParamSpec{"information", ParamType::text, "per-task",
                     "when neighbours exchange loads (thesis §5.1.2, \"exchange the information with the immediate "
                     "neighbours before scheduling a task\"): per-task, before every task; per-level, once before "
                     "the level, so all tasks of a processor see the same snapshot",
                     0, 0, {"per-task", "per-level"}}},
          [](const TreeNetwork& net, const ParamSet& params) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<MinimumLoad>(net, params.text("information") == "per-level");
          }};
}

}  // namespace mpnsim
