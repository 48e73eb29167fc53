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

// What the direct replay plays: one array of 32-bit words, where each task has a block, in
// task order. A block is a header of kHeaderWords (kTask: its number; kWaiting: releases still
// to come, from its processor's previous task, producers and messages; kPlace: its processor
// in the low processor_bits bits, above them how many words follow the header), then its
// dependents' words. A word p is the task whose block is at p, released when this one
// completes; a word kMessageWord | p is a message to it from this task's processor to its own,
// of the data of the graph's edge that the next word numbers, sent when this task completes and
// releasing p when it arrives. A task's amount waits in its finish slot (play_direct_replay):
// 12 bytes a header, where the processor and count apart and the work kept too took 24.
struct DirectReplayPlan {
  static constexpr std::uint32_t kMessageWord = std::uint32_t{1} << 31;
  enum Header : std::uint32_t { kTask, kWaiting, kPlace, kHeaderWords };
  std::uint32_t processor_bits = 0;  // enough for the machine's largest processor number
  std::vector<std::uint32_t> blocks;
  std::vector<std::uint32_t> roots;  // the blocks of tasks that wait for nothing, by task number
};

// The plan of a schedule that is not contention-aware, played the same, event for event, as
// replay_plan(graph, schedule) (dag_replay.hpp) by the plan player. nullopt when the general
// path must play it, which also words the errors: a value the player refuses (a processor
// outside the machine, an amount that is negative or not finite), an edge with two messages
// or a task that waits for itself; and a task whose list of dependents is too long to share
// a word with its processor (2^24 words on a machine of 256 processors). `order`, when given,
// is schedule.processor_order(), made by the caller (which checks the schedule with it too).
std::optional<DirectReplayPlan> compile_direct_replay(const TaskGraph& graph, const Schedule& schedule,
                                                      const Machine& machine, const ProcessorOrder* order = nullptr);

// Plays the plan compiled from `graph` on `machine` (fresh) to the end. finish (one per task)
// gets each task's completion time, NaN where it never ran; until a task starts, its slot holds
// its amount (its work, or its cost on its processor), so that the task reaches one line by its
// number, not two.
void play_direct_replay(const TaskGraph& graph, DirectReplayPlan&& plan, Machine& machine, std::span<double> finish);

}  // namespace mpnsim
