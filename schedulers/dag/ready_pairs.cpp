// The ready-set loop shared by ETF, Min-Min, Max-Min and DLS-pairs.
#include "schedulers/dag/ready_pairs.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

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
  std::vector<int> waiting(static_cast<std::size_t>(g.size()));
  if (by_bounds) {
    // The ready tasks in a heap by bound, least first. Each step takes them out in that order,
    // looks at each, and stops once a bound passes the best value found: the rest cannot go
    // first. Those looked at go back with their new bounds. The pick is the least pair by
    // `before` of all of them, whatever order they are looked at in, as `before` ranks by
    // value first. (A sort of every ready task each step was most of ETF's time.)
    constexpr double kNotLooked = -std::numeric_limits<double>::infinity();
    std::vector<ReadyEntry> entry(static_cast<std::size_t>(g.size()));
    using Bound = std::pair<double, int>;  // (bound_of, task)
    std::vector<Bound> heap;
    const auto later = std::greater<Bound>();
    std::vector<int> looked;
    auto became_ready = [&](int t) {
      entry[static_cast<std::size_t>(t)] = {ReadyPair{t, 0, 0, 0}, kNotLooked};  // looked at when its bound is reached
      heap.emplace_back(kNotLooked, t);
      std::push_heap(heap.begin(), heap.end(), later);
    };
    for (int t = 0; t < g.size(); ++t) {
      waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
      if (waiting[static_cast<std::size_t>(t)] == 0) became_ready(t);
    }
    while (!heap.empty()) {
      looked.clear();
      int pick = -1;
      while (!heap.empty()) {
        const int t = heap.front().second;
        // A pair whose bound passes the best value found cannot go first: its value is larger.
        if (pick >= 0 && heap.front().first > value_of(entry[static_cast<std::size_t>(pick)].pair)) break;
        std::pop_heap(heap.begin(), heap.end(), later);
        heap.pop_back();
        entry[static_cast<std::size_t>(t)] = look_at(t);
        looked.push_back(t);
        if (pick < 0 || before(entry[static_cast<std::size_t>(t)].pair, entry[static_cast<std::size_t>(pick)].pair))
          pick = t;
      }
      for (const int t : looked)
        if (t != pick) {
          heap.emplace_back(bound_of(entry[static_cast<std::size_t>(t)]), t);
          std::push_heap(heap.begin(), heap.end(), later);
        }
      const ReadyPair chosen = entry[static_cast<std::size_t>(pick)].pair;
      b.place(chosen.task, chosen.processor, chosen.start);
      for (int e : g.out_edges(chosen.task))
        if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) became_ready(g.edge(e).to);
    }
    return b.take();
  }
  std::vector<ReadyEntry> ready;
  auto became_ready = [&](int t) { ready.push_back(look_at(t)); };
  for (int t = 0; t < g.size(); ++t) {
    waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[static_cast<std::size_t>(t)] == 0) became_ready(t);
  }
  while (!ready.empty()) {
    std::size_t pick = 0;
    for (std::size_t i = 1; i < ready.size(); ++i)
      if (before(ready[i].pair, ready[pick].pair)) pick = i;
    const ReadyPair chosen = ready[pick].pair;
    ready[pick] = ready.back();
    ready.pop_back();
    b.place(chosen.task, chosen.processor, chosen.start);
    // Placing a task delays only its processor, unless messages contend for the network
    // (Max-Min under contention): then any ready task's data may now arrive later anywhere.
    for (auto& r : ready)
      if (r.pair.processor == chosen.processor || b.placements_interact()) r = look_at(r.pair.task);
    for (int e : g.out_edges(chosen.task))
      if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) became_ready(g.edge(e).to);
  }
  return b.take();
}

}  // namespace mpnsim
