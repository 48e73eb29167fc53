// Up-front checks of an experiment's outputs against the columns its kind and points declare.
#include "experiments/run/output_checks.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "experiments/run/plot_estimate.hpp"

namespace mpnsim {

namespace {

bool is_number(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && end == text.data() + text.size() && std::isfinite(v);
}

// The column called `name`; a declared family ("alpha_hat_<i>") stands for its numbered columns.
const ExperimentColumn* find(const std::vector<ExperimentColumn>& columns, const std::string& name) {
  for (const auto& c : columns)
    if (c.name == name || column_matches(ResultColumn{c.name, c.type, std::nullopt, "", ""}, name)) return &c;
  return nullptr;
}

std::string names_of(const std::vector<ExperimentColumn>& columns, bool numeric_only) {
  std::vector<std::string> names;
  for (const auto& c : columns)
    if (!numeric_only || c.type == ColumnType::numeric) names.push_back(c.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// Where a column results.csv will not have would come from: another rows mode, or a
// condition (a strategy, `execution:`) these points do not meet.
std::string where_else(const ExperimentKind& kind, const std::vector<std::string>& modes_used,
                       const std::string& name) {
  for (const auto& mode : kind.rows_modes()) {
    const ResultColumn* c = find_column(mode.columns, name);
    if (!c) continue;
    if (std::find(modes_used.begin(), modes_used.end(), mode.name) == modes_used.end())
      return fmt::format(" ('{}' is written with rows: {})", name, mode.name);
    if (!c->when.empty()) return fmt::format(" ('{}' is written only for {})", name, c->when);
  }
  return "";
}

void check_point_outputs(const PreparedExperiment& pe, const YamlSource& src) {
  const OutputSpec& out = pe.spec->outputs;
  const std::vector<std::string> can = pe.kind->point_outputs();
  for (const auto& [key, wanted] : {std::pair{"timeline", out.timeline}, std::pair{"gantt", out.gantt},
                                    std::pair{"trace", out.trace}}) {
    if (!wanted || std::find(can.begin(), can.end(), key) != can.end()) continue;
    src.fail(out.node[key], out.path + "." + key,
             fmt::format("kind {} writes no {} files (it writes: {})", pe.kind->name(), key,
                         can.empty() ? "results.csv, summary.json and plots only"
                                     : fmt::format("{}", fmt::join(can, ", "))));
  }
}

void check_plot(const PreparedExperiment& pe, const YamlSource& src, const PlotSpec& plot,
                const std::vector<ExperimentColumn>& columns, const std::vector<std::string>& modes_used) {
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(c.name);
  auto require = [&](const char* key, const std::string& name, bool numeric) {
    const ExperimentColumn* c = find(columns, name);
    if (!c) {
      const std::string near = nearest_name(name, names);
      src.fail(plot.node[key], plot.path + "." + key,
               fmt::format("no column '{}' in results.csv{}{}; columns: {}", name,
                           near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near),
                           where_else(*pe.kind, modes_used, name), names_of(columns, false)));
    }
    if (numeric && c->type != ColumnType::numeric)
      src.fail(plot.node[key], plot.path + "." + key,
               fmt::format("'{}' is a {} column; {} must be numeric{}: {}", name,
                           c->swept ? "swept column with values that are not all numbers, a text" : "text", key,
                           std::string(key) == "x" ? " (or draw kind: bar or kind: box, whose x is categories)" : "",
                           names_of(columns, true)));
  };
  // A bar or box plot reads x as categories: a text column, a variant, or numbers.
  const bool categories = plot.kind != PlotKind::line;
  require("x", plot.x, !categories);
  require("y", plot.y, true);
  if (!plot.series.empty()) require("series", plot.series, false);
  // Its numbers are computed by mpnsim and written into the script: gnuplot reads no rows.
  if (categories) return;
  if (!plot.series.empty())
    if (const std::uint64_t curves = swept_curve_count(*pe.spec, plot.series); curves > 0) {
      const double rows = static_cast<double>(pe.spec->points.size()) * pe.spec->repetitions;
      if (const std::string problem = plot_cost_problem(curves, rows, plot.series); !problem.empty())
        src.fail(plot.node["series"], plot.path + ".series", problem);
    }
  if (!plot.errorbars) return;
  // The interval comes from the kind's own <y>_ci95 column where it writes one (a task tree's
  // LIF over its trees); otherwise it is computed over the repetitions, which needs some.
  const std::string ci = plot.y + "_ci95";
  const ExperimentColumn* c = find(columns, ci);
  if (c && !c->swept && c->type == ColumnType::numeric) return;
  if (pe.spec->repetitions > 1) return;
  std::vector<std::string> with;
  for (const auto& col : columns)
    if (col.name.ends_with("_ci95") && find(columns, col.name.substr(0, col.name.size() - 5)))
      with.push_back(col.name.substr(0, col.name.size() - 5));
  src.fail(plot.node["errorbars"], plot.path + ".errorbars",
           fmt::format("y '{}' has no 95 % interval column '{}' in results.csv, and with one repetition there "
                       "is no interval to compute: set repetitions to 2 or more{}",
                       plot.y, ci,
                       with.empty() ? "" : fmt::format(" (columns with their own interval: {})", fmt::join(with, ", "))));
}

// Each metric of `compare:` is a numeric result column, not a swept key, with a direction:
// its `better:`, or the one the kind declares.
void check_compare(const PreparedExperiment& pe, const CompareSpec& cmp, const YamlSource& src,
                   const std::vector<ExperimentColumn>& columns, const std::vector<std::string>& modes_used) {
  std::vector<std::string> names;
  for (const auto& c : columns)
    if (!c.swept && c.type == ColumnType::numeric && c.name != "point" && c.name != "repetition" && c.name != "seed")
      names.push_back(c.name);
  const std::string key = cmp.path + ".metrics";
  for (const auto& m : cmp.metrics) {
    const ExperimentColumn* c = find(columns, m.name);
    if (!c) {
      const std::string near = nearest_name(m.name, names);
      src.fail(m.at, key,
               fmt::format("no result column '{}'{}{}; numeric result columns: {}", m.name,
                           near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near),
                           where_else(*pe.kind, modes_used, m.name), fmt::format("{}", fmt::join(names, ", "))));
    }
    if (c->swept) src.fail(m.at, key, fmt::format("'{}' is swept: compare a result column, by a swept key", m.name));
    if (c->type != ColumnType::numeric) src.fail(m.at, key, fmt::format("'{}' is a text column", m.name));
    if (m.better.empty() && !declared_direction(*pe.kind, m.name))
      src.fail(m.at, key,
               fmt::format("'{}' is not a metric with a direction (mpnsim list says which are): write {{name: {}, "
                           "better: lower | higher}}",
                           m.name, m.name));
  }
}

}  // namespace

std::vector<std::string> rows_modes_used(const ExperimentSpec& spec, const ExperimentKind& kind) {
  const auto& modes = kind.rows_modes();
  std::vector<std::string> used;
  auto add = [&](const std::string& m) {
    if (find_rows_mode(kind, m) && std::find(used.begin(), used.end(), m) == used.end()) used.push_back(m);
  };
  if (modes.size() == 1) return {modes.front().name};
  const YAML::Node rows = spec.root["rows"];
  add(rows && rows.IsScalar() ? rows.Scalar() : modes.front().name);
  for (const auto& block : spec.points.blocks())
    for (const auto& axis : block.axes) {
      if (axis.key != "rows") continue;
      for (const auto& t : axis.texts) add(t);
      if (axis.listed.empty()) add(axis.single_text);
    }
  return used;
}

std::vector<ExperimentColumn> experiment_columns(const PreparedExperiment& pe) {
  const ExperimentSpec& spec = *pe.spec;
  std::vector<ExperimentColumn> out;
  for (const auto& c : identification_columns()) out.push_back({c.name, c.type, false});
  for (const auto& key : spec.swept_keys) {
    // A range gives numbers; listed and single values are numbers when their text reads as one.
    bool numeric = true;
    for (const auto& block : spec.points.blocks())
      for (const auto& axis : block.axes) {
        if (axis.key != key || axis.range) continue;
        for (const auto& t : axis.texts) numeric = numeric && is_number(t);
        if (axis.listed.empty()) numeric = numeric && is_number(axis.single_text);
      }
    if (!find(out, key)) out.push_back({key, numeric ? ColumnType::numeric : ColumnType::text, true});
  }
  for (const auto& name : rows_modes_used(spec, *pe.kind))
    for (const auto& c : find_rows_mode(*pe.kind, name)->columns) {
      auto it = std::find_if(out.begin(), out.end(), [&](const ExperimentColumn& e) { return e.name == c.name; });
      if (it == out.end()) out.push_back({c.name, c.type, false});
      else if (!it->swept && c.type == ColumnType::text) it->type = ColumnType::text;
    }
  return out;
}

void check_experiment_outputs(const PreparedExperiment& pe, const YamlSource& src, bool in_suite) {
  const ExperimentSpec& spec = *pe.spec;
  // A suite's experiments are directories beside its summary.json and the output's mark.
  if (in_suite && (spec.name == "summary.json" || spec.name == ".mpnsim-output"))
    src.fail(spec.root["name"], fmt::format("experiments[{}].name", spec.suite_index),
             fmt::format("'{}' is a file of the suite's own output: choose another name", spec.name));
  check_point_outputs(pe, src);
  if (spec.outputs.plots.empty() && spec.compare.empty()) return;
  const std::vector<ExperimentColumn> columns = experiment_columns(pe);
  const std::vector<std::string> modes_used = rows_modes_used(spec, *pe.kind);
  for (const auto& cmp : spec.compare) check_compare(pe, cmp, src, columns, modes_used);
  for (const auto& plot : spec.outputs.plots) check_plot(pe, src, plot, columns, modes_used);
}

}  // namespace mpnsim
