// Playing a stream's replay on one engine, each workflow's actions fed in as the replay reaches
// its first dispatch and freed as they complete: memory for what is in flight.
#pragma once

#include <span>
#include <vector>

#include "schedulers/dag/schedule.hpp"
#include "schedulers/online/workflow_stream.hpp"
#include "sim/machine_spec.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

// The replay plan of the stream (schedulers/dag/dag_replay.hpp's replay_plan, plus a wait per
// dispatch instant before each task and its incoming messages: stream_replay.cpp) played
// without ever being held whole. The actions of workflows [a, b) (a "feed": whole workflows of
// at least `min_feed_tasks` tasks) are made when the engine reaches the first dispatch of
// workflow a or later, just before anything else happens at that instant, and each action is
// freed when it completes. Every action then has the same dependencies, in the same order, as
// in the whole plan, and is issued at the same event in the same order: the engine's events
// come in the same (time, sequence) order, so the figures (each task's finish, the hops' busy
// time summed in completion order) are the bytes of the whole plan's play.
//
// This holds because nothing of a feed can start before its first dispatch: a task waits for
// its dispatch instant, a message for its producer. The player checks it as it goes (a feed's
// action with nothing left to wait for when it is made; a booking put before one of a
// resource's bookings already issued; an action never played), and returns false when a
// schedule breaks it (one a program's own policy made): the caller then plays the whole plan.
// What stays whole: each task's finish (the caller's figures), per workflow its first
// message's index, and one pending event per distinct dispatch instant (the waits, which the
// whole plan issues at time 0 and which must keep their place in the engine's order).
struct FedReplay {
  std::vector<double> finish;  // per task
  Timeline timeline;           // running totals only (no records): in, where they start; out, where they end
  int feeds = 0;
};
bool play_fed(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
              const MachineSpec& played, int min_feed_tasks, FedReplay& out);

}  // namespace mpnsim
