// Experiment kind `online`: per run, draw the stream, let the policy plan it, check, replay, report.
#include "experiments/kinds/online/online_experiment.hpp"

#include <charconv>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"
#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/output/gantt_svg.hpp"

namespace mpnsim {

namespace {

// A stream's tasks grouped by workflow for the Gantt chart and the trace: task names are
// "w<k>/<task>" (merge_workflows), group k is named "w<k>: <its graph>".
std::shared_ptr<const TaskGroups> workflow_groups(const WorkflowStream& stream) {
  auto g = std::make_shared<TaskGroups>();
  g->title = "workflow";
  for (int w = 0; w < stream.workflows(); ++w)
    g->names.push_back(fmt::format("w{}: {}", w, stream.names[static_cast<std::size_t>(w)]));
  g->group_of = [](std::string_view name) {
    int k = -1;
    if (name.size() > 2 && name[0] == 'w') {
      const auto slash = name.find('/');
      if (slash != std::string_view::npos &&
          std::from_chars(name.data() + 1, name.data() + slash, k).ptr != name.data() + slash)
        k = -1;
    }
    return k;
  };
  return g;
}

class OnlinePoint : public PreparedPoint {
 public:
  OnlinePoint(OnlineSetup setup, std::uint64_t experiment_seed, std::string rows, const OutputSpec& outputs)
      : setup_(std::move(setup)), experiment_seed_(experiment_seed), rows_(std::move(rows)), outputs_(outputs) {}

  // The stream follows the experiment's seed and the repetition only: every policy and network
  // of a file sees the same streams.
  PointResult run(std::uint64_t, int repetition, int point) const override {
    const bool timeline = outputs_.gantt || outputs_.trace || outputs_.timeline;
    // Without a timeline, in windows where that gives the same figures (memory for a window of
    // workflows, not the whole stream).
    OnlineRun r = !timeline && in_windows_applies(setup_)
                      ? run_online_in_windows(setup_, experiment_seed_, repetition)
                      : run_online(setup_, make_stream(setup_, experiment_seed_, repetition), timeline);
    PointResult out;
    out.metrics = online_summary_row(r);
    if (rows_ == "workflows") out.rows = online_workflow_rows(r);
    const std::string stem = artifact_stem(point, repetition, r.schedule.scheduler, r.network);
    GanttOptions g;
    g.title = fmt::format("{} on {}: {} workflows, replayed {:.6g}", r.schedule.scheduler, r.network,
                          r.stream.workflows(), r.replay.makespan);
    if (timeline) g.groups = workflow_groups(r.stream);
    append_timeline_artifacts(out.artifacts, outputs_, stem, r.replay.timeline, setup_.dag.machine.spec, r.schedule.processors, g);
    return out;
  }

