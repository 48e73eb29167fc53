// The replay of a contention-free DAG schedule played straight from the graph and the
// schedule: one record per task, each message kept among its producer's dependents.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "schedulers/dag/schedule.hpp"
#include "sim/machine.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// What the direct replay plays. Task t's dependents are words[tasks[t].first ..
// tasks[t + 1].first): a word d is task d, released when t completes; a word
// kMessageWord | d is a message to task d from t's processor to d's, whose amount's bits are
// the next two words, sent when t completes and releasing d when it arrives.
struct DirectReplayPlan {
  static constexpr std::uint32_t kMessageWord = std::uint32_t{1} << 31;
  struct Task {
    double amount = 0;        // its work on its processor
    std::uint32_t first = 0;  // its first word
    int waiting_on = 0;       // releases still to come: its processor's previous task, producers, messages
    int processor = 0;
  };
  std::vector<Task> tasks;           // one per task, and a sentinel for `first`
  std::vector<std::uint32_t> words;  // the dependents, tasks first (by number), then messages (by message)
  std::vector<int> roots;            // tasks that wait for nothing, by number
};

// The plan of a schedule that is not contention-aware, played the same, event for event, as
// replay_plan(graph, schedule) (dag_replay.hpp) by the plan player. nullopt when the general
// path must play it, which also words the errors: a value the player refuses (a processor
// outside the machine, an amount that is negative or not finite), an edge with two messages,
// a message between processors other than its tasks', or a task that waits for itself.
std::optional<DirectReplayPlan> compile_direct_replay(const TaskGraph& graph, const Schedule& schedule,
                                                      const Machine& machine);

// Plays the plan on `machine` (fresh) to the end. finish (one per task) gets each task's
// completion time, NaN where it never ran.
void play_direct_replay(DirectReplayPlan&& plan, Machine& machine, std::span<double> finish);

}  // namespace mpnsim
