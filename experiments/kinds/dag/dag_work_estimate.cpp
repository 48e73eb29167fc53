// Step estimates of the DAG schedulers, calibrated on this machine's runs.
#include "experiments/kinds/dag/dag_work_estimate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"

namespace mpnsim {

namespace {

// A task scheduled and replayed: about 1.5 KB (workloads/dag/dag_generator.cpp, measured at 10^6 tasks).
constexpr double kBytesPerTask = 1536;
// An edge: the graph's record and both adjacency entries, its message in the schedule and the
// replay. Measured: 1.19 GB for 4000 tasks with max_in = max_out = 4000 (about 6e6 edges).
constexpr double kBytesPerEdge = 200;

}  // namespace

double dag_task_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->size();
  return workload.params.has("tasks") ? static_cast<double>(workload.params.integer("tasks")) : 0;
}

double dag_edge_count(const DagWorkload& workload) {
  if (workload.graph) return static_cast<double>(workload.graph->edge_count());
  if (!workload.params.has("max_out")) return 0;
  const double n = dag_task_count(workload);
  const double in = static_cast<double>(workload.params.integer("max_in"));
  const double mean_out = static_cast<double>(workload.params.integer("max_out")) / 2;
  // Task i draws about min(mean_out, n - i - 1) children: summed over i.
  const double drawn = mean_out >= n ? n * (n - 1) / 2 : n * mean_out - mean_out * (mean_out + 1) / 2;
  return std::min(drawn, n * in);
}

double dag_schedule_steps(const std::string& scheduler, double tasks, double processors) {
  // dls-pairs compares every ready task-processor pair at every step, and the
  // ready set of these graphs holds a third of the tasks: about T^2 sqrt(P)
  // (fitted to 2000 and 5000 tasks on 64 and 1024 processors, 1e-8 s a step).
  if (scheduler == "dls-pairs") return tasks * tasks * std::sqrt(processors);
  // The others look at each processor (or a neighbourhood) once per task and in-edge.
  return tasks * processors * 4;
}

std::string dag_work_problem(const DagSetup& setup) {
  const double tasks = dag_task_count(setup.workload);
  const double edges = dag_edge_count(setup.workload);
  const double bytes = tasks * kBytesPerTask + edges * kBytesPerEdge;
  if (bytes > kMaxEstimatedBytes)
    return fmt::format("a graph of {:.0f} tasks and about {:.3g} edges would take about {} to build, schedule and "
                       "replay; at most {} is allowed: fewer tasks or a lower max_in / max_out",
                       tasks, edges, bytes_text(bytes), bytes_text(kMaxEstimatedBytes));
  const double processors = setup.machine.topology.size();
  const std::string& name = setup.scheduler->name;
  const double steps = dag_schedule_steps(name, tasks, processors);
  if (steps <= kMaxEstimatedSteps) return "";
  return fmt::format("{} on {:.0f} tasks and {:.0f} processors would take about {:.2g} steps{}; at most {:.0e} are "
                     "allowed: fewer tasks or processors, or another scheduler (lps, hlf, dls, heft)",
                     name, tasks, processors, steps,
                     name == "dls-pairs" ? " (every ready task-processor pair is compared at each step)" : "",
                     kMaxEstimatedSteps);
}

}  // namespace mpnsim
