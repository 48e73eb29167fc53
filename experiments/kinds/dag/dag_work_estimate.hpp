// What scheduling a task DAG would take, estimated from its size before the work.
#pragma once

#include <string>

#include "experiments/kinds/dag/dag_setup.hpp"

namespace mpnsim {

// Tasks of the workload's graphs: the file's graph, or the generator's `tasks`.
double dag_task_count(const DagWorkload& workload);

// Edges of the workload's graphs: the file's graph's, or at most `tasks` * `max_in` generated.
double dag_edge_count(const DagWorkload& workload);

// About how many steps `scheduler` takes for `tasks` tasks and `edges` edges on `processors`
// (an upper bound for the schedulers that insert into idle gaps, HEFT, CPOP and PEFT).
double dag_schedule_steps(const std::string& scheduler, double tasks, double edges, double processors);

// About how many steps the same takes when every message is booked on the network
// (`comm: contention`): measured growth in tasks and processors for the scheduler's family,
// with one-port (or k-port) processors or all ports, and the engine's or the earliest route
// (dag_work_estimate.cpp gives the measurements). 0 for a scheduler of no family measured.
double dag_contention_steps(const std::string& scheduler, double tasks, double processors, bool port_limited,
                            bool earliest_route);

// The reason the set-up's scheduling would pass the step limit of
// config/work_limits.hpp (with the estimate), or "" when it would not. (The
// graph's own size is checked where it is read or generated, in workloads/dag.)
std::string dag_work_problem(const DagSetup& setup);

}  // namespace mpnsim
