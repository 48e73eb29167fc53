// Hierarchical Balancing Method (Reeves et al.), thesis §5.1.4.
#include <algorithm>
#include <numeric>

#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// The thesis on LET: "the hierarchy level starts from the bottom ... in the separate domains,
// father and the two children migrate tasks from overloaded to underloaded processors ... till
// the whole network is balanced". A domain is a processor and its children: its spawn targets
// (L and R where defined, else its neighbours) one level deeper in TreeNetwork::depth (the
// topology's levels, or hops from P0). Domains are balanced from the deepest father up to P0
// (ties: lower index): inside a domain the most loaded member gives half the difference to the
// least loaded one it has a link to, until no linked pair differs by two or more.
class HierarchicalBalancing : public TreeScheduler {
 public:
  HierarchicalBalancing(const TreeNetwork& net, int passes, bool min_distance)
      : net_(net), passes_(passes), min_distance_(min_distance) {
    const int n = net.size();
    std::vector<int> fathers(static_cast<std::size_t>(n));
    std::iota(fathers.begin(), fathers.end(), 0);
    std::stable_sort(fathers.begin(), fathers.end(), [&](int a, int b) { return net.depth(a) > net.depth(b); });
    for (int f : fathers) {
      std::vector<int> domain{f};
      for (int c : net.spawn_targets(f))
        if (net.depth(c) == net.depth(f) + 1 && std::find(domain.begin(), domain.end(), c) == domain.end())
          domain.push_back(c);
      if (domain.size() > 1) domains_.push_back(std::move(domain));
    }
  }

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    LevelAssignment a(net_.size(), parent_processor);
    for (int pass = 0; pass < passes_; ++pass)
      for (const auto& d : domains_) balance(a, d);
    return a.placement(parent_processor);
  }

 private:
  void balance(LevelAssignment& a, std::vector<int> members) {
    for (bool progress = true; progress;) {
      progress = false;
      std::stable_sort(members.begin(), members.end(), [&](int x, int y) { return a.load(x) > a.load(y); });
      for (std::size_t i = 0; i < members.size() && !progress; ++i)
        for (std::size_t j = members.size(); j-- > i + 1 && !progress;) {
          const int h = members[i], l = members[j];
          const int give = (a.load(h) - a.load(l)) / 2;
          if (give > 0 && net_.adjacent(h, l)) progress = a.move(net_, h, l, give, min_distance_) > 0;
        }
    }
  }

  const TreeNetwork& net_;
  int passes_;
  bool min_distance_;
  std::vector<std::vector<int>> domains_;
};

}  // namespace

TreeSchedulerEntry hierarchical_balancing_scheduler() {
  return {"hbm",
          "Hierarchical Balancing Method, thesis §5.1.4: domains of a father and its children (L/R one level "
          "down), balanced bottom-up to the root",
          {ParamSpec{"passes", ParamType::integer, "1", "bottom-up passes per level", 1, 1'000'000, {}},
           detail::min_distance_param()},
          [](const TreeNetwork& net, const ParamSet& p) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<HierarchicalBalancing>(net, static_cast<int>(p.integer("passes")),
                                                           p.boolean("min_distance"));
          }};
}

}  // namespace mpnsim
