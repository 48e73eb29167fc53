// The ready-pairs loop (ETF, DLS-pairs, Min-Min, Max-Min) against a brute-force reference that looks at every
// ready task on every processor at each step, in both communication models.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

enum class Rule { etf, dls_pairs, minmin, maxmin };

// The ready tasks of a placement loop, in the order they became ready: a task is released once
// every predecessor is placed.
struct ReadyTasks {
  const TaskGraph& graph;
  std::vector<int> waiting, ready;
  explicit ReadyTasks(const TaskGraph& g) : graph(g), waiting(static_cast<std::size_t>(g.size())) {
    for (int t = 0; t < g.size(); ++t)
      if ((waiting[static_cast<std::size_t>(t)] = static_cast<int>(g.in_edges(t).size())) == 0) ready.push_back(t);
  }
  // Places ready[pick] where `c` says, and releases the tasks waiting only for it.
  void place(ScheduleBuilder& b, std::size_t pick, const ScheduleBuilder::Choice& c) {
    const int t = ready[pick];
    ready.erase(ready.begin() + static_cast<std::ptrdiff_t>(pick));
    b.place(t, c.processor, c.start);
    for (int e : graph.out_edges(t))
      if (--waiting[static_cast<std::size_t>(graph.edge(e).to)] == 0) ready.push_back(graph.edge(e).to);
  }
};

// Each step: every ready task's best processor (best_processor looks at all of them, which the
// test of BoundedSearchChoosesAsEvaluatingEveryProcessor checks), the pair first by the
// scheduler's rule as its paper states it; placed there. Nothing is kept from one step to the next.
Schedule every_ready_pair(const DagProblem& p, Rule rule) {
  const std::vector<int> topo = topological_order(p.graph);
  const std::vector<int> pos = positions(topo);
  const std::vector<double> sl = static_levels(p, topo);
  const auto at = [](int x) { return static_cast<std::size_t>(x); };
  auto before = [&](int t, const ScheduleBuilder::Choice& c, int u, const ScheduleBuilder::Choice& d) {
    const double lt = sl[at(t)], lu = sl[at(u)];
    switch (rule) {
      case Rule::etf:  // earliest start, then the higher static level (Hwang et al.)
        if (c.start != d.start) return c.start < d.start;
        break;
      case Rule::dls_pairs:  // highest dynamic level SL - start (Sih & Lee), then the higher static level
        if (lt - c.start != lu - d.start) return lt - c.start > lu - d.start;
        break;
      case Rule::minmin:
        return c.finish != d.finish ? c.finish < d.finish : pos[at(t)] < pos[at(u)];
      case Rule::maxmin:
        return c.finish != d.finish ? c.finish > d.finish : pos[at(t)] < pos[at(u)];
    }
    return lt != lu ? lt > lu : pos[at(t)] < pos[at(u)];
  };
  const bool by_finish = rule == Rule::minmin || rule == Rule::maxmin;
  ScheduleBuilder b(p, "reference");
  ReadyTasks tasks(p.graph);
  const std::vector<int>& ready = tasks.ready;
  while (!ready.empty()) {
    std::size_t pick = 0;
    ScheduleBuilder::Choice best;
    for (std::size_t i = 0; i < ready.size(); ++i) {
      const ScheduleBuilder::Choice c = b.best_processor(ready[i], by_finish, false);
      if (i == 0 || before(ready[i], c, ready[pick], best)) {
        pick = i;
        best = c;
      }
    }
    tasks.place(b, pick, best);
  }
  return b.take();
}

Schedule scheduled(const DagProblem& p, Rule rule) {
  switch (rule) {
    case Rule::etf: return schedule_etf(p);
    case Rule::dls_pairs: return schedule_dls_pairs(p);
    case Rule::minmin: return schedule_min_min(p);
    case Rule::maxmin: return schedule_max_min(p);
  }
  return {};
}

const char* name_of(Rule rule) {
  return rule == Rule::etf ? "etf" : rule == Rule::dls_pairs ? "dls-pairs" : rule == Rule::minmin ? "minmin" : "maxmin";
}

// A wide random graph (thesis §6.4) on a cube: whole numbers (many ties of starts, which the
// tie rules decide) for even seeds, fractions for odd ones; E/C from 0.1 to 2.
ProblemBox wide_box(int dim, std::uint64_t seed, int tasks, int ports, bool coprocessor) {
  const Topology cube = hypercube(dim);
  RandomDagParams gp;
  gp.tasks = tasks;
  gp.seed = seed;
  gp.integer = seed % 2 == 0;
  const double z = seed % 3 == 0 ? 0.1 : seed % 3 == 1 ? 1.0 : 0.5;
  return ProblemBox(generate_random_dag(gp),
                    uniform_machine(cube.size(), cube.links(), false, ProcessorSpec{1, coprocessor, ports, ports}, z,
                                    seed % 4 == 1 ? 0.5 : 0.0));
}

