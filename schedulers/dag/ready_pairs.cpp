// The ready-set loop shared by ETF, Min-Min, Max-Min and DLS-pairs.
#include "schedulers/dag/ready_pairs.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <utility>

#include "schedulers/dag/processor_queues.hpp"
#include "schedulers/dag/schedule_builder.hpp"

namespace mpnsim {

namespace {

// A ready task, its best pair when last looked at, and a lower bound on its key then and
// after any later placement.
struct ReadyEntry {
  ReadyPair pair;
  double bound;
};

// The (processor, task rank) pairs evaluated in one step of the contention-aware loop, to
// evaluate a pair held twice only once: open addressing, emptied by a new generation rather
// than by clearing. (A scan of the step's list was about a fifth of DLS-pairs' time at z = 1,
// where a step evaluates hundreds of pairs.)
class StepPairs {
 public:
  // Whether (q, rank) was not in yet; it is now.
  bool insert(int q, int rank) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(rank)) << 32) |
                              static_cast<std::uint32_t>(q);
    for (std::size_t i = slot_of(key);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& s = slots_[i];
      if (s.generation != generation_) {
        s = {key, generation_};
        ++size_;
        return true;
      }
      if (s.key == key) return false;
    }
  }
  void clear() {
    ++generation_;
    size_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint64_t generation = 0;
  };
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<Slot> old(slots_.size() < 64 ? 128 : 2 * slots_.size());
    old.swap(slots_);
    const std::uint64_t kept = generation_;
    ++generation_;  // the new slots (generation 0) are all empty
    size_ = 0;
    for (const Slot& s : old)
      if (s.generation == kept) {
        std::size_t i = slot_of(s.key);
        while (slots_[i].generation == generation_) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = {s.key, generation_};
        ++size_;
      }
  }
  std::vector<Slot> slots_;
  std::uint64_t generation_ = 1;
  std::size_t size_ = 0;
};

