// Tests of the stream's replay in pieces: the same bytes as the whole stream replayed at once,
// the plan equal to the replay piece by piece under contention, and a piece played again when
// the replay overruns a quiet instant of the plan.
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

// The replay in pieces of one task or more against the whole stream at once (kept timeline):
// every figure bit for bit. Returns the pieces.
int expect_same_as_whole(const WorkflowStream& s, const OnlineSchedule& p, const MachineSpec& m, const std::string& what,
                         int* played_again = nullptr) {
  const StreamReplay whole = replay_stream(s, p.schedule, p.dispatched, m, true);
  const StreamReplay pieces = replay_stream(s, p.schedule, p.dispatched, m, false, 1);
  EXPECT_EQ(whole.pieces, 1) << what;
  EXPECT_EQ(pieces.finish, whole.finish) << what;
  EXPECT_EQ(pieces.makespan, whole.makespan) << what;
  EXPECT_EQ(pieces.link_busy, whole.link_busy) << what;
  EXPECT_EQ(pieces.messages, whole.messages) << what;
  EXPECT_EQ(pieces.hops, whole.hops) << what;
  if (played_again) *played_again += pieces.played_again;
  return pieces.pieces;
}

TEST(OnlineReplayPieces, SameBytesAsTheWholeStreamForEveryPolicyAndModel) {
  // A one-port 3-cube; workflows of 12 tasks every 40 time units (the machine often idle in
  // between: many pieces) and every 3 (few quiet instants).
  MachineSpec cube = testing::dag_machine(hypercube(3), 0.5, 0.25);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  for (const double interval : {40.0, 3.0}) {
    const WorkflowStream s = sparse_stream(8, 12, interval, 5);
    for (CommModel comm : {CommModel::free, CommModel::contention})
      for (const auto& e : online_policies()) {
        const std::string what = fmt::format("{} comm {} interval {}", e.name, static_cast<int>(comm), interval);
        const int pieces = expect_same_as_whole(s, plan(e.name, s, cube, comm), cube, what);
        EXPECT_GE(pieces, interval == 40.0 ? 3 : 1) << what;
      }
  }
}

TEST(OnlineReplayPieces, CostTablesAndMeshes) {
  // Cost tables: each piece's graph carries its rows of the table.
  const MachineSpec m = testing::dag_machine(mesh(2, 3, false), 1, 0.5);
  const WorkflowStream s = sparse_stream(6, 10, 60, 17, m.size());
  for (CommModel comm : {CommModel::free, CommModel::contention})
    for (const std::string policy : {"fdws", "online-heft", "owm"})
      EXPECT_GT(expect_same_as_whole(s, plan(policy, s, m, comm), m, policy), 2) << policy;
}

TEST(OnlineReplayPieces, PlanEqualsReplayPieceByPieceUnderContention) {
  MachineSpec cube = testing::dag_machine(hypercube(3), 1, 0.5);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  const WorkflowStream s = sparse_stream(6, 15, 50, 23);
  for (const auto& e : online_policies()) {
    const OnlineSchedule p = plan(e.name, s, cube, CommModel::contention);
    const StreamReplay r = replay_stream(s, p.schedule, p.dispatched, cube, false, 1);
    EXPECT_GT(r.pieces, 2) << e.name;
    EXPECT_EQ(r.played_again, 0) << e.name;  // the replay is the plan: no quiet instant overrun
    for (int t = 0; t < s.graph.size(); ++t)
      EXPECT_TRUE(times_equal(r.finish[static_cast<std::size_t>(t)], p.schedule.tasks[static_cast<std::size_t>(t)].finish))
          << e.name << " task " << s.graph.task(t).name;
  }
}

TEST(OnlineReplayPieces, APieceOverrunInTheReplayIsPlayedAgainWithTheNextWorkflows) {
  // comm: free plans messages without ports; the one-port engine queues them, so the replay
  // runs past quiet instants of the plan, here often (heavy data, z = 2), before the next
  // workflow arrives. Those pieces are played again with the next workflows: still the whole
  // stream's bytes.
  MachineSpec cube = testing::dag_machine(hypercube(3), 2, 0.5);
  for (auto& q : cube.processors) q.send_ports = q.recv_ports = 1;
  int played_again = 0;
  for (const std::uint64_t seed : {1, 2})
    for (const double interval : {40.0, 60.0}) {
      const WorkflowStream s = sparse_stream(8, 12, interval, seed);
      for (const std::string policy : {"fdws", "online-heft", "fifo"})
        expect_same_as_whole(s, plan(policy, s, cube, CommModel::free), cube, policy, &played_again);
    }
  EXPECT_GT(played_again, 0);  // the case is met, not only the easy one
}

TEST(OnlineReplayPieces, ThePieceFloorKeepsSmallStreamsWhole) {
  const MachineSpec m = testing::dag_machine(hypercube(2), 1, 0.5);
  const WorkflowStream s = sparse_stream(5, 10, 100, 3);
  const OnlineSchedule p = plan("fdws", s, m, CommModel::contention);
  EXPECT_EQ(replay_stream(s, p.schedule, p.dispatched, m, false).pieces, 1);      // 50 tasks < the floor
  EXPECT_EQ(replay_stream(s, p.schedule, p.dispatched, m, false, 30).pieces, 2);  // 30 + 20 tasks
  EXPECT_EQ(replay_stream(s, p.schedule, p.dispatched, m, false, 1).pieces, 5);
}

}  // namespace
}  // namespace mpnsim
