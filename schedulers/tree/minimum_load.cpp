// Minimum-Load scheduling (Reddy), thesis §5.1.2.
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// Each spawned task goes to whichever of L(P), R(P) and P itself has the least active load
// (tasks of the current level placed so far); ties go to the first in that order. Tasks are
// placed one at a time in breadth-first order. General rule where P has no L/R targets: the
// candidates are P's neighbours in index order, then P.
class MinimumLoad : public TreeScheduler {
 public:
  explicit MinimumLoad(const TreeNetwork& net) : net_(net) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    std::vector<int> active(static_cast<std::size_t>(net_.size()), 0);
    std::vector<int> out;
    out.reserve(parent_processor.size());
    for (int p : parent_processor) {
      int best = -1;
      auto consider = [&](int q) {
        if (best < 0 || active[static_cast<std::size_t>(q)] < active[static_cast<std::size_t>(best)]) best = q;
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
};

}  // namespace

TreeSchedulerEntry minimum_load_scheduler() {
  return {"ml",
          "Minimum-Load, thesis §5.1.2: each spawned task goes to the least actively loaded of L(P), R(P) and P "
          "(P's neighbours and P where the network has no L/R)",
          {},
          [](const TreeNetwork& net, const ParamSet&) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<MinimumLoad>(net);
          }};
}

}  // namespace mpnsim
