// Dimension Exchange Method (Reeves et al.), thesis §5.1.3.
#include <algorithm>

#include "schedulers/tree/dimension_rounds.hpp"
#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// ZDS, then the processors balance pairwise, one dimension (round) at a time
// (dimension_rounds.hpp): the heavier of a pair gives floor(difference / 2) tasks to the
// lighter, along the link between them. With min_distance (the thesis: donors pick tasks "based
// on task dependencies, thus maintaining minimum distance") only tasks that stay within one hop
// of their parent move, so a pair may end less balanced.
class DimensionExchange : public TreeScheduler {
 public:
  DimensionExchange(const TreeNetwork& net, int sweeps, bool min_distance)
      : net_(net), rounds_(dimension_rounds(net.topology())), sweeps_(sweeps), min_distance_(min_distance) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    LevelAssignment a(net_.size(), parent_processor);
    for (int s = 0; s < sweeps_; ++s)
      for (const auto& round : rounds_.rounds)
        for (auto [x, y] : round) {
          const int heavy = a.load(x) >= a.load(y) ? x : y, light = heavy == x ? y : x;
          const int give = (a.load(heavy) - a.load(light)) / 2;
          if (give > 0 && net_.adjacent(heavy, light)) a.move(net_, heavy, light, give, min_distance_);
        }
    return a.placement(parent_processor);
  }

 private:
  const TreeNetwork& net_;
  DimensionRounds rounds_;
  int sweeps_;
  bool min_distance_;
};

}  // namespace

TreeSchedulerEntry dimension_exchange_scheduler() {
  return {"dem",
          "Dimension Exchange Method, thesis §5.1.3: pairwise balancing one dimension at a time (hypercube bits; "
          "LET-6 as the thesis lists; elsewhere the rounds of a proper edge colouring)",
          {ParamSpec{"sweeps", ParamType::integer, "1", "passes over all the dimensions per level", 1, 1'000'000, {}},
           detail::min_distance_param()},
          [](const TreeNetwork& net, const ParamSet& p) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<DimensionExchange>(net, static_cast<int>(p.integer("sweeps")),
                                                       p.boolean("min_distance"));
          }};
}

}  // namespace mpnsim
