// Tests of replaying DAG schedules on the engine: equal to the estimate without link contention.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>
#include <string>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/direct_replay.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

using testing::ProblemBox;

TEST(DagReplay, MultiHopMessageTakesItsRouteDelay) {
  // a on P0, b on P2 of the chain P0 - P1 - P2: store and forward over 2 hops of 0.5 + 3.
  TaskGraph g("two");
  g.add_task("a", 2);
  g.add_task("b", 1);
  g.add_edge(0, 1, 3);
  g.finalize();
  const ProblemBox box(std::move(g), testing::dag_machine(chain(3), 1, 0.5));
  Schedule s;
  s.processors = 3;
  s.tasks = {{0, 0, 2}, {2, 9, 10}};
  s.messages = {{0, 2, 9}};
  ASSERT_TRUE(check_schedule(box.problem(), s).valid());
  const DagReplay r = replay(box.graph, s, box.machine);
  EXPECT_DOUBLE_EQ(r.makespan, 10);
  EXPECT_DOUBLE_EQ(r.finish[0], 2);
  EXPECT_DOUBLE_EQ(r.finish[1], 10);
  EXPECT_EQ(r.stats.messages, 1u);
  EXPECT_EQ(r.stats.hops, 2u);
  EXPECT_EQ(estimated_link_conflicts(box.problem(), s), 0);
}

