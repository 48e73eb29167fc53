// Minimum Distance Scheduling, the literal reading of thesis §4.4 (SPEC §4).
#include <algorithm>

#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// ZDS, then IL = ceil(total / N); in each iteration donors (load > IL) in a descending queue
// (ties: lower index first), the others are acceptors. Each donor gives
// min(load - IL, IL - acceptor load) tasks to its best acceptor among its direct neighbours
// only (the lowest load, ties to the lower index), loads updated at once. The donors' tasks
// all sit on their parent's processor, so every move is one hop: MDS never violates the
// minimum-distance property. On the complete ternary tree on LET-6 this gives the rows
// 111000, 222111, 555444, 14 14 14 13 13 13, 41 41 41 40 40 40 and Table 4.1's LIFs.
class Mds : public TreeScheduler {
 public:
  Mds(const TreeNetwork& net, int iterations) : net_(net), iterations_(iterations) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    LevelAssignment a(net_.size(), parent_processor);
    const int il = rounded_ideal_load(a);
    const int n = net_.size();
    for (int it = 0; it < iterations_; ++it) {
      std::vector<int> donors;
      std::vector<char> acceptor(static_cast<std::size_t>(n), 0);
      for (int p = 0; p < n; ++p) {
        if (a.load(p) > il) donors.push_back(p);
        else acceptor[static_cast<std::size_t>(p)] = 1;
      }
      std::stable_sort(donors.begin(), donors.end(), [&](int x, int y) { return a.load(x) > a.load(y); });
      for (int d : donors) {
        int best = -1;  // the minimum-distance acceptor of highest priority (lowest load)
        for (int q : net_.neighbours(d))
          if (acceptor[static_cast<std::size_t>(q)] && (best < 0 || a.load(q) < a.load(best))) best = q;
        if (best < 0) continue;
        const int amount = std::min(a.load(d) - il, il - a.load(best));
        if (amount > 0) a.move(net_, d, best, amount, true);
      }
    }
    return a.placement(parent_processor);
  }

 private:
  const TreeNetwork& net_;
  int iterations_;
};

}  // namespace

TreeSchedulerEntry mds_scheduler() {
  return {"mds",
          "Minimum Distance Scheduling, thesis §4.4 read literally: ZDS, IL = ceil(total/N), each donor gives its "
          "excess to its least-loaded adjacent acceptor, two iterations",
          {ParamSpec{"iterations", ParamType::integer, "2", "donor/acceptor iterations per level (the thesis: 2)", 1,
                     1'000'000, {}}},
          [](const TreeNetwork& net, const ParamSet& p) -> std::unique_ptr<TreeScheduler> {
            return std::make_unique<Mds>(net, static_cast<int>(p.integer("iterations")));
          }};
}

}  // namespace mpnsim
