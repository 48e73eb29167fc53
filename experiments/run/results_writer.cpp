// results.csv, summary.json and plots of one experiment, written from the records of its runs.
#include "experiments/run/results_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "experiments/analysis/statistics.hpp"
#include "experiments/config/variant_name.hpp"
#include "experiments/output/category_plot.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/run/category_data.hpp"
#include "experiments/run/plot_estimate.hpp"
#include "sim/csv_writer.hpp"
#include "topologies/registry.hpp"

namespace mpnsim {

namespace {

std::string cell(const ParamValue& v) {
  if (auto* d = std::get_if<double>(&v)) return format_number(*d);
  return to_text(v);
}

nlohmann::json json_value(const ParamValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* b = std::get_if<bool>(&v)) return *b;
  return std::get<std::string>(v);
}

// Columns: identification, swept parameters, then metrics in first-appearance order.
std::vector<std::string> csv_header(const ExperimentSpec& spec, const std::vector<RunRecord>& records) {
  std::vector<std::string> header{"point", "repetition", "seed"};
  for (const auto& k : spec.swept_keys) header.push_back(k);
  std::set<std::string> seen(header.begin(), header.end());
  for (const auto& r : records)
    for (const auto& row : results_csv_rows(r.result))
      for (const auto& [k, v] : row)
        if (seen.insert(k).second) header.push_back(k);
  return header;
}

std::string csv_text(const ExperimentSpec& spec, const std::vector<RunRecord>& records,
                     const std::vector<std::string>& header) {
  std::ostringstream text;
  CsvWriter csv(text);
  csv.row(header);
  for (const auto& r : records) {
    for (const auto& row : results_csv_rows(r.result)) {
      std::map<std::string, std::string> cells;
      cells["point"] = std::to_string(r.point);
      cells["repetition"] = std::to_string(r.repetition);
      cells["seed"] = std::to_string(r.seed);
      for (const auto& a : spec.points[r.point].assignments) cells[a.key] = a.text;
      for (const auto& [k, v] : row) cells.emplace(k, cell(v));
      std::vector<std::string> fields;
      for (const auto& h : header) fields.push_back(cells.count(h) ? cells[h] : "");
      csv.row(fields);
    }
  }
  return text.str();
}

// The curves of a plot with a series column: each value in first-appearance order, with the
// points whose rows carry it.
std::vector<PlotSeries> plot_series(const ExperimentSpec& spec, const PlotSpec& plot,
                                    const std::vector<RunRecord>& records) {
  std::vector<PlotSeries> series;
  if (plot.series.empty()) return series;
  std::map<std::string, std::size_t> index;
  const bool swept =
      std::find(spec.swept_keys.begin(), spec.swept_keys.end(), plot.series) != spec.swept_keys.end();
  const VariantNames names = swept ? VariantNames(spec.points, plot.series) : VariantNames();  // legend titles
  auto note = [&](const std::string& v, std::size_t point) {
    if (v.empty()) return;
    auto [it, fresh] = index.emplace(v, series.size());
    if (fresh) series.push_back({v, {}, names(v)});
    auto& points = series[it->second].points;
    if (points.empty() || points.back() != point) points.push_back(point);
  };
  for (const auto& r : records) {
    if (swept) {
      for (const auto& a : spec.points[r.point].assignments)
        if (a.key == plot.series) note(a.text, r.point);
    } else {
      for (const auto& row : results_csv_rows(r.result))
        for (const auto& [k, val] : row)
          if (k == plot.series) note(cell(val), r.point);
    }
  }
  return series;
}

// The mean of `plot.y` and its 95 % interval (Student t, experiments/analysis/statistics) over the
// rows of each curve that share an x: the repetitions of a point, and the points that differ only
// in keys the plot does not show. Curves in the order of `series` (one when there is none),
// each sorted by x. Rows without a number in x or y are left out, as gnuplot leaves them out.
std::vector<std::vector<PlotInterval>> plot_intervals(const ExperimentSpec& spec, const PlotSpec& plot,
                                                      const std::vector<PlotSeries>& series,
                                                      const std::vector<RunRecord>& records) {
  std::map<std::string, std::size_t> curve_of;
  for (std::size_t i = 0; i < series.size(); ++i) curve_of.emplace(series[i].value, i);
  std::vector<std::map<double, std::vector<double>>> values(plot.series.empty() ? 1 : series.size());
  auto number = [](const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(out);
  };
  for (const auto& r : records)
    for (const auto& row : results_csv_rows(r.result)) {
      std::map<std::string, std::string> cells;
      for (const auto& a : spec.points[r.point].assignments) cells[a.key] = a.text;
      for (const auto& [k, v] : row) cells.emplace(k, cell(v));
      std::size_t curve = 0;
      if (!plot.series.empty()) {
        const auto it = curve_of.find(cells[plot.series]);
        if (it == curve_of.end()) continue;
        curve = it->second;
      }
      double x = 0, y = 0;
      if (number(cells[plot.x], x) && number(cells[plot.y], y)) values[curve][x].push_back(y);
    }
  std::vector<std::vector<PlotInterval>> out(values.size());
  for (std::size_t c = 0; c < values.size(); ++c)
    for (const auto& [x, ys] : values[c]) {
      const Summary sum = summarize_values(ys);
      out[c].push_back({x, sum.mean, sum.has_interval() ? sum.ci95 : 0.0});
    }
  return out;
}

// A swept network parameter (`machine.topology.dim`, `topology.depth`) named by its family's
// declaration, "Dimension d (machine.topology.dim)", when the family is one written value (not
// swept): the declaration's first clause. Empty otherwise.
std::string topology_param_label(const ExperimentSpec& spec, const std::string& column) {
  for (const std::string prefix : {"machine.topology.", "topology."}) {
    if (!column.starts_with(prefix)) continue;
    const std::string param = column.substr(prefix.size());
    const std::string kind_key = prefix + "kind";
    if (std::find(spec.swept_keys.begin(), spec.swept_keys.end(), kind_key) != spec.swept_keys.end()) return "";
    const YAML::Node topology = prefix == "topology." ? spec.root["topology"] : spec.root["machine"]["topology"];
    if (!topology.IsMap() || !topology["kind"].IsScalar()) return "";
    const TopologyEntry* family = find_topology(topology["kind"].Scalar());
    if (!family) return "";
    for (const ParamSpec& p : family->params) {
      if (p.name != param) continue;
      const std::string clause = p.description.substr(0, p.description.find_first_of(":.;("));
      if (clause.empty() || clause.size() > 40) return "";
      return clause + " (" + column + ")";
    }
  }
  return "";
}

// An axis the file gives no label: the column's declared meaning with its name, when the kind
// declares it and the meaning is short enough for an axis; a swept network parameter's
// declaration; otherwise the column's name.
std::string axis_label(const ExperimentSpec& spec, const ExperimentKind& kind, const std::string& column) {
  constexpr std::size_t kLongest = 60;
  for (const auto& mode : kind.rows_modes())
    if (const ResultColumn* c = find_column(mode.columns, column); c && !c->meaning.empty())
      if (c->meaning.size() <= kLongest)
        return c->meaning.find(column) != std::string::npos ? c->meaning : c->meaning + " (" + column + ")";
  if (std::string label = topology_param_label(spec, column); !label.empty()) return label;
  return column;
}

// summary.json: per point, each metric's value (or its mean, spread and interval over repetitions).
std::string summary_json(const ExperimentSpec& spec, const std::vector<RunRecord>& records,
                         const std::vector<std::string>& files) {
  std::vector<std::string> metric_names;
  std::set<std::string> seen;
  for (const auto& r : records)
    for (const auto& [k, v] : r.result.metrics)
      if (seen.insert(k).second) metric_names.push_back(k);
  nlohmann::ordered_json j;
  j["name"] = spec.name;
  j["kind"] = spec.kind;
  j["description"] = spec.description;
  j["mpnsim_version"] = MPNSIM_VERSION;
  j["seed"] = spec.seed;
  j["repetitions"] = spec.repetitions;
  j["swept"] = spec.swept_keys;
  j["points"] = spec.points.size();
  j["rows"] = records.size();
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
  for (std::size_t p = 0; p < spec.points.size(); ++p) {
    nlohmann::ordered_json pj;
    pj["point"] = p;
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& a : spec.points[p].assignments) params[a.key] = a.text;
    pj["parameters"] = params;
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    for (const auto& name : metric_names) {
      std::vector<double> values;
      nlohmann::json first;
      bool numeric = true;
      for (std::size_t r = 0; r < reps; ++r) {
        for (const auto& [k, v] : records[p * reps + r].result.metrics) {
          if (k != name) continue;
          if (first.is_null()) first = json_value(v);
          if (auto* d = std::get_if<double>(&v)) values.push_back(*d);
          else if (auto* i = std::get_if<std::int64_t>(&v)) values.push_back(static_cast<double>(*i));
          else numeric = false;
        }
      }
      if (!numeric || values.empty() || reps == 1) {
        metrics[name] = first;
      } else {
        const Summary s = summarize_values(values);
        metrics[name] = {{"mean", s.mean}, {"min", s.min}, {"max", s.max},
                         {"stddev", s.stddev}, {"ci95", s.ci95}, {"n", s.count}};
      }
    }
    pj["metrics"] = metrics;
    points.push_back(pj);
  }
  j["results"] = points;
  j["files"] = files;
  return j.dump(2) + "\n";
}

}  // namespace

