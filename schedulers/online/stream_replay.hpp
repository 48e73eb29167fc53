// Replaying a stream's schedule on the engine, each workflow released at its arrival, in pieces.
#pragma once

#include <span>

#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/online/workflow_stream.hpp"

namespace mpnsim {

// replay() of the stream's merged graph, with one more rule: each task starts no sooner than
// the instant the policy dispatched it (`dispatched`, at or after its workflow's arrival), a
// wait action of the plan that holds no resource. Without it an idle processor would run a
// workflow before it arrives, or a task before the policy chose to release it. Under
// `comm: contention` the replay then gives the schedule's own times.
//
// Without a timeline the stream is played in pieces of whole workflows, cut where nothing is
// in flight: before workflow b when every task, message and hop of the workflows before it
// ends (in the plan, and then in the replay) before any task of b or later is dispatched.
// Each piece is played on a fresh engine, from time 0 as the whole stream would be, so that
// its waits end at the same instants, and the timeline's running totals are carried from
// piece to piece, so that they add up in the same order: the figures are the bytes a replay of
// the whole stream gives, in memory for one piece's plan instead of the stream's. A piece
// holds at least `min_piece_tasks` tasks (fewer engines), more where no cut comes sooner.
// The replay's figures, and the time the links carried messages.
struct StreamReplay : DagReplay {
  double link_busy = 0;  // the hops' total duration: busy time summed over link directions
  int pieces = 0;        // the pieces the stream was played in
  int played_again = 0;  // pieces played again with the workflows after them (the replay ran past the plan's quiet instant)
};

inline constexpr int kStreamPieceTasks = 4096;

StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                           const MachineSpec& machine, bool keep_timeline, int min_piece_tasks = kStreamPieceTasks);

}  // namespace mpnsim
