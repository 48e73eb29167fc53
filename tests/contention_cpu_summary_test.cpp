// ContentionBuilder's cheap bounds, asked for every processor for every task: cpu_fit answers from
// a summary of every CPU (its tail and longest gap) where it can, and must answer as a timetable
// of the CPU's own bookings; data_ready_bounds, computed sender by sender over all processors,
// must stay at or below each processor's data-ready time, and equal to the bit its sum taken
// processor by processor from the ports' and CPUs' own timetables.
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
      // The branch-free form best_processor's loop takes: it answers exactly where the
      // timetable needs no search, and its answer there is the timetable's.
      double start = -1;
      const bool at_tail = builder.cpu_fit_at_tail(p, t, d, start);
      ASSERT_EQ(at_tail, cpu.fits_at_tail(t, d)) << when << ": processor " << p << ", t " << t << ", d " << d;
      if (at_tail) {
        ASSERT_EQ(start, cpu.earliest_fit(t, d)) << when << ": processor " << p << ", t " << t << ", d " << d;
      }
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

// The box's problem under contention (the engine's route for even seeds, the earliest for odd),
// a schedule with none of its tasks placed, and a builder booking into that schedule.
struct ContentionCase {
  DagProblem problem;
  Schedule s;
  ContentionBuilder builder;
  ContentionCase(const ProblemBox& box, std::uint64_t seed)
      : problem(contention_problem(box, seed)), s(unplaced(problem)), builder(problem, s) {}

 private:
  static DagProblem contention_problem(const ProblemBox& box, std::uint64_t seed) {
    DagProblem problem = box.problem();
    problem.options.model = CommModel::contention;
    problem.options.route = seed % 2 == 0 ? RouteChoice::engine : RouteChoice::earliest;
    return problem;
  }
  static Schedule unplaced(const DagProblem& problem) {
    Schedule s;
    s.tasks.assign(static_cast<std::size_t>(problem.graph.size()), TaskPlacement{});
    return s;
  }
};

TEST(ContentionAware, CpuFitAgreesWithTheCpusOwnTimetable) {
  const Topology cube = hypercube(3);
  std::mt19937_64 rng(7);
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const ProblemBox box = random_cube_box(cube, seed, 40, seed % 3 == 0);
    ContentionCase c(box, seed);
    auto& [problem, s, builder] = c;
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
      ContentionCase c(box, seed);
      auto& [problem, s, builder] = c;
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

// p's send port (one lane) as the schedule books it: every hop p sends.
IdleIntervals send_port_of(const Schedule& s, int p) {
  IdleIntervals port;
  for (const ScheduledHop& h : s.hops)
    if (h.from == p) port.occupy(h.start, h.finish);
  return port;
}

// data_ready_bounds' definition, one processor at a time and apart from its code: per input from
// another processor, its first hop's earliest start at the sender's send port (one lane) and CPU
// (without a co-processor), for the cheapest hop's time shrunk by the rounding margin, then the
// route's delay (CommCost::delay, engine's route) or the hop count times the cheapest hop
// (route: earliest), all shrunk by the margin; an input on p itself counts at its finish.
std::vector<double> reference_bounds(const DagProblem& problem, const Schedule& s, int task) {
  constexpr double kBelow = 1 - 1e-12;  // contention_builder.cpp's margin
  const MachineSpec& m = problem.machine;
  double cheapest_startup = m.links[0].startup, cheapest_per_unit = m.links[0].z * m.Tcm;
  for (const LinkSpec& l : m.links) {
    cheapest_startup = std::min(cheapest_startup, l.startup);
    cheapest_per_unit = std::min(cheapest_per_unit, l.z * m.Tcm);
  }
  std::vector<double> bounds(static_cast<std::size_t>(problem.processors()), 0.0);
  for (int p = 0; p < problem.processors(); ++p) {
    double b = 0;
    for (int e : problem.graph.in_edges(task)) {
      const TaskPlacement& u = s.tasks[static_cast<std::size_t>(problem.graph.edge(e).from)];
      const double data = problem.graph.edge(e).data;
      if (u.processor == p) {
        b = std::max(b, u.finish);
        continue;
      }
      const double hop = (cheapest_startup + data * cheapest_per_unit) * kBelow;
      double first = u.finish;
      if (m.processors[static_cast<std::size_t>(u.processor)].send_ports == 1)
        first = send_port_of(s, u.processor).earliest_fit(first, hop);
      if (!m.processors[static_cast<std::size_t>(u.processor)].coprocessor)
        first = cpu_of(problem, s, u.processor).earliest_fit(first, hop);
      const double travel = problem.options.route == RouteChoice::engine
                                ? problem.comm.delay(u.processor, p, data)
                                : problem.comm.hops(u.processor, p) * (cheapest_startup + data * cheapest_per_unit);
      b = std::max(b, (first + travel) * kBelow);
    }
    bounds[static_cast<std::size_t>(p)] = b;
  }
  return bounds;
}

// The bounds are taken sender by sender over all processors, from CommCost's rows, in vector
// code: they must be the sums processor by processor to the bit, on the cube and on a mesh
// (routes of unequal lengths from an edge processor), both routes, one port and every port,
// with and without co-processors.
TEST(ContentionAware, DataReadyBoundsAreTheirSumsProcessorByProcessor) {
  std::mt19937_64 rng(5);
  int checked = 0;
  for (const bool on_mesh : {false, true}) {
    const Topology net = on_mesh ? mesh(3, 4, false) : hypercube(4);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const ProblemBox box = random_cube_box(net, seed, 60, seed % 3 != 0);
      ContentionCase c(box, seed);
      auto& [problem, s, builder] = c;
      std::vector<double> bounds;
      std::uniform_int_distribution<int> where(0, problem.processors() - 1);
      for (int t : topological_order(problem.graph)) {
        builder.data_ready_bounds(t, bounds);
        const std::vector<double> expected = reference_bounds(problem, s, t);
        for (std::size_t q = 0; q < bounds.size(); ++q) {
          ASSERT_EQ(bounds[q], expected[q]) << (on_mesh ? "mesh" : "cube") << ", seed " << seed << ", task " << t << " on " << q;
          ++checked;
        }
        const int p = where(rng);
        builder.place(t, p, builder.start_from(t, p, 0));
      }
    }
  }
  EXPECT_EQ(checked, 60 * 6 * (16 + 12));
}

}  // namespace
}  // namespace mpnsim