// The replay's refusal of a schedule, with or without the timeline ("" when it plays).
std::string replay_refusal(const ProblemBox& box, const Schedule& s, bool keep_timeline) {
  try {
    replay(box.graph, s, box.machine, keep_timeline);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// a (1) feeds b (1) and c (1) with 2 units each.
TaskGraph fan_graph(double data_to_b = 2) {
  TaskGraph g("fan");
  g.add_task("a", 1);
  g.add_task("b", 1);
  g.add_task("c", 1);
  g.add_edge(0, 1, data_to_b);
  g.add_edge(0, 2, 2);
  g.finalize();
  return g;
}

// a on P0 at [0, 1], b and c on P1 after it, a message to each.
Schedule fan_schedule() {
  Schedule s;
  s.processors = 2;
  s.tasks = {{0, 0, 1}, {1, 3, 4}, {1, 4, 5}};
  s.messages = {{0, 1, 3}, {1, 1, 3}};
  return s;
}

TEST(DagReplay, MessagesSharingALinkQueueAndLengthenTheReplay) {
  // a on P0 feeds b and c on P1: both messages want the link P0 -> P1 at time 1.
  const ProblemBox box(fan_graph(), testing::dag_machine(chain(2), 1, 0));
  const Schedule s = fan_schedule();
  ASSERT_TRUE(check_schedule(box.problem(), s).valid());
  EXPECT_EQ(estimated_link_conflicts(box.problem(), s), 1);
  const DagReplay r = replay(box.graph, s, box.machine);
  // The second message arrives at 5, not 3: c runs [5, 6].
  EXPECT_DOUBLE_EQ(r.makespan, 6);
  EXPECT_GT(r.makespan, s.makespan());
}

// A schedule whose order on a processor goes against the precedence (b before its producer a
// on P0) cannot be played: both replays refuse it with the same message, naming the cycle,
// whether the plan is stored (with a timeline) or checked while compiled (without).
TEST(DagReplay, AnOrderAgainstThePrecedenceIsRefusedTheSameWithOrWithoutTheTimeline) {
  const ProblemBox box(fan_graph(), testing::dag_machine(chain(2), 1, 0));
  Schedule s;
  s.processors = 2;
  s.tasks = {{0, 1, 2}, {0, 0, 1}, {1, 3, 4}};  // b at 0 on P0, a after it
  s.messages = {{1, 2, 4}};
  auto refusal = [&](bool keep_timeline) { return replay_refusal(box, s, keep_timeline); };
  EXPECT_EQ(refusal(true), "plan dependencies form a cycle: a -> b -> a");
  EXPECT_EQ(refusal(false), refusal(true));
  // An unplaced task's processor is outside the machine: refused the same way too.
  s.tasks[2].processor = 5;
  EXPECT_EQ(refusal(true), "plan action c: processor outside 0..1");
  EXPECT_EQ(refusal(false), refusal(true));
}

// The replay without a timeline plays the schedule straight from the graph (direct_replay.hpp):
// a block per task, each message two words among its producer's dependents. What it leaves
// to the general compile plays the same as the stored plan: an edge with two messages (both
// are sent), a task on a processor the machine lacks, and data that is not a number.
TEST(DagReplay, TheDirectReplayLeavesOddSchedulesToTheGeneralCompile) {
  const ProblemBox box(fan_graph(), testing::dag_machine(chain(2), 1, 0));
  Schedule s = fan_schedule();
  {
    Engine engine;
    const Machine machine(engine, box.machine);
    std::optional<DirectReplayPlan> plan = compile_direct_replay(box.graph, s, machine);
    ASSERT_TRUE(plan.has_value());
    // a's block (at 0) sends edge 0 to b and edge 1 to c (message 0, then 1); b's (at 7)
    // releases c, the task after it on P1, whose block is at 11. The headers: task, releases to
    // come, and the words after the header above the processor's one bit (two processors).
    using P = DirectReplayPlan;
    constexpr std::uint32_t kMessage = P::kMessageWord;
    EXPECT_EQ(plan->processor_bits, 1u);
    EXPECT_EQ(plan->blocks, std::vector<std::uint32_t>({0, 0, 4 << 1 | 0, kMessage | 7, 0, kMessage | 11, 1,  // a
                                                        1, 1, 1 << 1 | 1, 11,                                 // b
                                                        2, 2, 0 << 1 | 1}));                                  // c
    EXPECT_EQ(plan->roots, std::vector<std::uint32_t>({0}));
    // Two messages for edge a -> b: the general compile, which sends both.
    s.messages.push_back({0, 1, 3});
    EXPECT_FALSE(compile_direct_replay(box.graph, s, machine).has_value());
  }
  const DagReplay kept = replay(box.graph, s, box.machine, true);
  const DagReplay bare = replay(box.graph, s, box.machine, false);
  EXPECT_EQ(bare.finish, kept.finish);
  EXPECT_EQ(bare.messages, 3u);
  EXPECT_EQ(bare.messages, kept.stats.messages);
  // Refused the same with and without the timeline.
  auto refusal = [&](bool keep_timeline) { return replay_refusal(box, s, keep_timeline); };
  s.messages.pop_back();
  s.tasks[2].processor = 3;
  EXPECT_EQ(refusal(true), "plan action c: processor outside 0..1");
  EXPECT_EQ(refusal(false), refusal(true));
  // Data that is not a number, on a graph of its own.
  const ProblemBox odd(fan_graph(std::nan("")), testing::dag_machine(chain(2), 1, 0));
  EXPECT_EQ(replay_refusal(odd, fan_schedule(), true), "plan action a->b: amount must be >= 0, got nan");
  EXPECT_EQ(replay_refusal(odd, fan_schedule(), false), replay_refusal(odd, fan_schedule(), true));
}

// A block's processor and its count of dependent words share one header word: on a machine of
// 2^19 + 1 processors the processor takes 20 bits, leaving 12 for the count. A root with 4095
// dependents on its processor fits; with 4096 it goes to the general compile, which plays the
// same. (No links: every task runs on P0.)
TEST(DagReplay, ADependentListTooLongForItsHeaderGoesToTheGeneralCompile) {
  const int processors = (1 << 19) + 1;
  const MachineSpec spec =
      uniform_machine(processors, {}, false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
  auto fan_out = [](int dependents) {
    TaskGraph g("fan-out");
    g.add_task("root", 1);
    for (int i = 1; i <= dependents; ++i) {
      g.add_task(fmt::format("t{}", i), 1);
      g.add_edge(0, i, 1);
    }
    g.finalize();
    return g;
  };
  auto on_p0 = [](int tasks) {  // one after another on P0
    Schedule s;
    s.processors = (1 << 19) + 1;
    for (int t = 0; t < tasks; ++t) s.tasks.push_back({0, double(t), double(t + 1)});
    return s;
  };
  Engine engine;
  const Machine machine(engine, spec);
  for (const int dependents : {4095, 4096}) {
    const TaskGraph g = fan_out(dependents);
    const Schedule s = on_p0(dependents + 1);
    const std::optional<DirectReplayPlan> plan = compile_direct_replay(g, s, machine);
    EXPECT_EQ(plan.has_value(), dependents < 4096) << dependents;
    if (plan) {
      EXPECT_EQ(plan->processor_bits, 20u);
    }
    const DagReplay bare = replay(g, s, spec, false);
    EXPECT_DOUBLE_EQ(bare.makespan, dependents + 1.0);
    EXPECT_DOUBLE_EQ(bare.finish.back(), dependents + 1.0);
  }
}

TEST(DagReplay, PlanHasOneComputePerTaskAndOneSendPerCrossEdge) {
  const ProblemBox box(testing::diamond_graph(1), testing::dag_machine(complete_graph(2), 1, 0));
  const Schedule s = schedule_dls(box.problem());
  const Plan plan = replay_plan(box.graph, s);
  int computes = 0, sends = 0;
  for (const auto& a : plan.actions) (a.op == PlanAction::Op::compute ? computes : sends)++;
  EXPECT_EQ(computes, 4);
  EXPECT_EQ(sends, static_cast<int>(s.messages.size()));
}

// The property the replay is built on: whenever no two messages would share a link direction
// at once, the engine reproduces the scheduler's estimate, task by task.
TEST(DagReplay, EqualsTheEstimateWheneverNoTwoMessagesShareALink) {
  const std::vector<Topology> nets{linearly_extensible_tree(2), de_bruijn(3, 2, true), de_bruijn(3, 2, false),
                                   hypercube(3), chain(3)};
  int contention_free = 0, contended = 0;
  for (const auto& net : nets) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      RandomDagParams p;
      p.tasks = 12 + static_cast<int>(seed);
      p.max_in = 2;
      p.max_out = 2;
      p.seed = seed;
      const ProblemBox box(generate_random_dag(p), testing::dag_machine(net, 0.3, 0.2));
      for (const auto& e : dag_schedulers()) {
        const Schedule s = e.schedule(box.problem(), testing::test_params(e, {}));
        const DagReplay r = replay(box.graph, s, box.machine);
        if (estimated_link_conflicts(box.problem(), s) == 0) {
          ++contention_free;
          EXPECT_TRUE(times_equal(r.makespan, s.makespan())) << e.name << " on " << net.name() << " seed " << seed
                                                             << ": " << r.makespan << " vs " << s.makespan();
          for (int t = 0; t < box.graph.size(); ++t)
            EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], s.tasks[static_cast<std::size_t>(t)].finish))
                << e.name << " task " << t;
        } else {
          ++contended;
        }
      }
    }
  }
  EXPECT_GT(contention_free, 50);  // the property was exercised
  EXPECT_GT(contended, 0);         // and contention does happen
}

