// Gradient Model (Lin and Keller, as Reeves et al. apply it), thesis §5.1.5.
#include <algorithm>

#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/tree_schedulers.hpp"
#include "sim/hop_distances.hpp"

namespace mpnsim {

namespace {

// Each round: IL = ceil(total / N); lightly loaded processors have load < IL. Every processor's
// proximity is its hop distance to the nearest lightly loaded one (a breadth-first search from
// all of them at once). Overloaded processors (load > IL), most loaded first, push their excess
// one hop down the gradient: to the neighbour of least proximity, if lower than their own, among those it may
// send tasks to (ties: lower index); a lightly loaded neighbour takes no more than it lacks. Rounds repeat until
// nothing moves (at most `rounds`, 0 = 4N). A task pushed on again must stay within one hop
// of its parent when min_distance holds.
class GradientModel : public TreeScheduler {
 public:
  GradientModel(const TreeNetwork& net, int rounds, bool min_distance)
      : net_(net), rounds_(rounds > 0 ? rounds : 4 * net.size()), min_distance_(min_distance) {
    // Distances *to* the light processors: search the reversed links, plus a virtual source
    // (index N) linked to every light processor.
    Adjacency in(static_cast<std::size_t>(net.size()) + 1);
    for (int p = 0; p < net.size(); ++p)
      for (int q : net.neighbours(p)) in[static_cast<std::size_t>(q)].push_back(p);
    reversed_ = std::move(in);
  }

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    LevelAssignment a(net_.size(), parent_processor);
    const int n = net_.size(), il = rounded_ideal_load(a);
    for (int round = 0; round < rounds_; ++round) {
      auto& source = reversed_[static_cast<std::size_t>(n)];
      source.clear();
      for (int p = 0; p < n; ++p)
        if (a.load(p) < il) source.push_back(p);
      if (source.empty()) break;
      const std::vector<int> dist = hop_distances(reversed_, n);
      auto proximity = [&](int p) {
        const int d = dist[static_cast<std::size_t>(p)];
        return d == kUnreachable ? n + 1 : d - 1;
      };
      std::vector<int> heavy;
      for (int p = 0; p < n; ++p)
        if (a.load(p) > il) heavy.push_back(p);
      std::stable_sort(heavy.begin(), heavy.end(), [&](int x, int y) { return a.load(x) > a.load(y); });
      bool moved = false;
      for (int p : heavy) {
        int best = -1;
        for (int q : net_.neighbours(p))
          if (proximity(q) < proximity(p) && (best < 0 || proximity(q) < proximity(best)) &&
              a.movable(net_, p, q, min_distance_) > 0)
            best = q;
        if (best < 0) continue;
        int amount = a.load(p) - il;
        if (a.load(best) < il) amount = std::min(amount, il - a.load(best));
        if (amount > 0 && a.move(net_, p, best, amount, min_distance_) > 0) moved = true;
      }
      if (!moved) break;
    }
    return a.placement(parent_processor);
  }

 private:
  const TreeNetwork& net_;
  int rounds_;
  bool min_distance_;
  Adjacency reversed_;  // reversed links, and at index N the virtual source of this round
};

}  // namespace

TreeSchedulerEntry gradient_model_scheduler() {
  return {"gm",
          "Gradient Model, thesis §5.1.5: each processor knows its distance to the nearest lightly loaded one; "
          "overloaded processors push their excess one hop down that gradient, round after round",
          {ParamSpec{"rounds", ParamType::integer, "0", "most rounds per level (0: 4N)", 0, 1'000'000, {}},
           detail::min_distance_param()},
          [](const TreeNetwork& net, const ParamSet& p) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<GradientModel>(net, static_cast<int>(p.integer("rounds")),
                                                   p.boolean("min_distance"));
          }};
}

}  // namespace mpnsim
