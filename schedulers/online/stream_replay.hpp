// Replaying a stream's schedule on the engine, each workflow released at its arrival.
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
// The replay's figures, and the time the links carried messages.
struct StreamReplay : DagReplay {
  double link_busy = 0;  // the hops' total duration: busy time summed over link directions
};

StreamReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
                        const MachineSpec& machine, bool keep_timeline);

}  // namespace mpnsim
