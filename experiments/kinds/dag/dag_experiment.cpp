// Experiment kind `dag`: per run, make the graph, schedule it, check it, replay it, report.
#include "experiments/kinds/dag/dag_experiment.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"
#include "experiments/kinds/dag/dag_report.hpp"
#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "schedulers/dag/dag_schedulers.hpp"

namespace mpnsim {

namespace {

class DagPoint : public PreparedPoint {
 public:
  DagPoint(DagSetup setup, std::uint64_t experiment_seed, std::string rows, const OutputSpec& outputs)
      : setup_(std::move(setup)), experiment_seed_(experiment_seed), rows_(std::move(rows)), outputs_(outputs) {}

  // The runner's point seed follows every swept parameter; the graph's seed follows only the
  // workload's (DagWorkload::make), so all networks and schedulers get the same graphs.
  PointResult run(std::uint64_t, int repetition, int point) const override {
    DagRun r = run_dag(setup_, setup_.workload.make(experiment_seed_, repetition, setup_.machine.topology.size()),
                       outputs_.gantt || outputs_.trace || outputs_.timeline);
    r.graph_seed = setup_.workload.graph_seed(experiment_seed_, repetition);
    PointResult out;
    out.metrics = dag_metrics_row(r, setup_.timing);
    if (rows_ == "processors") out.rows = dag_processor_rows(r);
    if (rows_ == "tasks") out.rows = dag_task_rows(r);
    const std::string stem = artifact_stem(point, repetition, r.schedule.scheduler, r.network);
    GanttOptions g;
    g.title = fmt::format("{} on {}: {} tasks, estimate {:.6g}, replayed {:.6g}", r.schedule.scheduler, r.network,
                          r.graph.size(), r.metrics.makespan, r.replay.makespan);
    g.marker = r.metrics.makespan;
    g.marker_label = "estimate";
    append_timeline_artifacts(out.artifacts, outputs_, stem, r.replay.timeline, setup_.machine.spec, r.schedule.processors, g);
    return out;
  }

 private:
  DagSetup setup_;
  std::uint64_t experiment_seed_;
  std::string rows_;
  OutputSpec outputs_;
};

}  // namespace

std::string DagExperiment::name() const { return "dag"; }
std::string DagExperiment::description() const {
  std::vector<std::string> names;
  for (const auto& e : dag_schedulers()) names.push_back(e.name);
  return fmt::format("a task DAG (generated: random after thesis §6.4, DAGGEN, Topcuoglu et al., application and "
                     "structured families; or read: DOT, STG or WfCommons) scheduled by a DAG scheduler "
                     "({}; each takes comm: free or contention) on a network; the schedule is checked and replayed "
                     "on the engine with link contention; ec_ratio: mean execution time / mean one-hop message time, "
                     "which is 1 / CCR (ec_ratio 0.1 is CCR 10)",
                     fmt::join(names, ", "));
}
std::vector<std::string> DagExperiment::keys() const { return dag_keys(); }

// A generated graph is drawn per repetition unless the workload fixes its own `seed`; a graph
// read from a file is the same every time (the schedulers themselves draw nothing).
bool DagExperiment::draws_per_repetition(const YAML::Node& config, const YamlSource& src) const {
  const YAML::Node w = config["workload"];
  const DagWorkloadEntry* entry = find_dag_workload(src.scalar(w["kind"], "workload.kind"));
  if (entry->from_file) return false;
  const std::vector<std::string> skip{"kind"};
  return src.params(w, "workload", entry->params, skip).integer("seed") < 0;
}

std::unique_ptr<PreparedPoint> DagExperiment::prepare(const YAML::Node& config, const YamlSource& src,
                                                      const OutputSpec& outputs) const {
  const std::string base_dir = std::filesystem::path(src.file()).parent_path().string();
  DagSetup setup = read_dag_setup(src, config, base_dir);
  if (const std::string problem = dag_work_problem(setup); !problem.empty())
    src.fail(config["scheduler"], "scheduler", problem);
  std::uint64_t seed = 1;  // the runner's default
  if (config["seed"]) seed = static_cast<std::uint64_t>(src.integer(config["seed"], "seed", 0, 9'200'000'000'000'000'000));
  std::string rows = "summary";
  if (config["rows"]) {
    const ParamSpec spec{"rows", ParamType::text, "", "", 0, 0, {"summary", "processors", "tasks"}};
    rows = std::get<std::string>(src.param(config["rows"], "rows", spec));
  }
  return std::make_unique<DagPoint>(std::move(setup), seed, rows, outputs);
}

}  // namespace mpnsim
