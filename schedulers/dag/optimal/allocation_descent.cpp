// Allocation descent (allocation_descent.hpp): moves of tasks between processors, each played by an append-only list pass.
#include "schedulers/dag/optimal/allocation_descent.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <vector>

#include "schedulers/dag/optimal/search_bounds.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "sim/interruption.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kMaxSweeps = 64;
// A play costs about tasks + edges steps: the descent stops after this many steps in all, so a
// large graph (the exact search takes graphs of hundreds of tasks with a small max_states) costs
// seconds, not minutes. Counted in steps, not time, so the result stays deterministic.
constexpr double kMaxSteps = 2e8;
// The tasks of two processors shared every way (repartition): 2^10 plays at most per pair.
constexpr std::size_t kMaxRepartitionTasks = 10;

class Descent {
 public:
  explicit Descent(const DagProblem& problem)
      : problem_(problem), g_(problem.graph), tables_(make_search_tables(problem)), n_(g_.size()), P_(problem.processors()) {
    ready_.assign(at(P_), 0);
    rank_.assign(at(n_), 0);
    waiting_.assign(at(n_), 0);
    finish_.assign(at(n_), 0);
    start_.assign(at(n_), 0);
  }

  // The makespan of the allocation played in order of its own upward ranks (each task's time
  // plus the longest chain after it, with the allocation's messages): on one processor, tasks
  // whose messages leave later go first.
  double play(const std::vector<int>& alloc) {
    for (auto it = tables_.topo.rbegin(); it != tables_.topo.rend(); ++it) {
      const int t = *it;
      const int p = alloc[at(t)];
      double after = 0;
      for (int e : g_.out_edges(t)) {
        const int v = g_.edge(e).to;
        const int q = alloc[at(v)];
        after = std::max(after, (q == p ? 0.0 : problem_.edge_delay(e, p, q)) + rank_[at(v)]);
      }
      rank_[at(t)] = tables_.time(t, p) + after;
    }
    order_.clear();
    auto later = [&](int a, int b) { return rank_[at(a)] != rank_[at(b)] ? rank_[at(a)] < rank_[at(b)] : a > b; };
    std::priority_queue<int, std::vector<int>, decltype(later)> ready(later);
    for (int t = 0; t < n_; ++t) {
      waiting_[at(t)] = static_cast<int>(g_.in_edges(t).size());
      if (waiting_[at(t)] == 0) ready.push(t);
    }
    std::fill(ready_.begin(), ready_.end(), 0.0);
    double makespan = 0;
    while (!ready.empty()) {
      const int t = ready.top();
      ready.pop();
      order_.push_back(t);
      const int p = alloc[at(t)];
      double s = ready_[at(p)];
      for (int e : g_.in_edges(t)) {
        const int u = g_.edge(e).from;
        const int q = alloc[at(u)];
        s = std::max(s, finish_[at(u)] + (q == p ? 0.0 : problem_.edge_delay(e, q, p)));
      }
      start_[at(t)] = s;
      finish_[at(t)] = s + tables_.time(t, p);
      ready_[at(p)] = finish_[at(t)];
      makespan = std::max(makespan, finish_[at(t)]);
      for (int e : g_.out_edges(t))
        if (--waiting_[at(g_.edge(e).to)] == 0) ready.push(g_.edge(e).to);
    }
    return makespan;
  }

  // The processors' finishes of the last play, latest first: the descent's second measure.
  void finishes(std::vector<double>& out) const {
    out = ready_;
    std::sort(out.begin(), out.end(), std::greater<>());
  }

