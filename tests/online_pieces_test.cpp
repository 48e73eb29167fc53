// Tests of the stream's fed replay: the same bytes as the whole plan played at once, for every
// policy and both comm models, overlapping workflows, cost tables, CPUs that carry hops, and
// the plan equal to the replay under contention, long backlogs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "dag_test_support.hpp"
#include "schedulers/online/online_policies.hpp"
#include "schedulers/online/stream_replay.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

// `workflows` random graphs of `tasks` tasks arriving every `interval`; with `costs`, each
// with a cost table of `costs` processors (task t on p: its work times 1 + (t + p) % 3).
WorkflowStream sparse_stream(int workflows, int tasks, double interval, std::uint64_t seed, int costs = 0) {
  std::vector<TaskGraph> graphs;
  std::vector<double> arrival;
  std::vector<std::string> names;
  for (int k = 0; k < workflows; ++k) {
    RandomDagParams p;
    p.tasks = tasks;
    p.max_in = 2;
    p.max_out = 3;
    p.seed = seed + static_cast<std::uint64_t>(k) * 104729;
    TaskGraph g = generate_random_dag(p);
    if (costs > 0) {
      std::vector<double> values;
      for (int t = 0; t < g.size(); ++t)
        for (int q = 0; q < costs; ++q) values.push_back(g.work(t) * (1 + (t + q) % 3));
      g.set_costs(CostTable(g.size(), costs, std::move(values)));
    }
    graphs.push_back(std::move(g));
    arrival.push_back(interval * k);
    names.push_back(fmt::format("g{}", k));
  }
  return merge_workflows(graphs, arrival, names);
}

OnlineSchedule plan(const std::string& policy, const WorkflowStream& s, const MachineSpec& m, CommModel comm) {
  const CommCost cost(m);
  CommOptions options;
  options.model = comm;
  const OnlinePolicyEntry* e = find_online_policy(policy);
  EXPECT_NE(e, nullptr) << policy;
  return e->schedule(DagProblem{s.graph, m, cost, options}, s, resolve_params(e->params, {}));
}

// The fed replay (workflows fed in `feed` tasks or more at a time) against the whole plan
// played at once (kept timeline): every figure bit for bit. Returns the feeds.
int expect_same_as_whole(const WorkflowStream& s, const OnlineSchedule& p, const MachineSpec& m, const std::string& what,
                         int feed = 1) {
  const StreamReplay whole = replay_stream(s, p.schedule, p.dispatched, m, true);
  const StreamReplay fed = replay_stream(s, p.schedule, p.dispatched, m, false, feed);
  EXPECT_EQ(whole.feeds, 0) << what;
  EXPECT_EQ(fed.finish, whole.finish) << what;
  EXPECT_EQ(fed.makespan, whole.makespan) << what;
  EXPECT_EQ(fed.link_busy, whole.link_busy) << what;
  EXPECT_EQ(fed.messages, whole.messages) << what;
  EXPECT_EQ(fed.hops, whole.hops) << what;
  return fed.feeds;
}

TEST(OnlineReplayFed, SameBytesAsTheWholePlanForEveryPolicyAndModel) {
  // A one-port 3-cube; workflows of 12 tasks every 40 time units (the machine often idle in
  // between) and every 3 or 1 (never idle: workflows overlap, and a later one's bookings come
  // before an earlier one's on links and processors).
  MachineSpec cube = testing::dag_machine(hypercube(3), 0.5, 0.25);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  for (const double interval : {40.0, 3.0, 1.0}) {
    const WorkflowStream s = sparse_stream(8, 12, interval, 5);
    for (CommModel comm : {CommModel::free, CommModel::contention})
      for (const auto& e : online_policies()) {
        const std::string what = fmt::format("{} comm {} interval {}", e.name, static_cast<int>(comm), interval);
        const OnlineSchedule p = plan(e.name, s, cube, comm);
        EXPECT_EQ(expect_same_as_whole(s, p, cube, what), 8) << what;  // every workflow fed, none played whole
        EXPECT_EQ(expect_same_as_whole(s, p, cube, what, 30), 3) << what;  // 36, 36 and 24 tasks
      }
  }
}