 private:
  OnlineSetup setup_;
  std::uint64_t experiment_seed_;
  std::string rows_;
  OutputSpec outputs_;
};

}  // namespace

std::string OnlineExperiment::name() const { return "online"; }

std::string OnlineExperiment::description() const {
  std::vector<std::string> names;
  for (const auto& e : online_policies()) names.push_back(e.name);
  return fmt::format("a stream of workflows (any DAG workload, or graphs drawn from a set of files, arriving by a Poisson process, at a fixed interval or "
                     "from a trace) scheduled by an online policy ({}; each takes comm: free or contention) on a "
                     "shared network; checked, replayed on the engine, with per-workflow slowdown and fairness",
                     fmt::join(names, ", "));
}

std::vector<std::string> OnlineExperiment::keys() const { return online_keys(); }

const std::vector<RowsMode>& OnlineExperiment::rows_modes() const {
  static const std::vector<RowsMode> modes = [] {
    using enum ColumnType;
    const ResultColumn scheduler{"scheduler", text, std::nullopt, "the online policy's name", ""};
    const ResultColumn network{"network", text, std::nullopt, "the machine's network with its parameters", ""};
    return std::vector<RowsMode>{
        {"summary",
         "one row per run: one stream scheduled, checked and replayed",
         {scheduler,
          network,
          {"network_label", text, std::nullopt, "the network without commas, for plot legends", ""},
          {"processors", numeric, std::nullopt, "processors of the network", ""},
          {"workflows", numeric, std::nullopt, "workflows of the stream", ""},
          {"tasks", numeric, std::nullopt, "tasks of the whole stream", ""},
          {"makespan", numeric, Better::lower, "the plan's last finish", ""},
          {"replayed_makespan", numeric, Better::lower, "the replay's last finish", ""},
          {"plan_error", numeric, std::nullopt, "(replayed_makespan - makespan) / replayed_makespan (0 under comm: contention)", ""},
          {"mean_slowdown", numeric, Better::lower, "mean over workflows of makespan / makespan_alone", ""},
          {"p95_slowdown", numeric, Better::lower, "95th percentile (nearest rank) of the slowdowns", ""},
          {"unfairness", numeric, Better::lower, "sum over workflows of |slowdown - mean slowdown| (Zhao & Sakellariou 2006)", ""},
          {"mean_ttr", numeric, Better::lower, "mean turnaround time ratio: makespan over the critical path of least execution times", ""},
          {"utilisation", numeric, Better::higher, "busy time of the processors over processors x (last finish - first arrival)", ""},
          {"link_utilisation", numeric, std::nullopt, "busy time of the link directions (the replay's hops) over link directions x (last finish - first arrival)", ""},
          {"throughput", numeric, Better::higher, "workflows per time unit from the first arrival to the last finish", ""},
          {"valid", text, std::nullopt, "true when the schedule passes the checks and no task starts before its workflow arrives", ""},
          {"violations", numeric, Better::lower, "rules the schedule breaks", ""},
          {"messages", numeric, Better::lower, "messages between processors in the replay", ""}}},
        {"workflows",
         "one row per workflow of the stream (figures from the replay)",
         {scheduler,
          network,
          {"workflow", numeric, std::nullopt, "the workflow's number, in arrival order", ""},
          {"graph", text, std::nullopt, "the workflow's graph: its family or file", ""},
          {"workflow_tasks", numeric, std::nullopt, "tasks of the workflow", ""},
          {"arrival", numeric, std::nullopt, "when it arrived", ""},
          {"start", numeric, std::nullopt, "its first task's start", ""},
          {"finish", numeric, std::nullopt, "its last task's finish", ""},
          {"makespan", numeric, Better::lower, "finish - arrival (its turnaround time)", ""},
          {"makespan_alone", numeric, std::nullopt, "the same policy's makespan of the workflow alone on the empty machine", ""},
          {"slowdown", numeric, Better::lower, "makespan / makespan_alone", ""},
          {"ttr", numeric, Better::lower, "turnaround time ratio: makespan over its critical path of least execution times", ""}}},
    };
  }();
  return modes;
}

std::vector<std::string> OnlineExperiment::point_outputs() const { return {"timeline", "gantt", "trace"}; }

bool OnlineExperiment::draws_per_repetition(const YAML::Node& config, const YamlSource& src) const {
  const YAML::Node a = config["arrivals"];
  if (a && a["kind"] && src.scalar(a["kind"], "arrivals.kind") == "poisson") return true;
  const YAML::Node w = config["workload"];
  // A set of graph files: each repetition draws its workflows' files afresh (unless one file).
  if (w && w.IsMap() && w["files"]) return !(w["files"].IsSequence() && w["files"].size() == 1);
  if (!w || !w["kind"]) return false;
  const DagWorkloadEntry* entry = find_dag_workload(src.scalar(w["kind"], "workload.kind"));
  if (!entry || entry->from_file) return false;
  const std::vector<std::string> skip{"kind"};
  return src.params(w, "workload", entry->params, skip).integer("seed") < 0;
}

std::unique_ptr<PreparedPoint> OnlineExperiment::prepare(const YAML::Node& config, const YamlSource& src,
                                                         const OutputSpec& outputs) const {
  const std::string base_dir = std::filesystem::path(src.file()).parent_path().string();
  OnlineSetup setup = read_online_setup(src, config, base_dir);
  std::uint64_t seed = 1;
  if (config["seed"]) seed = static_cast<std::uint64_t>(src.integer(config["seed"], "seed", 0, 9'200'000'000'000'000'000));
  std::string rows = "summary";
  if (config["rows"]) {
    const ParamSpec spec{"rows", ParamType::text, "", "", 0, 0, {"summary", "workflows"}};
    rows = std::get<std::string>(src.param(config["rows"], "rows", spec));
  }
  return std::make_unique<OnlinePoint>(std::move(setup), seed, rows, outputs);
}

}  // namespace mpnsim