  Schedule run(Schedule start, int kicks) {
    std::vector<int> alloc(at(n_));
    for (int t = 0; t < n_; ++t) alloc[at(t)] = start.tasks[at(t)].processor;
    play_steps_ = static_cast<double>(n_) + static_cast<double>(g_.edge_count()) + 1;
    steps_ = play_steps_;
    double best = play(alloc);
    finishes(best_finishes_);
    descend(alloc, best);
    // Kicks: a few tasks sent to processors drawn at random (a fixed seed: the same input gives
    // the same schedule), then the descent again; the best allocation seen is kept. A descent
    // stops where every move alone is worse; two or three moved together often lead past it.
    std::vector<int> kept = alloc;
    double kept_best = best;
    std::mt19937_64 rng(0x6a09e667f3bcc909ULL);
    for (int round = 0; round < kicks && steps_ < kMaxSteps; ++round) {
      alloc = kept;
      const int moves = 2 + round % 3;
      for (int i = 0; i < moves; ++i) {
        const auto t = static_cast<std::size_t>(rng() % static_cast<std::uint64_t>(n_));
        alloc[t] = static_cast<int>(rng() % static_cast<std::uint64_t>(P_));
      }
      steps_ += play_steps_;
      best = play(alloc);
      finishes(best_finishes_);
      descend(alloc, best);
      if (best < kept_best - kTimeRelTol * std::abs(kept_best)) {
        kept = alloc;
        kept_best = best;
      }
    }
    alloc = kept;
    best = kept_best;
    if (!(best < start.makespan() - kTimeRelTol * std::abs(start.makespan()))) return start;
    play(alloc);
    ScheduleBuilder b(problem_, start.scheduler);
    for (int t : order_) b.place(t, alloc[at(t)], start_[at(t)]);
    return b.take();
  }

  // First-improvement moves from `alloc` (played `best`, with best_finishes_) until none
  // improves it. A move improves when it shortens the schedule, or keeps its length and makes
  // the processors' finishes, latest first, lexicographically smaller: where two processors
  // end last together no single move shortens the schedule, but one that brings either forward
  // leads to a move that does (whole works packed on many processors). The order is strict, so
  // the descent cannot cycle.
  void descend(std::vector<int>& alloc, double& best) {
    // Plays `alloc`; keeps it when better, else restores `undo` (task, processor).
    auto try_play = [&](const std::vector<std::pair<int, int>>& undo) {
      steps_ += play_steps_;
      if ((++plays_ & 63U) == 0) poll_interruption();  // Ctrl-C, as every long loop
      if (improves(play(alloc), best)) return true;
      for (const auto& [task, proc] : undo) alloc[at(task)] = proc;
      return false;
    };
    std::vector<std::pair<int, int>> undo;
    for (int sweep = 0; sweep < kMaxSweeps && steps_ < kMaxSteps; ++sweep) {
      bool moved = false;
      // One task to another processor.
      for (int t = 0; t < n_; ++t) {
        const int from = alloc[at(t)];
        for (int p = 0; p < P_ && steps_ < kMaxSteps; ++p) {
          if (p == from) continue;
          alloc[at(t)] = p;
          if (try_play({{t, from}})) {
            moved = true;
            break;
          }
        }
      }
      // A task with its ancestors (then its descendants) that share its processor, to another:
      // when messages are costly, a branch of an in-tree (out-tree) moves as one, where moving
      // one task at a time would first pay two messages.
      for (int side = 0; side < 2 && tables_.words > 0; ++side)
        for (int t = 0; t < n_; ++t) {
          const int from = alloc[at(t)];
          group_.clear();
          const std::vector<std::uint64_t>& sets = side == 0 ? tables_.ancestors : tables_.descendants;
          for (int u = 0; u < n_; ++u)
            if (alloc[at(u)] == from && (sets[at(t) * at(tables_.words) + at(u / 64)] >> (u % 64) & 1U)) group_.push_back(u);
          if (group_.empty()) continue;  // the single move above covers it
          group_.push_back(t);
          for (int p = 0; p < P_ && steps_ < kMaxSteps; ++p) {
            if (p == from) continue;
            undo.clear();
            for (int u : group_) {
              undo.emplace_back(u, from);
              alloc[at(u)] = p;
            }
            if (try_play(undo)) {
              moved = true;
              break;
            }
          }
        }
      // Two tasks on different processors swap them: balances whole works where no single
      // move shortens (both processors would be as long).
      for (int a = 0; a < n_; ++a)
        for (int b = a + 1; b < n_ && steps_ < kMaxSteps; ++b) {
          const int pa = alloc[at(a)], pb = alloc[at(b)];
          if (pa == pb) continue;
          alloc[at(a)] = pb;
          alloc[at(b)] = pa;
          if (try_play({{a, pa}, {b, pb}})) moved = true;
        }
      // Where no move of one or two tasks helps: the tasks of a processor that ends last and of
      // one other, every way of sharing them between the two (a few tasks only: 2^k plays, in
      // Gray-code order so that each play moves one task).
      if (!moved) moved = repartition(alloc, best);
      if (!moved) break;
    }
  }

