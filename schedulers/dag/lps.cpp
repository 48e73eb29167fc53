// Latest Precedence Scheduling (thesis §6.2-6.3): levels of latest precedence, selection priority, minimum distance.
// comm (comm_model.hpp): the selection priority counts the contention-free one-hop delay and
// the minimum-distance rule is kept under either model; with comm: contention the start time
// on each candidate processor books the task's messages on the links of their routes.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

namespace {

// The entry tasks' minimum-distance set is P0's neighbourhood (SPEC §5).
constexpr int kEntryProcessor = 0;

// Each processor's ball (the processors within the radius) as a mask of bits, and a task's
// minimum-distance set as the union of its predecessors' balls, read bit by bit in increasing
// order: no marks to test and no sort of a list that came in any order, whose branches went
// either way at random (a fifth of the branch mispredictions of `mpnsim dag` with LPS at 10^5
// tasks on the 6-cube, callgrind's branch simulation, were in schedule_lps). The masks take
// P^2 / 8 bytes, a 32nd of the hop table CommCost already holds (at most 2 MB for the 4096
// processors it takes).
class ProcessorBalls {
 public:
  ProcessorBalls(const DagProblem& problem, int radius)
      : words_((static_cast<std::size_t>(problem.processors()) + 63) / 64),
        balls_(words_ * static_cast<std::size_t>(problem.processors()), 0),
        set_(words_, 0) {
    const int procs = problem.processors();
    for (int centre = 0; centre < procs; ++centre) {
      std::uint64_t* ball = &balls_[words_ * static_cast<std::size_t>(centre)];
      auto mark = [&](int p) { ball[static_cast<std::size_t>(p) / 64] |= std::uint64_t{1} << (p % 64); };
      mark(centre);
      if (radius == 1) {
        for (int q : problem.comm.neighbours(centre)) mark(q);
      } else if (radius > 1) {
        for (int q = 0; q < procs; ++q)
          if (problem.comm.hops(centre, q) <= radius) mark(q);
      }
    }
  }
  void clear() { std::fill(set_.begin(), set_.end(), 0); }
  void add(int centre) {
    const std::uint64_t* ball = &balls_[words_ * static_cast<std::size_t>(centre)];
    for (std::size_t w = 0; w < words_; ++w) set_[w] |= ball[w];
  }
  // Each processor of the set, in increasing order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = set_[w]; bits != 0; bits &= bits - 1)
        visit(static_cast<int>(64 * w) + std::countr_zero(bits));
  }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> balls_;  // words_ per processor
  std::vector<std::uint64_t> set_;    // the set being made
};

}  // namespace

Schedule schedule_lps(const DagProblem& problem, int radius) {
  if (radius < 0) throw std::invalid_argument("lps: radius must be >= 0");
  const TaskGraph& g = problem.graph;
  const int n = g.size();
  const int procs = problem.processors();
  const std::vector<int> topo = topological_order(g);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(problem, topo);        // eq (6.1)
  const std::vector<int> lpl = latest_precedence_levels(g, topo);     // eq (6.3)

  // SP(T_i) = SL(T_i) + C(max_k D_ki), eq (6.4): C(D) the time to move D units over one
  // link, S + z * Tcm * D (the mean link when links differ); 0 for an entry task.
  std::vector<double> sp(static_cast<std::size_t>(n));
  for (int t = 0; t < n; ++t) {
    double dmax = -1;
    for (int e : g.in_edges(t)) dmax = std::max(dmax, g.edge(e).data);
    sp[static_cast<std::size_t>(t)] = sl[static_cast<std::size_t>(t)] + (dmax < 0 ? 0.0 : problem.comm.one_hop_delay(dmax));
  }

  // Group the tasks by level; the algorithm walks from level L down to 1.
  int levels = 0;
  for (int l : lpl) levels = std::max(levels, l);
  std::vector<std::vector<int>> by_level(static_cast<std::size_t>(levels) + 1);
  for (int t : topo) by_level[static_cast<std::size_t>(lpl[static_cast<std::size_t>(t)])].push_back(t);

  ScheduleBuilder b(problem, "lps");
  ProcessorBalls balls(problem, radius);
  std::vector<int> candidates;  // a task's minimum-distance set, increasing
  std::vector<double> starts;   // their earliest starts
  for (int level = levels; level >= 1; --level) {
    auto& tasks = by_level[static_cast<std::size_t>(level)];
    // Decreasing selection priority; ties to the task earlier in topological order.
    sort_by_decreasing_priority(tasks, sp, pos);
    for (std::size_t j = 0; j < tasks.size(); ++j) {
      const int t = tasks[j];
      // The tasks of a level are far apart in the graph: ask early for what a later task will read.
      b.prefetch_ahead(tasks, j);
      // Minimum distance processors: each predecessor's processor and its neighbours.
      // The processor with the earliest start time, the second term of eq (6.2); ties to the lowest index.
      balls.clear();
      if (g.in_edges(t).empty()) {
        balls.add(std::min(kEntryProcessor, procs - 1));
      } else {
        for (int e : g.in_edges(t)) balls.add(b.placement(g.edge(e).from).processor);
      }
      candidates.clear();
      balls.for_each([&](int p) { candidates.push_back(p); });
      starts.resize(candidates.size());
      b.earliest_starts(t, candidates, starts);
      int best = -1;
      double best_start = std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < candidates.size(); ++i)
        if (starts[i] < best_start) {
          best_start = starts[i];
          best = candidates[i];
        }
      b.place(t, best, best_start);
    }
  }
  return b.take();
}

DagSchedulerEntry lps_scheduler() {
  return {"lps",
          "Latest Precedence Scheduling, thesis §6.2-6.3: levels of latest precedence (6.3) from the highest, "
          "selection priority SL + C(max data in) (6.4), earliest start among the minimum-distance processors",
          {ParamSpec{"radius", ParamType::integer, "1",
                     "minimum-distance set: processors within this many hops of a predecessor's processor (thesis: 1)",
                     0, 1000, {}}},
          [](const DagProblem& p, const ParamSet& params) {
            return schedule_lps(p, static_cast<int>(params.integer("radius")));
          },
          [](const ParamSet& params) {
            ValidityRules r;
            r.max_hops_from_predecessor = static_cast<int>(params.integer("radius"));
            r.entry_processor = kEntryProcessor;
            return r;
          }};
}

}  // namespace mpnsim
