// The ready-set loop shared by ETF, Min-Min, Max-Min and DLS-pairs.
#include "schedulers/dag/ready_pairs.hpp"

#include <algorithm>
#include <limits>

#include "schedulers/dag/schedule_builder.hpp"

namespace mpnsim {

namespace {

// A ready task, its best pair when last looked at, and a lower bound on its key then and
// after any later placement.
struct ReadyEntry {
  ReadyPair pair;
  double bound;
};

}  // namespace

Schedule schedule_ready_pairs(const DagProblem& problem, std::string name, PairKey key, const PairOrder& before,
                              PairRanking ranking, const std::vector<double>& offsets) {
  const TaskGraph& g = problem.graph;
  ScheduleBuilder b(problem, std::move(name));
  const bool by_finish = key == PairKey::finish;
  auto look_at = [&](int t) {
    const ScheduleBuilder::Choice c = b.best_processor(t, by_finish, false);
    return ReadyEntry{ReadyPair{t, c.processor, c.start, c.finish}, c.bound};
  };
  // What least_key_first ranks by, and its bound: the key less the task's offset (a
  // subtraction keeps the order of the keys, so a bound on the key gives one on this).
  auto offset = [&](int t) { return offsets.empty() ? 0.0 : offsets[static_cast<std::size_t>(t)]; };
  auto value_of = [&](const ReadyPair& r) { return (by_finish ? r.finish : r.start) - offset(r.task); };
  auto bound_of = [&](const ReadyEntry& e) { return e.bound - offset(e.pair.task); };
  const bool by_bounds = ranking == PairRanking::least_key_first && b.placements_interact();
  constexpr double kNotLooked = -std::numeric_limits<double>::infinity();
  std::vector<ReadyEntry> ready;
  std::vector<std::size_t> by_bound;  // scratch: indices of `ready` by bound
  std::vector<int> waiting(static_cast<std::size_t>(g.size()));
  auto became_ready = [&](int t) {
    if (by_bounds)
      ready.push_back({ReadyPair{t, 0, 0, 0}, kNotLooked});  // looked at when its bound is reached
    else
      ready.push_back(look_at(t));
  };
  for (int t = 0; t < g.size(); ++t) {
    waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[static_cast<std::size_t>(t)] == 0) became_ready(t);
  }
  while (!ready.empty()) {
    std::size_t pick = 0;
    if (by_bounds) {
      by_bound.resize(ready.size());
      for (std::size_t i = 0; i < ready.size(); ++i) by_bound[i] = i;
      std::sort(by_bound.begin(), by_bound.end(), [&](std::size_t x, std::size_t y) {
        const double bx = bound_of(ready[x]), by = bound_of(ready[y]);
        return bx != by ? bx < by : x < y;
      });
      bool found = false;
      for (const std::size_t i : by_bound) {
        // A pair whose bound passes the best value found cannot go first: its value is larger.
        if (found && bound_of(ready[i]) > value_of(ready[pick].pair)) break;
        ready[i] = look_at(ready[i].pair.task);
        if (!found || before(ready[i].pair, ready[pick].pair)) pick = i;
        found = true;
      }
    } else {
      for (std::size_t i = 1; i < ready.size(); ++i)
        if (before(ready[i].pair, ready[pick].pair)) pick = i;
    }
    const ReadyPair chosen = ready[pick].pair;
    ready[pick] = ready.back();
    ready.pop_back();
    b.place(chosen.task, chosen.processor, chosen.start);
    // Placing a task delays only its processor, unless messages contend for the network:
    // then any ready task's data may now arrive later anywhere (looked at again above, as its
    // bound is reached, or here).
    if (!by_bounds)
      for (auto& r : ready)
        if (r.pair.processor == chosen.processor || b.placements_interact()) r = look_at(r.pair.task);
    for (int e : g.out_edges(chosen.task))
      if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) became_ready(g.edge(e).to);
  }
  return b.take();
}

}  // namespace mpnsim
