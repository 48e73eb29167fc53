// What scheduling a task DAG would take, estimated from its size before the work.
#pragma once

#include <string>

#include "experiments/kinds/dag/dag_setup.hpp"

namespace mpnsim {

// Tasks of the workload's graphs: the file's graph, or the generator's `tasks`.
double dag_task_count(const DagWorkload& workload);

// Edges of the workload's graphs: the file's graph's, or about what the
// generator of thesis §6.4 draws (out-degrees uniform on 0..max_out, each
// bounded by the tasks after it, in-degrees by max_in).
double dag_edge_count(const DagWorkload& workload);

// About how many steps `scheduler` takes for `tasks` tasks on `processors`.
double dag_schedule_steps(const std::string& scheduler, double tasks, double processors);

// The reason the set-up's graph or scheduling would pass the memory or step
// limit of config/work_limits.hpp (with the estimate), or "" when it would not.
std::string dag_work_problem(const DagSetup& setup);

}  // namespace mpnsim
