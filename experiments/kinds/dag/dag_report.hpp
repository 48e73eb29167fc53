// One DAG run (schedule, check, replay) and its report: JSON, table, CSV rows.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/kinds/dag/dag_setup.hpp"
#include "experiments/config/output_spec.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/lower_bound.hpp"
#include "schedulers/dag/schedule_validity.hpp"

namespace mpnsim {

struct DagRun {
  std::string network;
  TaskGraph graph;           // as scheduled (data scaled when an E/C ratio was asked for)
  Schedule schedule;
  DagMetrics metrics;        // of the scheduler's estimate
  ValidityReport validity;
  DagReplay replay;          // the engine's replay with link contention
  long long link_conflicts = 0;
  double ec_ratio = 0;       // mean execution time / mean one-hop message time (inf without communication)
  std::optional<double> degree_ratio;
  std::optional<std::uint64_t> graph_seed;  // of a generated graph (set by the caller)
  double scheduler_cpu_seconds = 0;  // CPU time of the scheduler alone (reported only on request)
  DagLowerBound bound;       // the cheap bound on every schedule of the graph on the machine
  double lower_bound = 0;    // reported: bound.value, or an exact search's proven bound when higher
  std::optional<double> gap_to_bound;  // makespan / lower_bound - 1 (none when the bound is 0)
  std::optional<double> slr;           // makespan / bound.critical_path (none when that is 0)
};

// Applies the set-up's E/C ratio to the graph, schedules it (timing the scheduler), checks
// the schedule with the scheduler's rules and replays it. Throws std::invalid_argument when
// the E/C ratio cannot be reached (no data on any edge, or the startup alone is too slow).
// The replay keeps its timeline only with keep_timeline (for Gantt charts, traces and
// timeline files); the figures reported are the same either way.
DagRun run_dag(const DagSetup& setup, TaskGraph graph, bool keep_timeline = true);

// Keys: scheduler, network, graph, processors, tasks, edges, makespan, replayed_makespan,
// plan_error, speedup, replayed_speedup, efficiency, lif, valid, violations, t1, critical_path,
// lower_bound, gap_to_bound, slr, optimal, states, time_limited, ec_ratio, degree_ratio, graph_seed,
// messages, hops, link_conflicts, busy, [scheduler_cpu_seconds].
nlohmann::ordered_json dag_json(const DagRun& r, bool timing);
std::string dag_table(const DagRun& r, bool timing);

// The summary row of an experiment point, and the per-processor and per-task rows.
MetricRow dag_metrics_row(const DagRun& r, bool timing);
std::vector<MetricRow> dag_processor_rows(const DagRun& r);
std::vector<MetricRow> dag_task_rows(const DagRun& r);

// task,processor,start,finish,replayed_finish: the schedule as CSV.
std::string dag_schedule_csv(const DagRun& r);
// edge,hop,link,from,to,start,finish: every hop of every message as the schedule plans it
// (a contention-aware schedule's bookings; else each route hop by hop at its contention-free
// times, leaving when the producer finishes).
std::string dag_messages_csv(const DagRun& r, const MachineSpec& machine);

// (replayed - planned) / replayed makespan: how far the plan was from its replay (0 when
// the replay takes no time).
double plan_error(const DagRun& r);

// The files outputs.gantt, outputs.trace and outputs.timeline ask for, of one point's replayed
// timeline (gantt/STEM.svg, traces/STEM.json, timelines/STEM.csv), appended to `artifacts`;
// the DAG and online kinds write them alike (the trace with the Gantt options' groups, if any).
void append_timeline_artifacts(std::vector<Artifact>& artifacts, const OutputSpec& outputs, const std::string& stem,
                               const Timeline& timeline, const MachineSpec& machine, int processors,
                               const GanttOptions& gantt);

}  // namespace mpnsim
