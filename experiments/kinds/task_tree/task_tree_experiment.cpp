// Experiment kind `task_tree`: R trees of a class placed by a scheduler on a network, LIF per level.
#include "experiments/kinds/task_tree/task_tree_experiment.hpp"

#include <limits>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "experiments/config/machine_config.hpp"
#include "experiments/config/output_names.hpp"
#include "experiments/kinds/task_tree/task_tree_report.hpp"
#include "experiments/kinds/task_tree/tree_work_estimate.hpp"
#include "experiments/kinds/task_tree/task_tree_setup.hpp"
#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/timeline_files.hpp"

namespace mpnsim {

namespace {

class TaskTreePoint : public PreparedPoint {
 public:
  TaskTreePoint(Topology topology, TreeSchedulerChoice scheduler, TreeWorkloadChoice workload, int trees,
                std::optional<TreeExecutionParams> execution, bool level_rows, std::uint64_t base_seed,
                const OutputSpec& outputs)
      : topology_(std::move(topology)),
        network_(topology_),
        scheduler_(std::move(scheduler)),
        workload_(std::move(workload)),
        trees_(trees),
        execution_(execution),
        level_rows_(level_rows),
        base_seed_(base_seed),
        outputs_(outputs) {}

  // The point's own seed is not used: trees come from the experiment's seed, the workload and
  // the repetition (task_tree_setup.hpp), so every scheduler and network sees the same trees.
  PointResult run(std::uint64_t, int repetition, int point) const override {
    std::vector<TreeRun> runs;
    runs.reserve(static_cast<std::size_t>(trees_));
    for (int i = 0; i < trees_; ++i) {
      const auto tree = workload_tree(workload_, tree_seed(base_seed_, workload_.label, repetition, i));
      runs.push_back(run_tree(*tree, network_, *scheduler_.entry, scheduler_.params, execution_));
    }
    const TreeRunLabels labels = tree_run_labels(topology_, scheduler_.entry->name, workload_.label);
    PointResult r;
    r.metrics = tree_summary(labels, topology_.size(), runs);
    if (level_rows_) r.rows = tree_level_rows(labels, runs);
    if (execution_) add_artifacts(r, runs.front(), labels, artifact_stem(point, repetition, labels.scheduler, labels.network));
    return r;
  }

 private:
  // Timelines of the first tree of the point, on request.
  void add_artifacts(PointResult& r, const TreeRun& run, const TreeRunLabels& labels, const std::string& stem) const {
    const TreeExecution& e = *run.execution;
    if (outputs_.gantt) {
      GanttOptions g;
      g.title = fmt::format("{} of {} on {}: makespan {:.6g}", labels.scheduler, labels.workload, labels.network,
                            e.makespan);
      r.artifacts.push_back({"gantt/" + stem + ".svg", point_gantt_svg(e.timeline, topology_.size(), g)});
    }
    if (outputs_.trace) r.artifacts.push_back({"traces/" + stem + ".json", chrome_trace_json(e.timeline, e.machine)});
    if (outputs_.timeline) {
      std::ostringstream tl;
      write_timeline_csv(e.timeline, tl);
      r.artifacts.push_back({"timelines/" + stem + ".csv", tl.str()});
    }
  }

  Topology topology_;
  TreeNetwork network_;  // refers to topology_: the point is never copied or moved
  TreeSchedulerChoice scheduler_;
  TreeWorkloadChoice workload_;
  int trees_;
  std::optional<TreeExecutionParams> execution_;
  bool level_rows_;
  std::uint64_t base_seed_;
  OutputSpec outputs_;
};

}  // namespace

std::string TaskTreeExperiment::name() const { return "task_tree"; }
std::string TaskTreeExperiment::description() const {
  return "task trees unfolding level by level under a dynamic scheduler: LIF, loads, moves and minimum-distance "
         "violations per level, averaged over trees; optionally played out on the engine";
}
std::vector<std::string> TaskTreeExperiment::keys() const {
  return {"topology", "scheduler", "workload", "trees", "execution", "rows"};
}

namespace {

// A point's configuration, read and checked; the network is built only to prepare the point.
struct TaskTreeConfig {
  TreeSchedulerChoice scheduler;
  TreeWorkloadChoice workload;
  int trees = 1;
  std::optional<TreeExecutionParams> execution;
  bool level_rows = true;
  std::uint64_t base_seed = 1;  // the runner's default seed
};

TaskTreeConfig read_config(const YAML::Node& config, const YamlSource& src, const OutputSpec& outputs) {
  if (!config["topology"]) src.fail(config, "topology", "required: the network, e.g. {kind: let, depth: 2}");
  if (!config["scheduler"]) src.fail(config, "scheduler", "required: a task-tree scheduler (see `mpnsim list`)");
  if (!config["workload"])
    src.fail(config, "workload", "required: the task trees, e.g. {kind: random, spawn: 0.9, fanout: 2, depth: 10}");
  const TopologySize network = check_topology(src, config["topology"], "topology");
  TaskTreeConfig c;
  c.scheduler = read_tree_scheduler(src, config["scheduler"], "scheduler");
  c.workload = read_tree_workload(src, config["workload"], "workload");
  c.trees = default_tree_count(c.workload);
  if (config["trees"]) c.trees = static_cast<int>(src.integer(config["trees"], "trees", 1, 1'000'000));
  // The same tree every time (complete, tree-file, random with its own seed): once is enough.
  if (tree_workload_is_fixed(c.workload)) c.trees = 1;
  if (config["execution"]) c.execution = read_tree_execution(src, config["execution"], "execution");
  // A point keeps every tree's placement (and execution): all of them must fit.
  const std::string problem = tree_work_problem(
      estimate_tree_work(c.scheduler, c.workload, network, c.execution.has_value()), c.trees);
  if (!problem.empty()) src.fail(config["workload"], "workload", problem);
  if ((outputs.gantt || outputs.trace || outputs.timeline) && !c.execution)
    src.fail(config["outputs"], "outputs",
             "gantt, trace and timeline need the tree played out: add `execution:` (grain, S, C, ...)");
  if (config["rows"]) {
    ParamSpec spec{"rows", ParamType::text, "", "", 0, 0, {"levels", "summary"}};
    c.level_rows = std::get<std::string>(src.param(config["rows"], "rows", spec)) == "levels";
  }
  if (config["seed"])
    c.base_seed = static_cast<std::uint64_t>(
        src.integer(config["seed"], "seed", 0, std::numeric_limits<long long>::max()));
  return c;
}

}  // namespace

// Random trees are drawn per repetition unless the workload fixes its own `seed`; complete
// trees and tree files are the same every time (the schedulers themselves draw nothing).
bool TaskTreeExperiment::draws_per_repetition(const YAML::Node& config, const YamlSource& src) const {
  return !tree_workload_is_fixed(read_tree_workload(src, config["workload"], "workload"));
}

void TaskTreeExperiment::check(const YAML::Node& config, const YamlSource& src, const OutputSpec& outputs) const {
  (void)read_config(config, src, outputs);
}

std::unique_ptr<PreparedPoint> TaskTreeExperiment::prepare(const YAML::Node& config, const YamlSource& src,
                                                           const OutputSpec& outputs) const {
  TaskTreeConfig c = read_config(config, src, outputs);
  Topology topology = read_topology(src, config["topology"], "topology");
  return std::make_unique<TaskTreePoint>(std::move(topology), std::move(c.scheduler), std::move(c.workload), c.trees,
                                         c.execution, c.level_rows, c.base_seed, outputs);
}

}  // namespace mpnsim