// A random DAG of `tasks` tasks (degrees at most 3) on the 3-cube with one port a processor,
// w = 2 and z = 0.1, where messages contend, and its schedule by `scheduler`, contention-aware
// or not.
std::pair<ProblemBox, Schedule> contended_case(const char* scheduler, int tasks, std::uint64_t seed, bool contention) {
  RandomDagParams p;
  p.tasks = tasks;
  p.max_in = 3;
  p.max_out = 3;
  p.seed = seed;
  MachineSpec machine = testing::dag_machine(hypercube(3), 2.0, 0.1);
  for (auto& proc : machine.processors) proc.send_ports = proc.recv_ports = 1;
  ProblemBox box(generate_random_dag(p), machine);
  DagProblem problem = box.problem();
  if (contention) problem.options.model = CommModel::contention;
  const DagSchedulerEntry* entry = find_dag_scheduler(scheduler);
  Schedule s = entry->schedule(problem, resolve_params(entry->params, {}));
  return {std::move(box), std::move(s)};
}

// The direct replay keeps each task's amount (its work, or its cost on its processor) in the
// task's own finish slot until the task starts, and writes its finish time over it. Against the
// general player with its timeline (replay_plan, made independently): the same finish times,
// bit for bit, with works and with a cost table, every slot written (each starts as -1); and a
// task that never runs (a processor's order against the precedence) ends NaN, not its amount.
TEST(DagReplay, TheDirectReplayHoldsEachAmountInItsFinishSlot) {
  auto direct_finish = [](const TaskGraph& g, const Schedule& s, const MachineSpec& spec) {
    Engine engine;
    Machine machine(engine, replay_machine(g, spec));
    std::optional<DirectReplayPlan> plan = compile_direct_replay(g, s, machine);
    EXPECT_TRUE(plan.has_value());
    std::vector<double> finish(static_cast<std::size_t>(g.size()), -1.0);
    if (plan) play_direct_replay(g, std::move(*plan), machine, finish);
    return finish;
  };
  for (const char* scheduler : {"heft", "lps", "dls"})
  for (const std::uint64_t seed : {3, 4})
  for (const bool with_costs : {false, true}) {
    auto [box, s] = contended_case(scheduler, 300, seed, false);
    SCOPED_TRACE(std::string(scheduler) + " seed " + std::to_string(seed) + (with_costs ? " costs" : ""));
    TaskGraph g = box.graph;
    if (with_costs) {  // each task's cost on each processor: its work times a factor of the pair
      const int procs = box.machine.size();
      std::vector<double> values;
      for (int t = 0; t < g.size(); ++t)
        for (int q = 0; q < procs; ++q) values.push_back(g.work(t) * (1 + 0.37 * ((t * 7 + q * 3) % 5)));
      g.set_costs(CostTable(g.size(), procs, std::move(values)));
    }
    const std::vector<double> finish = direct_finish(g, s, box.machine);
    const DagReplay kept = replay(g, s, box.machine, true);
    EXPECT_EQ(finish, kept.finish);
    EXPECT_TRUE(std::none_of(finish.begin(), finish.end(), [](double t) { return std::isnan(t) || t < 0; }));
  }
  // a -> b, but b runs before a on P0: neither runs, nor c after b on P1; d (alone, first on
  // P1) runs for its amount: its work 1, or its cost 2.5 on P1.
  TaskGraph g("stuck");
  for (const char* name : {"a", "b", "c", "d"}) g.add_task(name, 1);
  g.add_edge(0, 1, 1);
  g.add_edge(1, 2, 1);
  g.finalize();
  Schedule s;
  s.processors = 2;
  s.tasks = {{0, 1, 2}, {0, 0, 1}, {1, 3, 4}, {1, 0, 1}};
  s.messages = {{1, 1, 2}};
  const MachineSpec spec = testing::dag_machine(chain(2), 1, 0);
  const double nan = std::nan("");
  auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) {
             return std::isnan(x) ? std::isnan(y) : x == y;
           });
  };
  EXPECT_TRUE(same(direct_finish(g, s, spec), {nan, nan, nan, 1.0}));
  g.set_costs(CostTable(4, 2, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 2.5}));
  EXPECT_TRUE(same(direct_finish(g, s, spec), {nan, nan, nan, 2.5}));
}

