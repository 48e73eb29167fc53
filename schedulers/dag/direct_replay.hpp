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

// What the direct replay plays: one array of 32-bit words, where each task has a block. A
// block is a header of kHeaderWords (kTask: its number; kWaiting: releases still to come,
// from its processor's previous task, producers and messages; kPlace: its processor in the
// low processor_bits bits, above them how many words follow the header; kAmount and the word
// after it: the bits of the double it computes, its work or its cost on its processor), then
// its dependents' words. A word p is the task whose block is at p, released when this one
// completes; a word kMessageWord | p is a message to it from this task's processor to its
// own, of the data whose double the next two words hold, sent when this task completes and
// releasing p when it arrives.
// The blocks are laid out in the order the replay reaches them, processor by processor, each
// processor's tasks in the order it runs them (the schedule's processor_order()), not by task
// number: a processor's next task is the next block, and what the loop reads of a task (its
// amount, its messages' data) is in its block, so that the loop reads no array by task number
// (a random place in memory, out of the caches at 10^6 tasks and more). The player writes a
// task's finish over its amount, and the finish times go to their tasks after the run. A
// header takes 20 bytes and a message 12, where they took 12 and 8 beside the graph's works
// and edges: at 10^6 tasks about 14 MB more.
struct DirectReplayPlan {
  static constexpr std::uint32_t kMessageWord = std::uint32_t{1} << 31;
  enum Header : std::uint32_t { kTask, kWaiting, kPlace, kAmount, kHeaderWords = kAmount + 2 };
  // A message's words: the flagged dependent, then its data's double.
  static constexpr std::uint32_t kMessageWords = 3;
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
// gets each task's completion time, NaN where it never ran. (The graph is not read again: the
// blocks hold what the play needs.)
void play_direct_replay(const TaskGraph& graph, DirectReplayPlan&& plan, Machine& machine, std::span<double> finish);

}  // namespace mpnsim
