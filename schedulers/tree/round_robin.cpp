// Round-Robin scheduling (Ravikanth et al.), thesis §5.1.1.
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// A processor hands the tasks it spawns alternately to its L and R link targets; the
// alternation carries over from one level to the next. On the binary de Bruijn network this
// maps a complete binary tree perfectly (thesis §5.1.1). General rule where a processor has no
// L/R targets (hypercube, mesh, ring, binary-tree leaves, ...): it cycles through all its
// neighbours in index order (TreeNetwork::spawn_targets). Tasks always go to a target, so none
// is ever more than one hop from its parent.
class RoundRobin : public TreeScheduler {
 public:
  explicit RoundRobin(const TreeNetwork& net) : net_(net), next_(static_cast<std::size_t>(net.size()), 0) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    std::vector<int> out;
    out.reserve(parent_processor.size());
    for (int p : parent_processor) {
      const auto targets = net_.spawn_targets(p);
      std::size_t& k = next_[static_cast<std::size_t>(p)];
      out.push_back(targets[k]);
      k = (k + 1) % targets.size();
    }
    return out;
  }

 private:
  const TreeNetwork& net_;
  std::vector<std::size_t> next_;
};

}  // namespace

TreeSchedulerEntry round_robin_scheduler() {
  return {"rr",
          "Round-Robin, thesis §5.1.1: spawned tasks go alternately to the L and R link targets (all neighbours "
          "in turn where the network has no L/R)",
          {},
          [](const TreeNetwork& net, const ParamSet&) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<RoundRobin>(net);
          }};
}

}  // namespace mpnsim
