// Replaying a stream's schedule on the engine, each workflow released at its arrival, fed as it plays.
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
// Without a timeline the plan is never held whole: one engine plays it while it is made,
// workflows of at least `min_feed_tasks` tasks at a time, each fed in when the engine reaches
// its first dispatch, each action freed when it completes (fed_stream_player.hpp). The engine
// sees the same events in the same order as with the whole plan, so the figures are the same
// bytes, in memory for the workflows in flight. A single workflow is played whole; a schedule the fed player cannot follow (a
// task or message planned before its dispatch, which no built-in policy makes) is played whole.
// The replay's figures, and the time the links carried messages.
struct StreamReplay : DagReplay {
  double link_busy = 0;  // the hops' total duration: busy time summed over link directions
  int feeds = 0;         // the feeds of workflows the replay was made in; 0: played whole
};

inline constexpr int kStreamFeedTasks = 1;  // each workflow fed at its own first dispatch

// With `carried` (a timeline without records), the replay's timeline starts from it and is
// left in it: pieces of one stream, each over before the next begins, played one after the
// other sum their hops' time and count their messages as one replay of them all does.
StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                           const MachineSpec& machine, bool keep_timeline, int min_feed_tasks = kStreamFeedTasks,
                           Timeline* carried = nullptr);

}  // namespace mpnsim
