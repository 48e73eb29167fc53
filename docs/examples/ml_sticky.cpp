// Example of docs/extending.md: a task-tree scheduler variant, Minimum-Load that keeps ties local.
//
// Thesis §5.1.2's ML sends each spawned task to the least actively loaded of L(P), R(P) and P,
// ties going to L, then R, then P. This variant looks at P first and moves a task only when a
// target's load is below P's by more than `slack` tasks: slack 0 is ML with ties kept at home,
// a large slack keeps every task on its parent's processor.
#include <memory>

#include "schedulers/tree/tree_scheduler.hpp"

namespace mpnsim {

namespace {

class MinimumLoadSticky : public TreeScheduler {
 public:
  MinimumLoadSticky(const TreeNetwork& net, std::int64_t slack) : net_(net), slack_(slack) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    // Active load: tasks of this level placed so far on each processor.
    std::vector<std::int64_t> active(static_cast<std::size_t>(net_.size()), 0);
    std::vector<int> out;
    out.reserve(parent_processor.size());
    for (int p : parent_processor) {
      int best = p;
      for (int q : net_.spawn_targets(p)) {
        const auto load_q = active[static_cast<std::size_t>(q)];
        const bool clearly_lighter_than_parent = load_q + slack_ < active[static_cast<std::size_t>(p)];
        if (clearly_lighter_than_parent && load_q < active[static_cast<std::size_t>(best)]) best = q;
      }
      ++active[static_cast<std::size_t>(best)];
      out.push_back(best);
    }
    return out;
  }

 private:
  const TreeNetwork& net_;
  std::int64_t slack_;
};

}  // namespace

TreeSchedulerEntry ml_sticky_scheduler() {
  return {"ml-sticky",
          "Minimum-Load keeping ties on the parent's processor: a task moves only to a target lighter than "
          "the parent's processor by more than `slack` tasks (example of docs/extending.md)",
          {ParamSpec{"slack", ParamType::integer, "0",
                     "how many tasks lighter a target must be than the parent's processor before a task moves", 0,
                     1e9, {}}},
          [](const TreeNetwork& net, const ParamSet& params) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<MinimumLoadSticky>(net, params.integer("slack"));
          }};
}

}  // namespace mpnsim
