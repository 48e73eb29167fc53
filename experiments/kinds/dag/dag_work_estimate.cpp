// Step estimates of the DAG schedulers, calibrated on this machine's runs.
#include "experiments/kinds/dag/dag_work_estimate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"
#include "schedulers/dag/comm_model.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"

namespace mpnsim {

namespace {

// The time of one step of kMaxEstimatedSteps (config/work_limits.hpp: 10^8 a second).
constexpr double kSecondsPerStep = 1e-8;

bool pairs_scheduler(const std::string& name) {
  return name == "dls-pairs" || name == "etf" || name == "minmin" || name == "maxmin";
}

// ETF's and DLS-pairs' steps per heap entry, a task on a processor (dag_schedule_steps).
constexpr double kQueueStepsPerPush = 6;

// Those that insert a task into an idle gap of a processor (ScheduleBuilder::earliest_gap).
bool insertion_scheduler(const std::string& name) { return name == "heft" || name == "cpop" || name == "peft"; }

// Contention-aware runs (comm: contention), measured with `mpnsim dag --generate --tasks T
// --topology hypercube --dim 8 --comm contention [--send-ports 1 --recv-ports 1] [--route
// earliest] --timing` (the command's default z = 1: its links are ten times busier than the
// bench's z = 0.1, and its runs slower), scheduler CPU seconds of a Release build on a shared
// 2-core machine (default generator: max_in = max_out = 3), 2026-11-27, after the contention
// builder's blocks, lazy bounds and reach trees (docs/performance_log.md, "Contention-aware
// scheduling at scale"):
//
//   family          ports  route     z    T: seconds                          growth
//   best (HEFT)     all    engine    1    10^4: 0.31, 3*10^4: 0.90            T^0.98
//                   all    earliest  1    10^4: 0.36, 3*10^4: 1.25            T^1.12
//                   one    engine    1    10^4: 1.72 (1.82), 3*10^4: 8.86    T^1.49
//                                    0.1  10^3: 0.024, 10^4: 0.41, 10^5: 6.27 T^1.21 (contention_scaling)
//                   one    earliest  1    10^4: 8.80, 3*10^4: 39.8            T^1.37
//                                    0.1  10^3: 0.037, 10^4: 0.68, 10^5: 13.7 T^1.28
//   DLS (as best)   one    engine    1    10^4: 1.36;   0.1: 10^5: 5.05
//                   one    earliest  1    10^4: 5.10;   0.1: 10^5: 13.7
//   ETF             one    engine    1    10^3: 1.76;   0.1: 10^3: 0.49, 3*10^3: 16.9  T^3.2
//                   one    earliest  1    10^3: 2.99;   0.1: 10^3: 0.55, 3*10^3: 34.5  T^3.8
//   DLS-pairs       one    engine    1    10^3: 2.04;   0.1: 10^3: 0.11, 3*10^3: 4.1   T^3.3
//                   one    earliest  1    10^3: 3.06;   0.1: 10^3: 0.13, 3*10^3: 5.7   T^3.4
// and after best_processor's tree of bounds (docs/performance_log.md, "third pass"; best of 3,
// the build of main beside it in turn: ETF 1.93, 3.02; DLS-pairs 1.66, 2.51):
//   ETF             one    engine    1    10^3: 1.22;   0.1: 10^3: 0.26, 3*10^3: 13.9
//                   one    earliest  1    10^3: 2.67
//   DLS-pairs       one    engine    1    10^3: 1.35
//                   one    earliest  1    10^3: 2.48
// and with each processor's queues of ready tasks (ready_pairs.cpp, 2026-11-28, one run each,
// load 3-10; at z = 1 most tasks have several messages and are looked at whole, as before):
//   ETF             one    engine    1    10^3: 0.89, 3*10^3: 11.5    T^2.33
//                   one    earliest  1    10^3: 1.55, 3*10^3: 43.0    T^3.03
//   DLS-pairs       one    engine    1    10^3: 0.84, 3*10^3: 16.3    T^2.70
//                   one    earliest  1    10^3: 1.79, 3*10^3: 60.4    T^3.19
// and with every evaluated pair put back with its lasting bound, one copy a task at each
// compaction of the queues (docs/performance_log.md, "second pass: lasting bounds kept"; one run
// each, load 1.7-2.2; 10^4 with the earliest route from bench/contention_scaling --z 1, whose
// graph is another of the same generator, as the command refused it):
//   ETF             one    engine    1    10^3: 0.25, 3*10^3: 2.08, 10^4: 31.4    T^2.25 (3*10^3..10^4)
//                   one    earliest  1    10^3: 0.90, 3*10^3: 7.56, 10^4: 87.6      T^2.04
//   DLS-pairs       one    engine    1    10^3: 0.35, 3*10^3: 3.37, 10^4: 46.1    T^2.17
//                   one    earliest  1    10^3: 1.02, 3*10^3: 10.3, 10^4: 122.6     T^2.05
// and before those changes (the fits of the rows not measured again, still so):
//   ETF, Min-Min,   all    engine    10   600: 0.82, 1500: 5.79, 3000: 25 (Min-Min 18, DLS-pairs 17)
//   DLS-pairs
//   DLS-pairs       all    engine    10   300: 1.66, 600: 5.82 (before its bounds)
//   LPS             one    earliest  10   600: 0.21, 1200: 0.27
//
// Every placement books its messages hop by hop; with one port, a hop waits for a free lane
// at both ends as well as the link, and the calendars it searches fill as tasks are placed,
// so the cost per task grows with the tasks already placed (and the bounds that skip
// candidates lose some of their edge as the network fills). The earliest route searches every
// shortest path (a subcube of 2^h processors for h hops on a hypercube). The pairs family
// (ETF, DLS-pairs, Min-Min, Max-Min) is quadratic in the ready set, and more so with contention.
//
// Fitted as seconds(T, P) = s * (T / 1000)^a * (P / 1024)^b, at or above the measurements
// above: a is the steepest growth measured for the row (rounded up), s the least that puts the
// z = 1 runs under the curve, b the processors' growth of the earlier fits (only the 8-cube was
// measured again). The estimates before these measurements were 1.5-3.8 times the z = 1 HEFT
// runs at 10^4 tasks (one port, earliest route: 33.6 s for 8.8 s), and below the pairs family's.
// The 12-cube's 10^5 tasks under one-port HEFT: about 7 * 10^3 s with the earliest route,
// 1.1 * 10^3 s with the engine's, both refused.
struct ContentionFit {
  double seconds_at_1000_on_1024;  // s
  double a;                        // growth in tasks
  double b;                        // growth in processors
};

ContentionFit contention_fit(const std::string& name, bool port_limited, bool earliest) {
  if (name == "minmin" && port_limited) {
    // Min-Min keeps the fits of ETF and DLS-pairs before their lasting bounds: its key (the
    // finish) gains nothing from them, and its z = 1 runs on the one-port 8-cube stayed where
    // they were (2026-11-28, tenth session, one run each, load 2-3, the same with the build
    // before the lasting bounds at 3*10^3): engine route 10^3: 1.02 s, 3*10^3: 18.1 s (T^2.6);
    // earliest 10^3: 1.54 s, 3*10^3: 33.8 s (T^2.8). Left with lasting bounds' ETF fit, the
    // estimate was 2.8 times below them.
    return earliest ? ContentionFit{12.3, 3.2, 1.0} : ContentionFit{5.6, 2.7, 1.0};
  }
  if (name == "etf" || name == "minmin" || name == "dls-pairs") {
    // One port: the z = 1 runs on the 8-cube with lasting bounds, growing as T^2.3 (the
    // steepest measured, ETF's from 3*10^3 to 10^4 with the engine's route, rounded up), s the
    // least that puts DLS-pairs' 10^3-task run (the larger of the two at every size) under the
    // curve; the fits before (T^2.7, T^3.2 from the loop that looked at several-message tasks
    // whole) were 8-9 times above these runs at 3*10^3 tasks and refused the earliest route at
    // 10^4. All ports, engine route: as fitted before (T^2.1); all ports with the earliest route
    // was not measured: between the two.
    if (port_limited) return earliest ? ContentionFit{4.2, 2.3, 1.0} : ContentionFit{1.44, 2.3, 1.0};
    if (earliest) return {5.0, 2.3, 1.0};
    return {2.4, 2.1, 1.0};
  }
  if (pairs_scheduler(name)) {
    // Max-Min, which has no bound to look at its ready tasks by: 14.5 s all-port engine; one
    // port and the earliest route together cost 4.5 times as much (ETF at T = 300 on D = 10,
    // before its bounds: 5.83 s against 1.51 s). Each alone was not measured: taken as twice.
    const double s = 14.5 * (port_limited ? (earliest ? 4.5 : 2.0) : (earliest ? 2.0 : 1.0));
    return {s, 2.0, 1.0};
  }
  if (name == "lps") return {0.3, 1.0, 1.0};  // a neighbourhood of processors per task
  if (port_limited) return earliest ? ContentionFit{2.0, 1.4, 1.25} : ContentionFit{0.25, 1.5, 1.05};
  return earliest ? ContentionFit{0.11, 1.15, 1.0} : ContentionFit{0.1, 1.1, 1.0};
}

}  // namespace

double dag_contention_steps(const std::string& scheduler, double tasks, double processors, bool port_limited,
                            bool earliest_route) {
  if (scheduler == "bsa") return 0;  // contention-aware by nature: its own estimate is the one above
  const ContentionFit f = contention_fit(scheduler, port_limited, earliest_route);
  const double seconds = f.seconds_at_1000_on_1024 * std::pow(tasks / 1000, f.a) * std::pow(processors / 1024, f.b);
  return seconds / kSecondsPerStep;
}

double dag_task_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->size();
  if (!workload.entry || !workload.entry->family) return 0;
  return workload.entry->family->size(workload.params).tasks;
}

