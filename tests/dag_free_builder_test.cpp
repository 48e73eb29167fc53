// The free model's gaps made only when first asked for (ScheduleBuilder), and a processor order
// shared by the check and the replay (run_dag), give the answers of the plain way.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/direct_replay.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// A random DAG on a hypercube whose processors and links differ (w and z by index), so that
// every processor's duration and every route's cost is its own and ties are rare but possible
// (integer graphs).
ProblemBox uneven_cube_box(int dim, std::uint64_t seed, int tasks) {
  const Topology cube = hypercube(dim);
  RandomDagParams gp;
  gp.tasks = tasks;
  gp.seed = seed;
  gp.integer = seed % 2 == 0;
  MachineSpec m = uniform_machine(cube.size(), cube.links(), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 0.5, 0.25);
  for (std::size_t p = 0; p < m.processors.size(); ++p) m.processors[p].w = 1 + 0.25 * static_cast<double>(p % 3);
  m.Tcp = 1.5;  // not 1, so that a duration without it is wrong
  for (std::size_t l = 0; l < m.links.size(); ++l) m.links[l].z = 0.5 + 0.5 * static_cast<double>(l % 4);
  return ProblemBox(generate_random_dag(gp), std::move(m));
}

// best_processor's free path, whose insertion asks for the gaps at its first task, chooses as
// evaluating every processor does.
TEST(FreeScheduleBuilder, BestProcessorChoosesAsEvaluatingEveryProcessor) {
  for (const int dim : {2, 3, 4}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const ProblemBox box = uneven_cube_box(dim, seed, 80);
      testing::expect_best_processor_is_the_best_of_all(box.problem(), seed * 10 + static_cast<std::uint64_t>(dim));
    }
  }
}

// The same with a cost table (unrelated processors), whose rows best_processor reads in place of
// work * w * Tcp: drawn so that the table's order of processors differs from their w's.
TEST(FreeScheduleBuilder, BestProcessorChoosesAsEvaluatingEveryProcessorWithACostTable) {
  for (const int dim : {2, 3}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      ProblemBox box = uneven_cube_box(dim, seed, 80);
      const int tasks = box.graph.size(), procs = static_cast<int>(box.machine.processors.size());
      std::vector<double> values;
      for (int t = 0; t < tasks; ++t)
        for (int q = 0; q < procs; ++q)
          values.push_back(static_cast<double>((t * 7 + q * 13 + static_cast<int>(seed)) % 11) * (seed % 2 == 0 ? 1.0 : 0.37));
      box.graph.set_costs(CostTable(tasks, procs, std::move(values)));
      testing::expect_best_processor_is_the_best_of_all(box.problem(), seed * 10 + static_cast<std::uint64_t>(dim));
    }
  }
}

// earliest_starts over a set of candidates (LPS's minimum-distance set) gives each candidate's
// earliest_start to the bit, with the predecessors spread over the machine.
TEST(FreeScheduleBuilder, EarliestStartsOfCandidatesAreEachOnesEarliestStart) {
  for (const int dim : {2, 3, 4}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const ProblemBox box = uneven_cube_box(dim, seed, 120);
      const DagProblem p = box.problem();
      ScheduleBuilder b(p, "check");
      std::mt19937_64 rng(seed * 31 + static_cast<std::uint64_t>(dim));
      for (int t : topological_order(p.graph)) {
        std::vector<int> candidates;
        for (int q = 0; q < p.processors(); ++q)
          if (rng() % 3 != 0) candidates.push_back(q);
        std::vector<double> starts(candidates.size());
        b.earliest_starts(t, candidates, starts);
        for (std::size_t i = 0; i < candidates.size(); ++i)
          ASSERT_EQ(std::bit_cast<std::uint64_t>(starts[i]), std::bit_cast<std::uint64_t>(b.earliest_start(t, candidates[i])))
              << "task " << t << " on P" << candidates[i];
        const int q = static_cast<int>(rng() % static_cast<std::uint64_t>(p.processors()));
        b.place(t, q, b.earliest_start(t, q));
      }
    }
  }
}