  // Tries every split between a latest-ending processor and each other of their tasks, at most
  // kMaxRepartitionTasks of them; true at the first that improves (kept), false when none does.
  bool repartition(std::vector<int>& alloc, double& best) {
    steps_ += play_steps_;
    play(alloc);
    const int last = static_cast<int>(std::max_element(ready_.begin(), ready_.end()) - ready_.begin());
    std::vector<std::pair<int, int>> undo;
    for (int other = 0; other < P_ && steps_ < kMaxSteps; ++other) {
      if (other == last) continue;
      group_.clear();
      for (int t = 0; t < n_; ++t)
        if (alloc[at(t)] == last || alloc[at(t)] == other) group_.push_back(t);
      if (group_.size() < 2 || group_.size() > kMaxRepartitionTasks) continue;
      undo.clear();
      for (int t : group_) undo.emplace_back(t, alloc[at(t)]);
      const std::uint32_t ways = std::uint32_t{1} << group_.size();
      for (std::uint32_t i = 1; i < ways && steps_ < kMaxSteps; ++i) {
        // Gray code: step i flips the task of i's lowest set bit.
        const int t = group_[at(std::countr_zero(i))];
        alloc[at(t)] = alloc[at(t)] == last ? other : last;
        steps_ += play_steps_;
        if ((++plays_ & 63U) == 0) poll_interruption();
        if (improves(play(alloc), best)) return true;
      }
      for (const auto& [task, proc] : undo) alloc[at(task)] = proc;
    }
    return false;
  }

  // Whether a play of makespan m (its finishes in ready_) improves on the best (see descend);
  // if so it becomes the best.
  bool improves(double m, double& best) {
    const double tol = kTimeRelTol * std::abs(best);
    bool better = m < best - tol;
    if (!better && m <= best + tol) {
      finishes(trial_finishes_);
      for (std::size_t i = 0; i < trial_finishes_.size(); ++i) {
        const double a = trial_finishes_[i], b = best_finishes_[i], close = kTimeRelTol * std::abs(b);
        if (a < b - close) {
          better = true;
          break;
        }
        if (a > b + close) break;
      }
    }
    if (better) {
      best = m;
      finishes(best_finishes_);
    }
    return better;
  }

 private:
  const DagProblem& problem_;
  const TaskGraph& g_;
  SearchTables tables_;
  int n_, P_;
  std::uint64_t plays_ = 0;
  double steps_ = 0, play_steps_ = 0;  // work done, and the work of one play
  std::vector<int> order_, waiting_, group_;
  std::vector<double> ready_, finish_, start_, rank_;
  std::vector<double> best_finishes_, trial_finishes_;  // the processors' finishes, latest first
};

}  // namespace

Schedule descend_allocations(const DagProblem& problem, Schedule start, int kicks) {
  if (problem.graph.size() == 0 || problem.processors() < 2) return start;
  return Descent(problem).run(std::move(start), kicks);
}

}  // namespace mpnsim
