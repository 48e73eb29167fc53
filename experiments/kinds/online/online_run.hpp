// One online run (stream, policy, check, replay, each workflow alone) and its rows.
#pragma once

#include <string>
#include <vector>

#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/kinds/online/online_setup.hpp"
#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "schedulers/online/stream_replay.hpp"
#include "schedulers/online/stream_metrics.hpp"

namespace mpnsim {

struct OnlineRun {
  std::string network;
  WorkflowStream stream;
  Schedule schedule;
  std::vector<double> dispatched;    // per task: when the policy placed it
  ValidityReport validity;
  StreamReplay replay;               // the whole stream on the engine, each workflow released at its arrival
  double makespan = 0;               // the plan's last finish
  int early_starts = 0;              // tasks planned before their workflow's arrival (must be 0)
  std::vector<WorkflowFigures> workflows;  // from the replay
  StreamFigures figures;
};

// Schedules the stream with the set-up's policy, checks the schedule, replays it, and
// schedules each workflow alone on the empty machine with the same policy (makespan_alone).
OnlineRun run_online(const OnlineSetup& setup, WorkflowStream stream, bool keep_timeline);

MetricRow online_summary_row(const OnlineRun& r);
std::vector<MetricRow> online_workflow_rows(const OnlineRun& r);

}  // namespace mpnsim