// The loop of a start-keyed least_key_first order (ETF, DLS-pairs), by ProcessorQueues. The
// order of the pairs is that of (value, rank, start, processor): `before` ranks by value first,
// then by an order of the tasks that does not depend on the start (ETF and DLS-pairs: the
// higher static level, then the earlier task), the rank here; a task's own pairs go by start,
// then the lowest index (best_processor), and of a task's pairs of equal value the one of least
// start has the least start. So the least of all pairs is the pick of looking at every ready
// task's best pair.
//
// In the free model the queues hold each pair's start itself: the least of the processors'
// least pairs is the pick, and each step looks only at the processor just used and those whose
// least pair was the task placed. With contention they hold lower bounds, max(a bound on the
// data-ready time, TF(q)), which later placements leave lower bounds (they only book more):
// the pairs are taken out least bound first and evaluated, one processor each, until a bound
// passes the least pair evaluated (the CELF argument: nothing left can go before it); those
// evaluated go back with their bounds.
void place_by_processor_queues(ScheduleBuilder& b, const PairOrder& before, const std::vector<double>& offsets) {
  const TaskGraph& g = b.problem().graph;
  const int procs = b.problem().processors();
  const bool exact = !b.placements_interact();
  const auto at = [](int i) { return static_cast<std::size_t>(i); };
  std::vector<int> task_of(at(g.size()));
  for (int t = 0; t < g.size(); ++t) task_of[at(t)] = t;
  std::sort(task_of.begin(), task_of.end(),
            [&](int x, int y) { return before(ReadyPair{x, 0, 0, 0}, ReadyPair{y, 0, 0, 0}); });
  std::vector<int> rank_of(at(g.size()));
  for (int r = 0; r < g.size(); ++r) rank_of[at(task_of[at(r)])] = r;
  auto offset = [&](int t) { return offsets.empty() ? 0.0 : offsets[at(t)]; };
  detail::ProcessorQueues queues(procs, task_of, offsets);
  using Least = detail::ProcessorQueues::Least;
  // (value, rank, start), then the processor: the order of the pairs; none (rank -1) last.
  auto earlier = [](const Least& x, int p, const Least& y, int q) {
    if (x.rank < 0 || y.rank < 0) return y.rank < 0 && x.rank >= 0;
    return x.value != y.value ? x.value < y.value
           : x.rank != y.rank ? x.rank < y.rank
           : x.start != y.start ? x.start < y.start
                                : p < q;
  };
  // Placed: out of the queues (dropped as they come up).
  std::vector<bool> gone(at(g.size()), false);
  std::vector<double> free(at(procs), 0.0), ready;
  std::vector<Least> least(at(procs));
  // With contention, the processors in a tree of minima by their least pairs (a leaf each, the
  // earlier index winning a tie as a scan in index order would): the least of them at the root,
  // a change of one in log P. (A scan of every processor for each pair taken out was a quarter
  // of DLS-pairs' time at z = 1, with some 700 pairs taken out a step on the 8-cube.) The free
  // model takes one pair a step: there a scan costs no more than keeping the tree.
  std::size_t leaves = 1;
  while (leaves < at(procs)) leaves *= 2;
  std::vector<int> winner(2 * leaves, -1);
  auto match = [&](int x, int y) {
    if (x < 0 || y < 0) return x < 0 ? y : x;
    return earlier(least[at(y)], y, least[at(x)], x) ? y : x;
  };
  auto rebuild = [&] {
    if (exact) return;
    for (std::size_t i = leaves - 1; i >= 1; --i) winner[i] = match(winner[2 * i], winner[2 * i + 1]);
  };
  for (int q = 0; q < procs; ++q) winner[leaves + at(q)] = q;
  rebuild();
  auto changed = [&](int q) {
    if (exact) return;
    for (std::size_t i = (leaves + at(q)) / 2; i >= 1; i /= 2) winner[i] = match(winner[2 * i], winner[2 * i + 1]);
  };
  auto set_least = [&](int q, const Least& l) {
    least[at(q)] = l;
    changed(q);
  };
  std::size_t live = 0;
  auto offer_quietly = [&](int q, int rank, double data_ready) {  // a pair (back) in q's queues
    const double start = data_ready <= free[at(q)] ? free[at(q)] : data_ready;
    const Least pair{start - offset(task_of[at(rank)]), rank, start};
    if (least[at(q)].rank < 0 || earlier(pair, q, least[at(q)], q)) {
      least[at(q)] = pair;
      return true;
    }
    return false;
  };
  auto offer = [&](int q, int rank, double data_ready) {
    if (offer_quietly(q, rank, data_ready)) changed(q);
  };
  auto became_ready = [&](int t) {
    b.data_ready_everywhere(t, ready);
    queues.add(rank_of[at(t)], ready, free);
    ++live;
    bool any = false;
    for (int q = 0; q < procs; ++q) any = offer_quietly(q, rank_of[at(t)], ready[at(q)]) || any;
    if (any) rebuild();
  };
  std::vector<int> waiting(at(g.size()));
  for (int t = 0; t < g.size(); ++t) {
    waiting[at(t)] = static_cast<int>(g.in_edges(t).size());
    if (waiting[at(t)] == 0) became_ready(t);
  }
  struct Looked {
    int processor, rank;
    double ready;
  };
  std::vector<Looked> looked;
  StepPairs step_pairs;
  auto refresh = [&](int rank) {  // each processor whose least pair was of a task now placed
    for (int q = 0; q < procs; ++q)
      if (least[at(q)].rank == rank) set_least(q, queues.least(q, free[at(q)], gone, live));
  };
  while (live > 0) {
    Least chosen;
    int p = -1;
    looked.clear();
    step_pairs.clear();
    for (;;) {
      int q = winner[1];
      if (exact) {
        q = 0;
        for (int r = 1; r < procs; ++r)
          if (earlier(least[at(r)], r, least[at(q)], q)) q = r;
      }
      if (p >= 0 && !earlier(least[at(q)], q, chosen, p)) break;  // no bound left below the pick
      if (exact) {
        chosen = least[at(q)];
        p = q;
        break;
      }
      const detail::ProcessorQueues::Taken taken = queues.take(q, free[at(q)], gone, live);
      set_least(q, queues.least(q, free[at(q)], gone, live));
      // A pair held twice (processor_queues.hpp) is evaluated once.
      if (!step_pairs.insert(q, taken.rank)) continue;
      const int u = task_of[at(taken.rank)];
      // Once a pair is known, the evaluation stops where it cannot go before it (its value
      // start - offset is computed as the cutoff's key + add is); a task's own pairs of equal
      // value go by start, so only another task's ties lose.
      const double start = p < 0 ? b.earliest_start(u, q)
                                 : b.earliest_start_within(u, q, chosen.value, -offset(u), taken.rank > chosen.rank);
      // The pair goes back with a bound that later placements leave one: each message's
      // arrival on the bookings as they are, alone (lasting_start_bound). With one message
      // that is the evaluated start itself. With several, a message fitted around another's
      // tentative hops comes sooner once a placement moves that one, so the start is no bound.
      looked.push_back({q, taken.rank, std::max(taken.ready, b.lasting_start_bound(u, q))});
      const Least pair{start - offset(u), taken.rank, start};
      if (p < 0 || earlier(pair, q, chosen, p)) {
        chosen = pair;
        p = q;
      }
    }
    const int t = task_of[at(chosen.rank)];
    b.place(t, p, chosen.start);
    gone[at(t)] = true;
    --live;
    free[at(p)] = b.processor_ready(p);
    queues.freed(p, free[at(p)], gone);
    for (const Looked& l : looked)
      if (!gone[at(task_of[at(l.rank)])]) {
        queues.add_one(l.processor, l.rank, l.ready, free[at(l.processor)]);
        offer(l.processor, l.rank, l.ready);
      }
    set_least(p, queues.least(p, free[at(p)], gone, live));
    refresh(chosen.rank);
    for (int e : g.out_edges(t))
      if (--waiting[at(g.edge(e).to)] == 0) became_ready(g.edge(e).to);
  }
}

}  // namespace

Schedule schedule_ready_pairs(const DagProblem& problem, std::string name, PairKey key, const PairOrder& before,
                              PairRanking ranking, const std::vector<double>& offsets) {
  const TaskGraph& g = problem.graph;
  ScheduleBuilder b(problem, std::move(name));
  const bool by_finish = key == PairKey::finish;
  auto look_at = [&](int t) {
    const ScheduleBuilder::Choice c = b.best_processor(t, by_finish, false, true);
    return ReadyEntry{ReadyPair{t, c.processor, c.start, c.finish}, c.bound};
  };
  // What least_key_first ranks by, and its bound: the key less the task's offset (a
  // subtraction keeps the order of the keys, so a bound on the key gives one on this).
  auto offset = [&](int t) { return offsets.empty() ? 0.0 : offsets[static_cast<std::size_t>(t)]; };
  auto value_of = [&](const ReadyPair& r) { return (by_finish ? r.finish : r.start) - offset(r.task); };
  auto bound_of = [&](const ReadyEntry& e) { return e.bound - offset(e.pair.task); };
  if (ranking == PairRanking::least_key_first && !by_finish) {
    place_by_processor_queues(b, before, offsets);
    return b.take();
  }
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
