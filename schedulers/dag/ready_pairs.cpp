// The ready-set loop shared by ETF, Min-Min and Max-Min.
#include "schedulers/dag/ready_pairs.hpp"

#include <limits>

#include "schedulers/dag/schedule_builder.hpp"

namespace mpnsim {

Schedule schedule_ready_pairs(const DagProblem& problem, std::string name, PairKey key, const PairChoice& choose) {
  const TaskGraph& g = problem.graph;
  ScheduleBuilder b(problem, std::move(name));
  auto best_pair = [&](int t) {
    const ScheduleBuilder::Choice c = b.best_processor(t, key == PairKey::finish, false);
    return ReadyPair{t, c.processor, c.start, c.finish};
  };
  std::vector<ReadyPair> ready;
  std::vector<int> waiting(static_cast<std::size_t>(g.size()));
  for (int t = 0; t < g.size(); ++t) {
    waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[static_cast<std::size_t>(t)] == 0) ready.push_back(best_pair(t));
  }
  while (!ready.empty()) {
    const std::size_t pick = choose(ready);
    const ReadyPair chosen = ready[pick];
    ready[pick] = ready.back();
    ready.pop_back();
    b.place(chosen.task, chosen.processor, chosen.start);
    // Placing a task delays only its processor, unless messages contend for the network:
    // then any ready task's data may now arrive later anywhere.
    for (auto& r : ready)
      if (r.processor == chosen.processor || b.placements_interact()) r = best_pair(r.task);
    for (int e : g.out_edges(chosen.task))
      if (--waiting[static_cast<std::size_t>(g.edge(e).to)] == 0) ready.push_back(best_pair(g.edge(e).to));
  }
  return b.take();
}

}  // namespace mpnsim