TEST(OnlineReplayFed, CostTablesMeshesAndCPUsWithoutCoprocessor) {
  // Cost tables; and processors without a co-processor, whose CPU also carries their hops.
  MachineSpec m = testing::dag_machine(mesh(2, 3, false), 1, 0.5);
  const WorkflowStream s = sparse_stream(6, 10, 4, 17, m.size());
  for (CommModel comm : {CommModel::free, CommModel::contention})
    for (const std::string policy : {"fdws", "online-heft", "owm"})
      EXPECT_EQ(expect_same_as_whole(s, plan(policy, s, m, comm), m, policy), 6) << policy;
  for (auto& q : m.processors) {
    q.coprocessor = false;
    q.send_ports = q.recv_ports = 1;
  }
  for (const std::string policy : {"fdws", "online-heft", "rank-hybd"})
    EXPECT_EQ(expect_same_as_whole(s, plan(policy, s, m, CommModel::contention), m, policy), 6) << policy;
}

TEST(OnlineReplayFed, PlanEqualsReplayUnderContention) {
  MachineSpec cube = testing::dag_machine(hypercube(3), 1, 0.5);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  const WorkflowStream s = sparse_stream(6, 15, 5, 23);
  for (const auto& e : online_policies()) {
    const OnlineSchedule p = plan(e.name, s, cube, CommModel::contention);
    const StreamReplay r = replay_stream(s, p.schedule, p.dispatched, cube, false);
    EXPECT_EQ(r.feeds, 6) << e.name;
    for (int t = 0; t < s.graph.size(); ++t)
      EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], p.schedule.tasks[static_cast<std::size_t>(t)].finish))
          << e.name << " task " << s.graph.task(t).name;
  }
}

TEST(OnlineReplayFed, QueuedMessagesUnderCommFree) {
  // comm: free plans messages without ports; the one-port engine queues them (heavy data,
  // z = 2), so the replay runs past the plan: still the whole plan's bytes.
  MachineSpec cube = testing::dag_machine(hypercube(3), 2, 0.5);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  for (const std::uint64_t seed : {1, 2})
    for (const double interval : {2.0, 40.0}) {
      const WorkflowStream s = sparse_stream(8, 12, interval, seed);
      for (const std::string policy : {"fdws", "online-heft", "fifo", "online-minmin"})
        EXPECT_EQ(expect_same_as_whole(s, plan(policy, s, cube, CommModel::free), cube, policy), 8) << policy;
    }
}

TEST(OnlineReplayFed, LongBacklogsOnFewResources) {
  // 60 workflows on 4 processors, arriving faster than they run: hundreds of bookings wait on
  // each CPU, link and port, later workflows' among earlier ones', and each resource's chain
  // drops its completed front in bulk many times over.
  MachineSpec m = testing::dag_machine(hypercube(2), 1, 0.5);
  for (auto& q : m.processors) q.send_ports = q.recv_ports = 1;
  const WorkflowStream s = sparse_stream(60, 10, 0.5, 41);
  for (CommModel comm : {CommModel::free, CommModel::contention})
    for (const std::string policy : {"fdws", "online-heft", "owm"})
      EXPECT_EQ(expect_same_as_whole(s, plan(policy, s, m, comm), m, policy), 60) << policy;
}

TEST(OnlineReplayFed, AScheduleThatStartsBeforeItsDispatchIsPlayedWhole) {
  // The last workflow's dispatch instants moved far past its planned starts (as a program's
  // own policy might report them): in the whole plan the earlier workflows' bookings after
  // its own wait for it, which the fed player finds out only once they have run. The stream
  // is then played whole: the same figures as the whole plan's.
  const MachineSpec m = testing::dag_machine(hypercube(2), 1, 0.5);
  const WorkflowStream s = sparse_stream(4, 10, 3, 3);
  for (CommModel comm : {CommModel::free, CommModel::contention}) {
    OnlineSchedule p = plan("fdws", s, m, comm);
    EXPECT_EQ(replay_stream(s, p.schedule, p.dispatched, m, false).feeds, 4);
    for (int t = s.first_task[3]; t < s.graph.size(); ++t) p.dispatched[static_cast<std::size_t>(t)] = 1000;
    EXPECT_EQ(expect_same_as_whole(s, p, m, "moved dispatch"), 0);
  }
}

}  // namespace
}  // namespace mpnsim
