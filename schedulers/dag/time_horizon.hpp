// The latest start a DAG schedule may have: beyond it the model's times no longer carry the tasks' durations.
#pragma once

#include "schedulers/dag/dag_problem.hpp"

namespace mpnsim {

// Every task on its slowest processor and every message over the network's diameter on its
// costliest links, one after another: no schedule whose tasks wait only for their data, their processor and the links
// ends later (at each moment before its end, a task or a message of it, or one it waits for,
// is running). mpnsim's checks compare times to the shared relative tolerance
// (sim/time_tolerance.hpp), so at a time far beyond this sum whole tasks fall inside the
// tolerance, and past 2^53 times their durations the sums drop them altogether
// (workloads/dag/dag_input_limits.hpp): a schedule there could overlap tasks unseen.
// A problem with a carried_horizon (a part of a larger one) answers that instead.
double serial_horizon(const DagProblem& problem);

// The latest start ScheduleBuilder::place accepts: twice the serial horizon (room for a
// scheduler that leaves processors idle on purpose), and any finite time when the horizon
// is 0 (nothing has a duration to lose).
double latest_carried_start(const DagProblem& problem);

}  // namespace mpnsim
