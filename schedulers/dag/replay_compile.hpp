// The plan player's state for a DAG replay, built straight from the graph and the schedule,
// each task's record followed by those of its sends.
#pragma once

#include <optional>

#include "schedulers/dag/schedule.hpp"
#include "sim/machine.hpp"
#include "sim/plan_player.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

using ReplayState = plan_player::CompiledPlan<plan_player::ActionRecords<false>>;

// What compiling replay_plan(graph, schedule, false) gives (sim/plan_player.hpp), played the
// same, event for event, for a schedule that is not contention-aware, with each task's record
// followed by those of the sends of its messages. nullopt when the general compile must do it,
// which also words the errors: a value the player refuses (a processor outside the machine,
// an amount that is negative or not finite), an edge with two messages, or a task that waits
// for itself.
std::optional<ReplayState> compile_replay(const TaskGraph& graph, const Schedule& schedule, const Machine& machine);

}  // namespace mpnsim
