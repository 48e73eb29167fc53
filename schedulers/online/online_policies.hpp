// The online policies (one .cpp each) for a stream of workflows, and their registry.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/schedule.hpp"
#include "schedulers/online/workflow_stream.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

// What a policy returns: the schedule, and the instant it dispatched each task (its decision:
// the task's workflow's arrival for a policy that plans a workflow whole on arrival). A task
// starts no sooner than its dispatch, in the plan and in the replay (stream_replay.hpp): a policy
// that keeps a ready task waiting for a better processor (OWM) dispatches it later than its
// data and its processor would allow.
struct OnlineSchedule {
  Schedule schedule;
  std::vector<double> dispatched;  // per task
};

// `problem.graph` is `stream.graph`; `problem.options` carries `comm` and `route`
// (comm_model.hpp), which the registry adds to every policy as to every DAG scheduler. A policy
// returns a schedule of every task of the stream in which no task of workflow w starts before
// stream.arrival[w], planned only from what had arrived when each decision was taken.
struct OnlinePolicyEntry {
  std::string name;         // e.g. "fdws"
  std::string description;  // one line, citing the source and the reading
  std::vector<ParamSpec> params;
  std::function<OnlineSchedule(const DagProblem&, const WorkflowStream&, const ParamSet&)> schedule;
};

// Every online policy, in the order `mpnsim list` prints them (register_online_policies.cpp):
// the built-in ones, then those a program registered (the Python module's policies).
const std::deque<OnlinePolicyEntry>& online_policies();
const OnlinePolicyEntry* find_online_policy(const std::string& name);
// Appends a policy (with the `comm` and `route` parameters every policy takes). Throws
// std::invalid_argument when the name is taken. Entries never move: set-ups point to them.
void register_online_policy(OnlinePolicyEntry entry);

OnlinePolicyEntry fifo_policy();
OnlinePolicyEntry online_heft_policy();
OnlinePolicyEntry fdws_policy();
OnlinePolicyEntry rank_hybd_policy();
OnlinePolicyEntry owm_policy();
OnlinePolicyEntry online_min_min_policy();
OnlinePolicyEntry online_max_min_policy();

}  // namespace mpnsim
