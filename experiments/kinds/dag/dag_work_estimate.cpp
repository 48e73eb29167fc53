// Step estimates of the DAG schedulers, calibrated on this machine's runs.
#include "experiments/kinds/dag/dag_work_estimate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"

namespace mpnsim {

namespace {

bool pairs_scheduler(const std::string& name) {
  return name == "dls-pairs" || name == "etf" || name == "minmin" || name == "maxmin";
}

}  // namespace

double dag_task_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->size();
  return workload.params.has("tasks") ? static_cast<double>(workload.params.integer("tasks")) : 0;
}

double dag_schedule_steps(const std::string& scheduler, double tasks, double processors) {
  // dls-pairs, ETF, Min-Min and Max-Min compare every ready task-processor pair
  // at every step, and the ready set of these graphs holds a third of the tasks:
  // about T^2 sqrt(P) (fitted to 2000 and 5000 tasks on 64 and 1024 processors,
  // 1e-8 s a step; the four take 4.7-5.6 s at 5000 tasks on 1024 processors).
  if (pairs_scheduler(scheduler)) return tasks * tasks * std::sqrt(processors);
  // The others look at each processor (or a neighbourhood) once per task and in-edge.
  return tasks * processors * 4;
}

std::string dag_work_problem(const DagSetup& setup) {
  const double tasks = dag_task_count(setup.workload);
  const double processors = setup.machine.topology.size();
  const std::string& name = setup.scheduler->name;
  const double steps = dag_schedule_steps(name, tasks, processors);
  if (steps <= kMaxEstimatedSteps) return "";
  return fmt::format("{} on {:.0f} tasks and {:.0f} processors would take about {:.2g} steps{}; at most {:.0e} are "
                     "allowed: fewer tasks or processors, or another scheduler (lps, hlf, dls, heft, cpop, peft)",
                     name, tasks, processors, steps,
                     pairs_scheduler(name) ? " (every ready task-processor pair is compared at each step)" : "",
                     kMaxEstimatedSteps);
}

}  // namespace mpnsim
