// Step estimates of the DAG schedulers, calibrated on this machine's runs.
#include "experiments/kinds/dag/dag_work_estimate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"

namespace mpnsim {

namespace {

// The time of one step of kMaxEstimatedSteps (config/work_limits.hpp: 10^8 a second).
constexpr double kSecondsPerStep = 1e-8;

bool pairs_scheduler(const std::string& name) {
  return name == "dls-pairs" || name == "etf" || name == "minmin" || name == "maxmin";
}

// Those that insert a task into an idle gap of a processor (ScheduleBuilder::earliest_gap).
bool insertion_scheduler(const std::string& name) { return name == "heft" || name == "cpop" || name == "peft"; }

}  // namespace

double dag_task_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->size();
  return workload.params.has("tasks") ? static_cast<double>(workload.params.integer("tasks")) : 0;
}

double dag_edge_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->edge_count();
  // The generator gives each task at most max_in parents.
  const double max_in = workload.params.has("max_in") ? static_cast<double>(workload.params.integer("max_in")) : 1;
  return dag_task_count(workload) * max_in;
}

double dag_schedule_steps(const std::string& scheduler, double tasks, double edges, double processors) {
  // dls-pairs, ETF, Min-Min and Max-Min compare every ready task-processor pair
  // at every step, and the ready set of these graphs holds a third of the tasks:
  // about T^2 sqrt(P) (fitted to 2000 and 5000 tasks on 64 and 1024 processors,
  // 1e-8 s a step; the four take 4.7-5.6 s at 5000 tasks on 1024 processors).
  if (pairs_scheduler(scheduler)) return tasks * tasks * std::sqrt(processors);
  // The others look at each processor (or a neighbourhood) once per task and per in-edge.
  double steps = tasks * processors * 4 + edges * processors;
  // With insertion, finding a task's gap on a processor is one descent of that processor's
  // idle intervals (IdleIntervals): log2 of the tasks placed on it at most.
  if (insertion_scheduler(scheduler)) steps += tasks * processors * std::log2(tasks + 1);
  return steps;
}

std::string dag_work_problem(const DagSetup& setup) {
  const double tasks = dag_task_count(setup.workload);
  const double edges = dag_edge_count(setup.workload);
  const double processors = setup.machine.topology.size();
  const std::string& name = setup.scheduler->name;
  // The exact search: its budget of states, not the graph alone, sets its work.
  if (name == "optimal" && setup.scheduler_params.has("max_states"))
    return optimal_search_problem(tasks, edges, processors,
                                  static_cast<double>(setup.scheduler_params.integer("max_states")));
  const double steps = dag_schedule_steps(name, tasks, edges, processors);
  if (steps <= kMaxEstimatedSteps) return "";
  const char* why = pairs_scheduler(name)      ? " (every ready task-processor pair is compared at each step)"
                    : insertion_scheduler(name) ? " (each task's idle gap is searched on every processor)"
                                                : "";
  return fmt::format("{} on {:.0f} tasks and {:.0f} processors would take about {:.2g} steps{}, about {:.0f} s; at "
                     "most {:.0e} are allowed: fewer tasks or processors, or another scheduler ({})",
                     name, tasks, processors, steps, why, steps * kSecondsPerStep, kMaxEstimatedSteps,
                     insertion_scheduler(name) ? "lps, hlf or dls" : "lps, hlf, dls, heft, cpop, peft");
}

}  // namespace mpnsim