double dag_edge_count(const DagWorkload& workload) {
  if (workload.graph) return workload.graph->edge_count();
  // The most edges the family's graphs can have (random-dag: max_in parents a task).
  if (!workload.entry || !workload.entry->family) return 0;
  const DagFamilySize size = workload.entry->family->size(workload.params);
  return size.max_edges >= 0 ? size.max_edges : size.edges;
}

double dag_schedule_steps(const std::string& scheduler, double tasks, double edges, double processors) {
  // ETF and DLS-pairs keep each processor's ready tasks in heaps (processor_queues.hpp): each
  // task enters each processor's once or twice, T P log2(T) with a factor fitted to
  // bench/contention_scaling's free runs on the 8-cube (2026-11-28, z = 0.1; the estimate at
  // or above each): 10^3 tasks 0.03-0.08 s, 10^4 0.86-1.69 s, 10^5 17.2 s (ETF) and 21.0 s (DLS-pairs),
  // estimated 25.5 s.
  if (scheduler == "etf" || scheduler == "dls-pairs") return kQueueStepsPerPush * tasks * processors * std::log2(tasks + 1);
  // Min-Min and Max-Min compare every ready task-processor pair
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
  double steps = dag_schedule_steps(name, tasks, edges, processors);
  const bool by_queues = name == "etf" || name == "dls-pairs";
  std::string why = by_queues                   ? " (each ready task goes into each processor's queues)"
                    : pairs_scheduler(name)     ? " (every ready task-processor pair is compared at each step)"
                    : insertion_scheduler(name) ? " (each task's idle gap is searched on every processor)"
                                                : "";
  const CommOptions comm = comm_options(setup.scheduler_params);
  if (comm.model == CommModel::contention) {
    // Ports below the processor's links (one-port, k-port) make every hop wait for a lane.
    bool port_limited = false;
    const Adjacency& adjacency = setup.machine.topology.adjacency();
    for (std::size_t p = 0; p < setup.machine.spec.processors.size(); ++p) {
      const ProcessorSpec& x = setup.machine.spec.processors[p];
      const int links = static_cast<int>(adjacency[p].size());
      for (const int ports : {x.send_ports, x.recv_ports})
        if (ports != kAllPorts && ports < links) port_limited = true;
    }
    const bool earliest = comm.route == RouteChoice::earliest;
    if (const double c = dag_contention_steps(name, tasks, processors, port_limited, earliest); c > steps) {
      steps = c;
      why = fmt::format(" (comm: contention{}{}: every message is booked hop by hop{})",
                        port_limited ? ", ports limited" : "", earliest ? ", route: earliest" : "",
                        by_queues               ? ", and ready tasks are evaluated again after each booking"
                        : pairs_scheduler(name) ? ", and every ready task is evaluated again after "
                                                  "each booking"
                                                : "");
    }
  }
  if (steps <= kMaxEstimatedSteps) return "";
  return fmt::format("{} on {:.0f} tasks and {:.0f} processors would take about {:.2g} steps{}, about {:.0f} s; at "
                     "most {:.0e} are allowed: fewer tasks or processors, or another scheduler ({})",
                     name, tasks, processors, steps, why, steps * kSecondsPerStep, kMaxEstimatedSteps,
                     comm.model == CommModel::contention ? "comm: free, or lps"
                     : insertion_scheduler(name)         ? "lps, hlf or dls"
                                                         : "lps, hlf, dls, heft, cpop, peft");
}

}  // namespace mpnsim