// The estimate's link conflicts are the same however many hops are held at once: groups of
// link directions are counted one after another (one direction alone when it has more hops),
// for contention-free and contention-aware schedules.
TEST(DagReplay, LinkConflictsAreTheSameHoweverManyHopsAreHeldAtOnce) {
  for (const bool contention : {false, true})
  for (const char* scheduler : {"heft", "lps"}) {
    const auto [box, s] = contended_case(scheduler, 400, 21, contention);
    SCOPED_TRACE(std::string(scheduler) + (contention ? " contention" : ""));
    const long long all = estimated_link_conflicts(box.problem(), s);
    if (!contention) {
      EXPECT_GT(all, 10) << "the case must contend";
    }
    for (const std::size_t at_once : {std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{100}, std::size_t{1000}})
      EXPECT_EQ(estimated_link_conflicts(box.problem(), s, at_once), all) << at_once << " hops at once";
  }
}

// A replay that keeps no timeline (what `mpnsim dag` does when no Gantt chart, trace or timeline
// file is asked for) gives the same figures, bit for bit, under heavy contention, with and
// without contention-aware plans; its timeline holds no record. Without contention-aware
// plans it plays the schedule without storing a Plan (FreeReplaySource): whole-number times
// make ties, so the order in which it issues actions is checked too.
TEST(DagReplay, WithoutTheTimelineTheFiguresAreTheSame) {
  for (const bool contention : {false, true})
  for (const char* scheduler : {"heft", "lps", "dls"})
  for (const std::uint64_t seed : {9, 10}) {
    const auto [box, s] = contended_case(scheduler, 300, seed, contention);
    SCOPED_TRACE(std::string(scheduler) + " seed " + std::to_string(seed) + (contention ? " contention" : ""));
    const DagReplay kept = replay(box.graph, s, box.machine, true);
    const DagReplay bare = replay(box.graph, s, box.machine, false);
    if (std::string(scheduler) == "heft") {
      EXPECT_GT(kept.makespan, s.makespan() * (contention ? 0.0 : 1.01)) << "the case must contend";
    }
    EXPECT_EQ(bare.makespan, kept.makespan);
    EXPECT_EQ(bare.makespan, kept.stats.makespan);
    EXPECT_EQ(bare.finish, kept.finish);
    EXPECT_EQ(bare.hops, kept.stats.hops);
    EXPECT_EQ(bare.messages, kept.stats.messages);
    EXPECT_EQ(bare.hops, kept.timeline.transfers().size());
    EXPECT_TRUE(bare.timeline.computes().empty());
    EXPECT_TRUE(bare.timeline.transfers().empty());
  }
}

}  // namespace
}  // namespace mpnsim
