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
  int windows = 0;  // run_online_in_windows: the windows of workflows kept (0: the whole stream at once)
};

// Schedules the stream with the set-up's policy, checks the schedule, replays it, and
// schedules each workflow alone on the empty machine with the same policy (makespan_alone).
OnlineRun run_online(const OnlineSetup& setup, WorkflowStream stream, bool keep_timeline);

// The same run, with memory for a window of workflows rather than the whole stream, where it
// gives the same figures: a built-in policy under comm: contention (in_windows_applies). The
// workflows are drawn, planned, checked, replayed and measured a window at a time (drawn as
// make_stream draws them), and each window's leading workflows are kept up to the last
// arrival before which all of them have finished: what comes after such an instant plans and
// replays as on an empty machine, so planned alone it is planned as in the whole stream. A
// window with no such instant is planned again twice as long, up to a sixteenth of the
// stream, and past that the rest of the stream is planned whole. Windows are made long enough
// that their own time horizon (time_horizon.hpp) reaches the last arrival, and no cut leaves
// the last window shorter. The result holds no
// graph, schedule, dispatch instants or per-task finishes (r.stream: arrivals, names and
// first_task only; r.schedule: the policy's name and the processors; r.validity: every
// window's violations), only the rows' figures. A replay that runs past the next window's
// first arrival (which a plan equal to its replay never does), or a window whose times pass
// its own horizon (twice its tasks and messages one after another, time_horizon.hpp: late in
// a long, sparse stream), is run again whole.
bool in_windows_applies(const OnlineSetup& setup);
inline constexpr int kOnlineWindowWorkflows = 128;
OnlineRun run_online_in_windows(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition,
                                int window = kOnlineWindowWorkflows);

MetricRow online_summary_row(const OnlineRun& r);
std::vector<MetricRow> online_workflow_rows(const OnlineRun& r);

}  // namespace mpnsim
