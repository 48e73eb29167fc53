// Latest Precedence Scheduling (thesis §6.2-6.3): levels of latest precedence, selection priority, minimum distance.
// comm (comm_model.hpp): the selection priority counts the contention-free one-hop delay and
// the minimum-distance rule is kept under either model; with comm: contention the start time
// on each candidate processor books the task's messages on the links of their routes.
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"

namespace mpnsim {

namespace {

// The entry tasks' minimum-distance set is P0's neighbourhood (SPEC §5).
constexpr int kEntryProcessor = 0;

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
  std::vector<int> stamp(static_cast<std::size_t>(procs), -1);  // candidate marks, per task
  std::vector<int> mdp;
  auto add_ball = [&](int task, int centre) {
    auto mark = [&](int p) {
      if (stamp[static_cast<std::size_t>(p)] != task) {
        stamp[static_cast<std::size_t>(p)] = task;
        mdp.push_back(p);
      }
    };
    mark(centre);
    if (radius == 1) {
      for (int q : problem.comm.neighbours(centre)) mark(q);
    } else if (radius > 1) {
      for (int q = 0; q < procs; ++q)
        if (problem.comm.hops(centre, q) <= radius) mark(q);
    }
  };

  // A level's sort keys, copied beside the task numbers: a comparison that looks the tasks up
  // reads sp and pos at random, tasks of a level being anywhere in the graph.
  struct Key {
    double sp;
    int pos;
    int task;
  };
  std::vector<Key> keys;
  for (int level = levels; level >= 1; --level) {
    auto& tasks = by_level[static_cast<std::size_t>(level)];
    // Decreasing selection priority; ties to the task earlier in topological order (positions
    // are distinct, so the order is total and any sort gives the same one).
    keys.clear();
    for (int t : tasks) keys.push_back(Key{sp[static_cast<std::size_t>(t)], pos[static_cast<std::size_t>(t)], t});
    std::sort(keys.begin(), keys.end(),
              [](const Key& a, const Key& c) { return a.sp != c.sp ? a.sp > c.sp : a.pos < c.pos; });
    for (std::size_t j = 0; j < keys.size(); ++j) tasks[j] = keys[j].task;
    for (std::size_t j = 0; j < tasks.size(); ++j) {
      const int t = tasks[j];
      // The tasks of a level are far apart in the graph: ask early for what a later task will read.
      b.prefetch_ahead(tasks, j);
      // Minimum distance processors: each predecessor's processor and its neighbours.
      mdp.clear();
      if (g.in_edges(t).empty()) {
        add_ball(t, std::min(kEntryProcessor, procs - 1));
      } else {
        for (int e : g.in_edges(t)) add_ball(t, b.placement(g.edge(e).from).processor);
      }
      std::sort(mdp.begin(), mdp.end());
      // The processor with the earliest start time, the second term of eq (6.2); ties to the lowest index.
      int best = -1;
      double best_start = std::numeric_limits<double>::infinity();
      for (int p : mdp) {
        const double start = b.earliest_start(t, p);
        if (start < best_start) {
          best_start = start;
          best = p;
        }
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
