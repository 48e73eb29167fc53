// A workflow stream run from Python through the online kind's own reader, stream and run.
#include "stream_run.hpp"

#include <span>
#include <string>
#include <variant>
#include <vector>

#include <pybind11/stl.h>

#include "errors.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"
#include "interrupt_relay.hpp"
#include "python_scheduler.hpp"

namespace py = pybind11;

namespace mpnsim::python {

namespace {

py::object value(const ParamValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

// Rows of the same keys as columns: {key: [values...]}.
py::dict columns(const std::vector<MetricRow>& rows) {
  py::dict out;
  if (rows.empty()) return out;
  for (const auto& [key, _] : rows.front()) out[py::str(key)] = py::list();
  for (const MetricRow& row : rows)
    for (const auto& [key, v] : row) out[py::str(key)].cast<py::list>().append(value(v));
  return out;
}

}  // namespace

py::tuple schedule_stream(const StreamRequest& request, const MachineHandle& machine, const std::string& policy,
                          const TextParams& params) try {
  // The `kind: online` experiment these arguments stand for.
  YAML::Node config(YAML::NodeType::Map);
  config["machine"] = YAML::Clone(machine.node);
  if (!request.graph && request.workload_kind == "files") {
    // A set of graph files: ("pattern", P), or one ("file", F) per file (stream_run.hpp).
    YAML::Node w(YAML::NodeType::Map);
    YAML::Node files(YAML::NodeType::Sequence);
    for (const auto& [name, v] : request.workload_params)
      if (name == "pattern") w["files"] = v;
      else files.push_back(v);
    if (!w["files"]) w["files"] = files;
    config["workload"] = w;
  } else if (!request.graph && !request.workload_kind.empty()) {
    YAML::Node w(YAML::NodeType::Map);
    w["kind"] = request.workload_kind;
    for (const auto& [name, v] : request.workload_params) w[name] = v;
    config["workload"] = w;
  }
  YAML::Node a(YAML::NodeType::Map);
  for (const auto& [name, v] : request.arrivals) a[name] = v;
  config["arrivals"] = a;
  if (request.workflows) config["workflows"] = *request.workflows;
  for (const auto& [name, v] : request.scaling) config[name] = v;
  YAML::Node s(YAML::NodeType::Map);
  s["name"] = policy;
  for (const auto& [name, v] : params) s[name] = v;
  config["scheduler"] = s;

  const RunInProgress running;
  OnlineRun r;
  // The per-task table, filled window by window (a built-in policy runs in windows of
  // workflows, as `mpnsim run` does without a timeline: memory for a window's plan, graph and
  // replay, not the whole stream's), or from the whole run (a Python policy: its calls would
  // not be the whole run's in windows, online_run.hpp).
  std::vector<std::string> task;
  std::vector<int> workflow, processor;
  std::vector<double> dispatched, start, finish, replayed;
  auto add_tasks = [&](int first_workflow, const WorkflowStream& st, const OnlineSchedule& plan,
                       std::span<const double> replayed_finish) {
    for (int w = 0; w < st.workflows(); ++w)
      for (int t = st.first_task[static_cast<std::size_t>(w)]; t < st.first_task[static_cast<std::size_t>(w) + 1]; ++t) {
        const auto k = static_cast<std::size_t>(t);
        const TaskPlacement& p = plan.schedule.tasks[k];
        task.emplace_back(st.graph.task(t).name);
        workflow.push_back(first_workflow + w);
        processor.push_back(p.processor);
        dispatched.push_back(plan.dispatched[k]);
        start.push_back(p.start);
        finish.push_back(p.finish);
        replayed.push_back(replayed_finish[k]);
      }
  };
  {
    // A Python policy takes the lock back while it decides (python_policy.cpp).
    const SigintRelay relay;
    py::gil_scoped_release release;
    const YamlSource src("schedule_stream");
    std::optional<DagWorkload> workload;
    if (request.graph) workload = request.graph->workload;
    const OnlineSetup setup = read_online_setup(src, config, "", std::move(workload));
    if (in_windows_applies(setup)) {
      r = run_online_in_windows(setup, request.seed, request.repetition, kOnlineWindowWorkflows, add_tasks);
    } else {
      r = run_online(setup, make_stream(setup, request.seed, request.repetition), false);
      OnlineSchedule plan{std::move(r.schedule), std::move(r.dispatched)};
      add_tasks(0, r.stream, plan, r.replay.finish);
      r.schedule = std::move(plan.schedule);  // the summary row names the policy from it
    }
  }
  py::dict summary;
  for (const auto& [key, v] : online_summary_row(r)) summary[py::str(key)] = value(v);
  py::dict tasks;
  tasks["task"] = task;
  tasks["workflow"] = workflow;
  tasks["processor"] = processor;
  tasks["dispatched"] = dispatched;
  tasks["start"] = start;
  tasks["finish"] = finish;
  tasks["replayed_finish"] = replayed;
  return py::make_tuple(summary, columns(online_workflow_rows(r)), tasks);
} catch (const std::bad_alloc&) {
  raise_out_of_memory("mpnsim.schedule_stream");
}

}  // namespace mpnsim::python
