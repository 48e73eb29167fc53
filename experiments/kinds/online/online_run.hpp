// One online run (stream, policy, check, replay, each workflow alone) and its rows.
#pragma once

#include <functional>
#include <span>
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
  int cuts_moved = 0;  // run_online_in_windows: cuts the replay passed, moved back (comm: free)
};

// Schedules the stream with the set-up's policy, checks the schedule, replays it, and
// schedules each workflow alone on the empty machine with the same policy (makespan_alone).
OnlineRun run_online(const OnlineSetup& setup, WorkflowStream stream, bool keep_timeline);

// The same run, with memory for a window of workflows rather than the whole stream, where it
// gives the same figures: a built-in policy (in_windows_applies), either comm model. The
// workflows are drawn, planned, checked, replayed and measured a window at a time (drawn as
// make_stream draws them), and each window's leading workflows are kept up to the last
// arrival before which all of them have finished, in the plan and in the replay: what comes
// after such an instant plans and replays as on an empty machine, so planned alone it is
// planned as in the whole stream. (Under comm: contention the replay is the plan; under
// comm: free the one-port engine may queue messages past the plan, and a cut the replay
// passes moves back to an arrival it does not pass.) A window with no such instant is planned
// again twice as long, up to a sixteenth of the stream, and past that the rest of the stream
// is planned whole. A window's problem carries the time horizon (time_horizon.hpp) of the
// stream up to its last workflow, never above the whole stream's: its builder accepts the
// starts the whole stream's would, at any length. The result holds no graph, schedule,
// dispatch instants or per-task finishes (r.stream: arrivals, names and first_task only;
// r.schedule: the policy's name and the processors; r.validity: every window's violations),
// only the rows' figures; `on_kept` sees each window's plan and replayed finishes before
// they are dropped. A window with a start past that horizon (a stream whose arrivals run
// ahead of twice the work they bring) is run again whole.
//
// A program's own policy (one written in Python) runs whole: in a window it would see the
// window's workflow and task numbers, not the stream's, and the workflows after a cut twice,
// so a policy that keeps state between calls, or reads the numbers, could decide otherwise.
bool in_windows_applies(const OnlineSetup& setup);
inline constexpr int kOnlineWindowWorkflows = 128;
// Each window kept, before it is dropped: its first workflow's number in the stream, its
// workflows (numbered from 0), their plan and each task's replayed finish.
using KeptWindow = std::function<void(int first_workflow, const WorkflowStream& kept, const OnlineSchedule& plan,
                                      std::span<const double> replayed_finish)>;
OnlineRun run_online_in_windows(const OnlineSetup& setup, std::uint64_t experiment_seed, int repetition,
                                int window = kOnlineWindowWorkflows, const KeptWindow& on_kept = {});

MetricRow online_summary_row(const OnlineRun& r);
std::vector<MetricRow> online_workflow_rows(const OnlineRun& r);

}  // namespace mpnsim
