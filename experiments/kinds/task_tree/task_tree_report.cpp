// Reports of scheduled task trees: one tree in detail, many trees averaged per level with 95 % intervals.
#include "experiments/kinds/task_tree/task_tree_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "experiments/analysis/statistics.hpp"

namespace mpnsim {

TreeRunLabels tree_run_labels(const Topology& topology, const std::string& scheduler, const std::string& workload) {
  const std::string net = fmt::format("{}-{}{}", topology.kind(), topology.size(), topology.directed() ? "-directed" : "");
  return {topology.name(), scheduler, workload, fmt::format("{} on {}", scheduler, net)};
}

TreeRun run_tree(const TaskTree& tree, const TreeNetwork& network, const TreeSchedulerEntry& scheduler,
                 const ParamSet& scheduler_params, const std::optional<TreeExecutionParams>& execution) {
  TreeRun r;
  r.tasks = tree.size();
  auto s = scheduler.make(network, scheduler_params);
  r.placement = place_tree(tree, network, *s);
  if (execution) r.execution = execute_tree(tree, r.placement.processor, network.topology(), *execution);
  return r;
}

namespace {

std::string loads_text(const std::vector<int>& loads) { return fmt::format("{}", fmt::join(loads, " ")); }

// Mean LIF over a tree's levels below the root.
double mean_lif(const TreePlacement& p) {
  if (p.levels.size() < 2) return 0;
  double s = 0;
  for (std::size_t k = 1; k < p.levels.size(); ++k) s += p.levels[k].lif;
  return s / static_cast<double>(p.levels.size() - 1);
}

double peak_lif(const TreePlacement& p) {
  double m = 0;
  for (const auto& l : p.levels) m = std::max(m, l.lif);
  return m;
}


// An interval over one tree is undefined: its cell stays empty (never "0", which would claim a
// certainty one tree cannot give), and summary.json leaves it out.
void drop_undefined_intervals(MetricRow& row, std::size_t trees) {
  if (trees > 1) return;
  std::erase_if(row, [](const auto& cell) { return cell.first.ends_with("_ci95"); });
}
}  // namespace

nlohmann::ordered_json tree_json(const TreeRunLabels& labels, const TreeRun& run) {
  nlohmann::ordered_json j;
  j["network"] = labels.network;
  j["scheduler"] = labels.scheduler;
  j["workload"] = labels.workload;
  j["tasks"] = run.tasks;
  j["lif_convention"] = kLifConvention;
  nlohmann::ordered_json levels = nlohmann::ordered_json::array();
  int moved = 0, violations = 0;
  for (const auto& l : run.placement.levels) {
    levels.push_back({{"level", l.level},     {"tasks", l.tasks},       {"loads", l.loads},
                      {"ideal", l.ideal},     {"lif", l.lif},           {"max_load", l.max_load},
                      {"min_load", l.min_load}, {"moved", l.moved},     {"violations", l.violations}});
    moved += l.moved;
    violations += l.violations;
  }
  j["levels"] = levels;
  j["peak_lif"] = peak_lif(run.placement);
  j["mean_lif"] = mean_lif(run.placement);
  j["moved"] = moved;
  j["violations"] = violations;
  if (run.execution) {
    const TreeExecution& e = *run.execution;
    j["execution"] = {{"makespan", e.makespan},       {"serial_time", e.serial_time}, {"speedup", e.speedup},
                      {"utilization", e.utilization}, {"messages", e.messages},      {"hops", e.hops}};
  }
  return j;
}

std::string tree_table(const TreeRunLabels& labels, const TreeRun& run) {
  std::string out = fmt::format("{} on {}, scheduler {}: {} tasks\nLIF convention: {}\n\n", labels.workload,
                                labels.network, labels.scheduler, run.tasks, kLifConvention);
  out += fmt::format("{:>5} {:>8} {:>9} {:>8} {:>6} {:>6} {:>7} {:>10}  {}\n", "level", "tasks", "ideal", "LIF %",
                     "max", "min", "moved", "violations", "loads");
  int moved = 0, violations = 0;
  for (const auto& l : run.placement.levels) {
    out += fmt::format("{:>5} {:>8} {:>9.2f} {:>8.2f} {:>6} {:>6} {:>7} {:>10}  {}\n", l.level, l.tasks, l.ideal,
                       l.lif, l.max_load, l.min_load, l.moved, l.violations, loads_text(l.loads));
    moved += l.moved;
    violations += l.violations;
  }
  out += fmt::format("\npeak LIF {:.2f} %, mean LIF below the root {:.2f} %, {} tasks moved, {} violations of the "
                     "minimum-distance property\n",
                     peak_lif(run.placement), mean_lif(run.placement), moved, violations);
  if (run.execution) {
    const TreeExecution& e = *run.execution;
    out += fmt::format("execution: makespan {:.6g}, one processor {:.6g}, speedup {:.4g}, utilization {:.4g}, "
                       "{} messages, {} hops\n",
                       e.makespan, e.serial_time, e.speedup, e.utilization, e.messages, e.hops);
  }
  return out;
}

std::vector<MetricRow> tree_level_rows(const TreeRunLabels& labels, const std::vector<TreeRun>& runs) {
  std::size_t depth = 0;
  for (const auto& r : runs) depth = std::max(depth, r.placement.levels.size());
  std::vector<MetricRow> rows;
  for (std::size_t k = 0; k < depth; ++k) {
    std::vector<double> tasks, ideal, lif, max_load, min_load, moved;
    std::int64_t violations = 0;
    const LevelReport* only = nullptr;
    for (const auto& r : runs) {
      if (k >= r.placement.levels.size()) continue;
      const LevelReport& l = r.placement.levels[k];
      only = &l;
      tasks.push_back(l.tasks);
      ideal.push_back(l.ideal);
      lif.push_back(l.lif);
      max_load.push_back(l.max_load);
      min_load.push_back(l.min_load);
      moved.push_back(l.moved);
      violations += l.violations;
    }
    const Summary s = summarize_values(lif);
    MetricRow row{{"network", labels.network},
                  {"scheduler", labels.scheduler},
                  {"model", labels.model},
                  {"workload", labels.workload},
                  {"level", static_cast<std::int64_t>(k)},
                  {"trees", static_cast<std::int64_t>(lif.size())},
                  {"tasks", summarize_values(tasks).mean},
                  {"ideal", summarize_values(ideal).mean},
                  {"lif", s.mean},
                  {"lif_ci95", s.ci95},
                  {"lif_min", s.min},
                  {"lif_max", s.max},
                  {"max_load", summarize_values(max_load).mean},
                  {"min_load", summarize_values(min_load).mean},
                  {"moved", summarize_values(moved).mean},
                  {"violations", violations}};
    if (runs.size() == 1 && only) row.emplace_back("loads", loads_text(only->loads));
    drop_undefined_intervals(row, lif.size());
    rows.push_back(std::move(row));
  }
  return rows;
}

MetricRow tree_summary(const TreeRunLabels& labels, int processors, const std::vector<TreeRun>& runs) {
  std::vector<double> tasks, peak, mean, moved, levels;
  std::int64_t violations = 0;
  for (const auto& r : runs) {
    tasks.push_back(r.tasks);
    peak.push_back(peak_lif(r.placement));
    mean.push_back(mean_lif(r.placement));
    levels.push_back(static_cast<double>(r.placement.levels.size()));
    int m = 0;
    for (const auto& l : r.placement.levels) {
      m += l.moved;
      violations += l.violations;
    }
    moved.push_back(m);
  }
  MetricRow row{{"network", labels.network},
                {"scheduler", labels.scheduler},
                {"model", labels.model},
                {"workload", labels.workload},
                {"processors", static_cast<std::int64_t>(processors)},
                {"trees", static_cast<std::int64_t>(runs.size())},
                {"tasks", summarize_values(tasks).mean},
                {"levels", summarize_values(levels).mean},
                {"peak_lif", summarize_values(peak).mean},
                {"peak_lif_ci95", summarize_values(peak).ci95},
                {"mean_lif", summarize_values(mean).mean},
                {"mean_lif_ci95", summarize_values(mean).ci95},
                {"moved", summarize_values(moved).mean},
                {"violations", violations},
                {"lif_convention", std::string(kLifConvention)}};
  if (!runs.empty() && runs.front().execution) {
    std::vector<double> makespan, speedup, utilization, messages, hops;
    for (const auto& r : runs) {
      makespan.push_back(r.execution->makespan);
      speedup.push_back(r.execution->speedup);
      utilization.push_back(r.execution->utilization);
      messages.push_back(static_cast<double>(r.execution->messages));
      hops.push_back(static_cast<double>(r.execution->hops));
    }
    row.emplace_back("makespan", summarize_values(makespan).mean);
    row.emplace_back("makespan_ci95", summarize_values(makespan).ci95);
    row.emplace_back("speedup", summarize_values(speedup).mean);
    row.emplace_back("speedup_ci95", summarize_values(speedup).ci95);
    row.emplace_back("utilization", summarize_values(utilization).mean);
    row.emplace_back("messages", summarize_values(messages).mean);
    row.emplace_back("hops", summarize_values(hops).mean);
  }
  drop_undefined_intervals(row, runs.size());
  return row;
}

}  // namespace mpnsim