// The same pair, step after step: the same placements, and the messages in the same order
// (they are recorded as the tasks are placed).
void expect_same(const Schedule& want, const Schedule& got, const std::string& what) {
  ASSERT_EQ(got.tasks.size(), want.tasks.size()) << what;
  for (std::size_t t = 0; t < want.tasks.size(); ++t) {
    ASSERT_EQ(got.tasks[t].processor, want.tasks[t].processor) << what << " task " << t;
    ASSERT_EQ(got.tasks[t].start, want.tasks[t].start) << what << " task " << t;
    ASSERT_EQ(got.tasks[t].finish, want.tasks[t].finish) << what << " task " << t;
  }
  ASSERT_EQ(got.messages.size(), want.messages.size()) << what;
  for (std::size_t m = 0; m < want.messages.size(); ++m) {
    ASSERT_EQ(got.messages[m].edge, want.messages[m].edge) << what << " message " << m;
    ASSERT_EQ(got.messages[m].arrive, want.messages[m].arrive) << what << " message " << m;
  }
}

TEST(ReadyPairs, FreeModelPicksAsLookingAtEveryReadyPair) {
  // 3- and 4-cubes, 150-300 tasks: ready sets of dozens, each step's pick among many pairs of
  // equal start (whole numbers) or of nearly equal ones (fractions).
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const ProblemBox box = wide_box(seed < 5 ? 3 : 4, seed, 150 + 20 * static_cast<int>(seed), kAllPorts, true);
    const DagProblem p = box.problem();
    for (const Rule rule : {Rule::etf, Rule::dls_pairs, Rule::minmin, Rule::maxmin})
      expect_same(every_ready_pair(p, rule), scheduled(p, rule), fmt::format("{} seed {}", name_of(rule), seed));
  }
}

TEST(ReadyPairs, ContentionPicksAsLookingAtEveryReadyPair) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const ProblemBox box = wide_box(3, seed, 80 + 10 * static_cast<int>(seed), seed < 4 ? 1 : kAllPorts, seed % 3 != 2);
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    if (seed % 2 == 0) p.options.route = RouteChoice::earliest;
    for (const Rule rule : {Rule::etf, Rule::dls_pairs, Rule::minmin, Rule::maxmin})
      expect_same(every_ready_pair(p, rule), scheduled(p, rule), fmt::format("{} seed {}", name_of(rule), seed));
  }
}

TEST(ReadyPairs, ContentionWithSeveralMessagesPicksAsLookingAtEveryReadyPair) {
  // E/C 1 and above on one port: most tasks have two or three messages from other processors,
  // whose pairs go back to the queues with lasting_start_bound (each message's arrival alone).
  for (std::uint64_t seed = 11; seed <= 16; ++seed) {
    const ProblemBox box = wide_box(seed % 2 == 0 ? 3 : 4, seed, 100, seed % 3 == 0 ? 2 : 1, seed % 4 != 0);
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    if (seed % 2 == 1) p.options.route = RouteChoice::earliest;
    for (const Rule rule : {Rule::etf, Rule::dls_pairs})
      expect_same(every_ready_pair(p, rule), scheduled(p, rule), fmt::format("{} seed {}", name_of(rule), seed));
  }
}

TEST(ReadyPairs, LastingStartBoundsHoldAfterLaterPlacements) {
  // Placing ETF's way, each step: every ready task's bound on every processor (after an
  // evaluation with a cutoff for some, where it stops early) is at most its start now, and at
  // most its start after every later placement; the loop relies on both.
  for (std::uint64_t seed = 21; seed <= 28; ++seed) {
    const ProblemBox box = wide_box(3, seed, 70, seed % 3 == 0 ? kAllPorts : 1, seed % 4 != 1);
    DagProblem p = box.problem();
    p.options.model = CommModel::contention;
    if (seed % 2 == 0) p.options.route = RouteChoice::earliest;
    const auto at = [](int x) { return static_cast<std::size_t>(x); };
    const int procs = p.processors();
    ScheduleBuilder b(p, "lasting");
    ReadyTasks tasks(p.graph);
    const std::vector<int>& ready = tasks.ready;
    std::vector<double> lasting(at(p.graph.size() * procs), 0.0);  // per (task, processor): the largest bound given
    int stopped = 0, several = 0;
    while (!ready.empty()) {
      std::size_t pick = 0;
      ScheduleBuilder::Choice best;
      for (std::size_t i = 0; i < ready.size(); ++i) {
        const int t = ready[i];
        for (int q = 0; q < procs; ++q) {
          int remote = 0;  // messages to book
          for (int e : p.graph.in_edges(t)) remote += b.placement(p.graph.edge(e).from).processor != q;
          const double start = b.earliest_start(t, q);
          double& bound = lasting[at(t * procs + q)];
          ASSERT_GE(start, bound) << "seed " << seed << " task " << t << " on " << q << ", a bound given before";
          const double now = b.lasting_start_bound(t, q);
          ASSERT_LE(now, start) << "seed " << seed << " task " << t << " on " << q;
          bound = std::max(bound, now);
          several += remote > 1;
          // Stopped halfway (a cutoff below the start): still a bound.
          const double cut = b.earliest_start_within(t, q, 0.5 * start, 0, false);
          if (cut == std::numeric_limits<double>::infinity()) {
            ++stopped;
            const double partial = b.lasting_start_bound(t, q);
            ASSERT_LE(partial, start) << "seed " << seed << " task " << t << " on " << q << ", stopped";
            bound = std::max(bound, partial);
          }
        }
        const ScheduleBuilder::Choice c = b.best_processor(t, false, false);
        if (i == 0 || c.start < best.start) {
          pick = i;
          best = c;
        }
      }
      tasks.place(b, pick, best);
    }
    EXPECT_GT(stopped, 0) << "seed " << seed;
    EXPECT_GT(several, 0) << "seed " << seed;
  }
}

}  // namespace
}  // namespace mpnsim
