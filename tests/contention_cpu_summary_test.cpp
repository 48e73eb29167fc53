// ContentionBuilder's cheap bounds, asked for every processor for every task: cpu_fit answers from
// a summary of every CPU (its tail and longest gap) where it can, and must answer as a timetable
// of the CPU's own bookings; data_ready_bounds, computed sender by sender over all processors,
// must stay at or below each processor's data-ready time.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "dag_test_support.hpp"
#include "schedulers/dag/contention_builder.hpp"
#include "schedulers/dag/idle_intervals.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

// p's CPU as the schedule books it: its tasks, and without a co-processor every hop it sends
// or receives (each hop holds the CPUs of both ends then).
IdleIntervals cpu_of(const DagProblem& problem, const Schedule& s, int p) {
  IdleIntervals cpu;
  for (const TaskPlacement& t : s.tasks)
    if (t.processor == p) cpu.occupy(t.start, t.finish);
  if (!problem.machine.processors[static_cast<std::size_t>(p)].coprocessor)
    for (const ScheduledHop& h : s.hops)
      if (h.from == p || h.to == p) cpu.occupy(h.start, h.finish);
  return cpu;
}

// Questions around every booking's ends, before the first, past the last, with durations
// from zero to longer than any gap: cpu_fit against the CPU's own timetable.
void expect_cpu_fits_agree(const DagProblem& problem, const Schedule& s, const ContentionBuilder& builder,
                           std::mt19937_64& rng, double from, const char* when) {
  std::vector<double> times{from};
  for (const TaskPlacement& t : s.tasks)
    if (t.processor >= 0) times.insert(times.end(), {t.start, t.finish, (t.start + t.finish) / 2});
  for (const ScheduledHop& h : s.hops) times.insert(times.end(), {h.start, h.finish});
  std::uniform_real_distribution<double> length(0, 6);
  std::uniform_int_distribution<std::size_t> pick(0, times.size() - 1);
  for (int p = 0; p < problem.processors(); ++p) {
    const IdleIntervals cpu = cpu_of(problem, s, p);
    for (int q = 0; q < 40; ++q) {
      const double t = std::max(from, times[pick(rng)]);
      const double d = q % 5 == 0 ? 0.0 : q % 5 == 1 ? 1000.0 : length(rng);
      ASSERT_EQ(builder.cpu_fit(p, t, d), cpu.earliest_fit(t, d)) << when << ": processor " << p << ", t " << t << ", d " << d;
    }
  }
}

// A random graph of `tasks` tasks (integer for even seeds) on the cube: one port each way, every
// port for seed 5.
ProblemBox random_cube_box(const Topology& cube, std::uint64_t seed, int tasks, bool coprocessor) {
  RandomDagParams gp;
  gp.tasks = tasks;
  gp.seed = seed;
  gp.integer = seed % 2 == 0;
  const int ports = seed == 5 ? kAllPorts : 1;
  return ProblemBox(generate_random_dag(gp),
                    uniform_machine(cube.size(), cube.links(), false, ProcessorSpec{1, coprocessor, ports, ports}, 1, 0.5));
}

// The box's problem under contention: the engine's route for even seeds, the earliest for odd.
DagProblem contention_problem(const ProblemBox& box, std::uint64_t seed) {
  DagProblem problem = box.problem();
  problem.options.model = CommModel::contention;
  problem.options.route = seed % 2 == 0 ? RouteChoice::engine : RouteChoice::earliest;
  return problem;
}

TEST(ContentionAware, CpuFitAgreesWithTheCpusOwnTimetable) {
  const Topology cube = hypercube(3);
  std::mt19937_64 rng(7);
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const ProblemBox box = random_cube_box(cube, seed, 40, seed % 3 == 0);
    const DagProblem problem = contention_problem(box, seed);
    Schedule s;
    s.tasks.assign(static_cast<std::size_t>(problem.graph.size()), TaskPlacement{});
    ContentionBuilder builder(problem, s);
    std::uniform_int_distribution<int> where(0, problem.processors() - 1);
    for (int t : topological_order(problem.graph)) {
      // Evaluations in between book tentatively: the summary must not take those in.
      const int p = where(rng);
      for (int q = 0; q < problem.processors(); ++q) builder.start_from(t, q, 0);
      builder.place(t, p, builder.start_from(t, p, 0));
      expect_cpu_fits_agree(problem, s, builder, rng, 0, "after a placement");
      ++checked;
    }
    // Forgetting the past drops whole blocks and may shorten the longest gap before the tail.
    const double half = s.makespan() / 2;
    builder.forget_before(half);
    expect_cpu_fits_agree(problem, s, builder, rng, half, "after forget_before");
  }
  EXPECT_EQ(checked, 240);
}

// Every processor's cheap data-ready bound against its evaluated data-ready time, task after task
// on random graphs: both routes, one port and every port, with and without co-processors. The
// bound of a predecessor's own processor takes that input at its finish, not after a hop.
TEST(ContentionAware, DataReadyBoundsAreNoLaterThanTheDataReadyTimes) {
  std::mt19937_64 rng(11);
  int checked = 0;
  for (const int dim : {3, 4}) {
    const Topology cube = hypercube(dim);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const ProblemBox box = random_cube_box(cube, seed, 50, seed % 3 != 0);
      const DagProblem problem = contention_problem(box, seed);
      Schedule s;
      s.tasks.assign(static_cast<std::size_t>(problem.graph.size()), TaskPlacement{});
      ContentionBuilder builder(problem, s);
      std::vector<double> bounds;
      // Tasks placed on few processors, so that a sender's port is busy when its next message leaves.
      std::uniform_int_distribution<int> where(0, 2);
      for (int t : topological_order(problem.graph)) {
        builder.data_ready_bounds(t, bounds);
        ASSERT_EQ(bounds.size(), static_cast<std::size_t>(problem.processors()));
        for (int q = 0; q < problem.processors(); ++q) {
          ASSERT_LE(bounds[static_cast<std::size_t>(q)], builder.data_ready(t, q))
              << "dim " << dim << ", seed " << seed << ", task " << t << " on " << q;
          ++checked;
        }
        const int p = where(rng);
        builder.place(t, p, builder.start_from(t, p, 0));
      }
    }
  }
  EXPECT_EQ(checked, 50 * 6 * (8 + 16));
}

}  // namespace
}  // namespace mpnsim