void write_experiment_results(const PreparedExperiment& pe, const std::vector<RunRecord>& records,
                              OutputDirectory& out, const std::string& prefix, bool draw_plots, WriteReport& report) {
  const ExperimentSpec& spec = *pe.spec;
  std::vector<std::string>& written = report.written;
  const std::size_t first_file = written.size();
  auto put = [&](const std::string& name, const std::string& content) {
    out.write(prefix + name, content);
    written.push_back(prefix + name);
  };
  const std::vector<std::string> header = csv_header(spec, records);
  // The CSV is always staged: plots are drawn from it.
  put("results.csv", csv_text(spec, records, header));

  for (const auto& r : records)
    for (const auto& a : r.result.artifacts) {
      if (a.staged) written.push_back(prefix + a.filename);
      else put(a.filename, a.content);
    }

  // Points whose runs carry a notice (a strategy that left processors out): the plots say so
  // under their title, since a curve that flattens there flattens for that reason.
  std::size_t noted = 0;
  for (std::size_t i = 0, last = SIZE_MAX; i < records.size(); ++i)
    if (!records[i].result.notice.empty() && records[i].point != last) {
      last = records[i].point;
      ++noted;
    }
  const std::string note =
      noted == 0 ? ""
                 : fmt::format("note: at {} of {} points only part of the network takes part (column participating)",
                               noted, spec.points.size());
  for (const auto& plot : spec.outputs.plots) {
    // The columns were checked before the work; one that only some strategies or data give
    // may still have no value in any row.
    std::string missing;
    for (const std::string* col : {&plot.x, &plot.y, &plot.series})
      if (!col->empty() && std::find(header.begin(), header.end(), *col) == header.end()) missing = *col;
    if (!missing.empty()) {
      report.problems.push_back(fmt::format("{}: plot {} not drawn: no run gave a value for column '{}'",
                                            spec.name, plot.name, missing));
      continue;
    }
    PlotSpec labelled = plot;
    if (!plot.node["xlabel"]) labelled.xlabel = axis_label(spec, *pe.kind, plot.x);
    if (!plot.node["ylabel"]) labelled.ylabel = axis_label(spec, *pe.kind, plot.y);
    // The script, then whether it may be drawn.
    std::string problem;
    if (plot.kind != PlotKind::line) {
      const CategoryPlotData data = category_data(spec, labelled, records);
      put(plot.name + ".gp", category_plot_script(labelled, data, note));
      if (data.cells.size() > kMaxPlotCurves)
        problem = fmt::format("{} bars or boxes, more than a plot can show ({})", data.cells.size(), kMaxPlotCurves);
    } else {
      const std::vector<PlotSeries> series = plot_series(spec, plot, records);
      const bool computed =
          plot.errorbars && std::find(header.begin(), header.end(), plot.y + "_ci95") == header.end();
      const auto intervals =
          computed ? plot_intervals(spec, plot, series, records) : std::vector<std::vector<PlotInterval>>{};
      put(plot.name + ".gp", gnuplot_script(labelled, "results.csv", series, note, computed ? &intervals : nullptr));
      // A series that is no swept key was judged only now that its values are known.
      if (!plot.series.empty())
        problem = plot_cost_problem(series.size(), static_cast<double>(records.size()), plot.series);
    }
    if (!draw_plots) continue;
    if (!problem.empty()) {
      report.problems.push_back(fmt::format("{}: plot {} not drawn (its script {}.gp is written): {}", spec.name,
                                            plot.name, plot.name, problem));
      continue;
    }
    std::string error;
    if (!run_gnuplot(out.staging_dir() / prefix, plot.name + ".gp", error)) {
      report.problems.push_back(fmt::format("{}: gnuplot failed on {}: {}", spec.name, plot.name, error));
      continue;
    }
    if (!error.empty()) spdlog::warn("{}: gnuplot on {}: {}", spec.name, plot.name, error);
    written.push_back(prefix + plot.name + ".png");
    written.push_back(prefix + plot.name + ".svg");
  }

  if (spec.outputs.summary) {
    std::vector<std::string> files(written.begin() + static_cast<std::ptrdiff_t>(first_file), written.end());
    files.push_back(prefix + "summary.json");
    put("summary.json", summary_json(spec, records, files));
  }
  if (!spec.outputs.csv) {
    // The CSV was only needed for the plots: drop it from what is committed.
    std::filesystem::remove(out.staging_dir() / (prefix + "results.csv"));
    written.erase(written.begin() + static_cast<std::ptrdiff_t>(first_file));
  }
}

}  // namespace mpnsim