// The gaps a builder makes only when first asked (after placements that only appended, or that
// used insertion, in any mix; after placing a task a second time; and for forget_before) are
// those a builder asked from the start holds: every later search answers the same.
TEST(FreeScheduleBuilder, GapsMadeWhenFirstAskedAreThoseKeptFromTheStart) {
  // Enough tasks that forget_before drops whole blocks of gaps (it keeps them below that).
  const ProblemBox box = uneven_cube_box(2, 2, 1500);
  const DagProblem p = box.problem();
  const std::vector<int> topo = topological_order(p.graph);
  auto same_gaps = [&](const ScheduleBuilder& a, const ScheduleBuilder& b, const char* what) {
    double end = 0;
    for (int t = 0; t < p.graph.size(); ++t) end = std::max(end, a.placement(t).finish);
    for (int q = 0; q < p.processors(); ++q)
      for (int k = 0; k <= 40; ++k)
        for (double d : {0.0, 0.25, 1.0, 4.0}) {
          const double ready = end * k / 40;
          ASSERT_EQ(a.earliest_gap(q, ready, d), b.earliest_gap(q, ready, d)) << what << ": P" << q << " " << ready << " " << d;
        }
  };
  for (int case_ = 0; case_ < 4; ++case_) {
    ScheduleBuilder eager(p, "eager"), lazy(p, "lazy");
    eager.earliest_gap(0, 0, 0);  // asked at once: books every placement as it comes
    const std::size_t half = topo.size() / 2;
    for (std::size_t i = 0; i < topo.size(); ++i) {
      const int t = topo[i];
      const int q = static_cast<int>((i * 7 + static_cast<std::size_t>(case_)) % static_cast<std::size_t>(p.processors()));
      // Case 1 inserts from the middle on (the lazy builder then books its log there);
      // case 2 places the first task again elsewhere before anything asks.
      const bool insert = case_ == 1 && i >= half;
      const double start = insert ? eager.insertion_start(t, q) : eager.earliest_start(t, q);
      ASSERT_EQ(start, insert ? lazy.insertion_start(t, q) : lazy.earliest_start(t, q));
      eager.place(t, q, start);
      lazy.place(t, q, start);
      if (case_ == 2 && i == half) {
        const int again = topo.front();
        const int elsewhere = (eager.placement(again).processor + 1) % p.processors();
        eager.place(again, elsewhere, eager.placement(again).start + 0.5);
        lazy.place(again, elsewhere, lazy.placement(again).start + 0.5);
      }
    }
    if (case_ == 3) {  // from the middle of the schedule on
      const double t = eager.placement(topo[half]).start;
      eager.forget_before(t);
      lazy.forget_before(t);
    }
    same_gaps(eager, lazy, case_ == 3 ? "after forget_before" : "after placing");
  }
}

// A processor order made by the caller (run_dag makes it once for the check and the replay)
// gives the check's report and the replay's times made without it, on valid and broken schedules.
TEST(SharedProcessorOrder, CheckAndReplayGiveTheSameWithIt) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const ProblemBox box = uneven_cube_box(3, seed, 200);
    const DagProblem p = box.problem();
    for (const char* name : {"lps", "heft"}) {
      const DagSchedulerEntry* e = find_dag_scheduler(name);
      Schedule s = e->schedule(p, resolve_params(e->params, {}));
      for (int broken = 0; broken < 2; ++broken) {
        if (broken) {  // two tasks of one processor made to overlap, one of them out of its order
          s.tasks[5].processor = s.tasks[9].processor;
          s.tasks[5].start = s.tasks[9].start;
          s.tasks[5].finish = s.tasks[5].start + p.exec_time(5, s.tasks[5].processor);
        }
        const ProcessorOrder order = s.processor_order();
        const ValidityReport plain = check_schedule(p, s);
        const ValidityReport shared = check_schedule(p, s, {}, &order);
        ASSERT_EQ(plain.violations.size(), shared.violations.size()) << name << " " << seed;
        for (std::size_t i = 0; i < plain.violations.size(); ++i) EXPECT_EQ(plain.violations[i].text, shared.violations[i].text);
        EXPECT_EQ(plain.valid(), broken == 0) << name << " " << seed;
        if (broken) continue;  // overlaps play all the same, but the point here is the order's use
        const DagReplay a = replay(p.graph, s, p.machine, false);
        const DagReplay b = replay(p.graph, s, p.machine, false, &order);
        EXPECT_EQ(a.makespan, b.makespan);
        EXPECT_EQ(a.hops, b.hops);
        ASSERT_EQ(a.finish.size(), b.finish.size());
        for (std::size_t t = 0; t < a.finish.size(); ++t) ASSERT_EQ(a.finish[t], b.finish[t]) << t;
      }
    }
  }
}

// The direct replay compiled from a given order is the one compiled without it, word for word.
TEST(SharedProcessorOrder, DirectReplayCompilesTheSameBlocks) {
  const ProblemBox box = uneven_cube_box(3, 4, 300);
  const DagProblem p = box.problem();
  const DagSchedulerEntry* e = find_dag_scheduler("lps");
  const Schedule s = e->schedule(p, resolve_params(e->params, {}));
  Engine engine;
  Machine m(engine, p.machine);
  const ProcessorOrder order = s.processor_order();
  const auto plain = compile_direct_replay(p.graph, s, m);
  const auto shared = compile_direct_replay(p.graph, s, m, &order);
  ASSERT_TRUE(plain && shared);
  EXPECT_EQ(plain->blocks, shared->blocks);
  EXPECT_EQ(plain->roots, shared->roots);
}

}  // namespace
}  // namespace mpnsim
