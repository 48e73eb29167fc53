// Replaying a stream's schedule on the engine, each workflow released at its arrival.
#pragma once

#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/online/workflow_stream.hpp"

namespace mpnsim {

// replay() of the stream's merged graph, with one more rule: the entry tasks of workflow w (those
// without predecessors) start no sooner than stream.arrival[w] (a wait action of the plan, which
// holds no resource). Without it an idle processor would run a workflow before it arrives. Under
// `comm: contention` the replay then gives the schedule's own times.
DagReplay replay_stream(const WorkflowStream& stream, const Schedule& schedule, const MachineSpec& machine,
                        bool keep_timeline);

}  // namespace mpnsim
