// Bar and box plot numbers from an experiment's records: categories, series, means, intervals, quartiles.
#include "experiments/run/category_data.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "experiments/analysis/box_summary.hpp"
#include "experiments/analysis/statistics.hpp"
#include "experiments/config/variant_name.hpp"
#include "sim/csv_writer.hpp"

namespace mpnsim {

namespace {

// A cell of results.csv as the CSV writes it (results_writer.cpp): numbers in their shortest form.
std::string cell_text(const ParamValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return format_number(*d);
  return to_text(v);
}

bool is_swept(const ExperimentSpec& spec, const std::string& key) {
  return std::find(spec.swept_keys.begin(), spec.swept_keys.end(), key) != spec.swept_keys.end();
}

// The values one column takes, in first-appearance order, with their names.
struct Axis {
  std::vector<std::string> values;
  std::map<std::string, std::size_t> index;
  std::size_t of(const std::string& v) {
    auto [it, fresh] = index.emplace(v, values.size());
    if (fresh) values.push_back(v);
    return it->second;
  }
};

}  // namespace

CategoryPlotData category_data(const ExperimentSpec& spec, const PlotSpec& plot, const std::vector<RunRecord>& records) {
  Axis categories, series;
  std::map<std::pair<std::size_t, std::size_t>, std::vector<double>> values;
  for (const auto& r : records)
    for (const auto& row : results_csv_rows(r.result)) {
      std::map<std::string, std::string> cells;
      for (const auto& a : spec.points[r.point].assignments) cells[a.key] = a.text;
      for (const auto& [k, v] : row) cells.emplace(k, cell_text(v));
      const auto x = cells.find(plot.x);
      if (x == cells.end() || x->second.empty()) continue;
      std::string s;
      if (!plot.series.empty()) {
        const auto it = cells.find(plot.series);
        if (it == cells.end() || it->second.empty()) continue;
        s = it->second;
      }
      const std::string& y_text = cells[plot.y];
      char* end = nullptr;
      const double y = std::strtod(y_text.c_str(), &end);
      if (y_text.empty() || end != y_text.c_str() + y_text.size() || !std::isfinite(y)) continue;
      values[{categories.of(x->second), series.of(s)}].push_back(y);
    }
  CategoryPlotData data;
  const VariantNames x_names = is_swept(spec, plot.x) ? VariantNames(spec.points, plot.x) : VariantNames();
  const VariantNames s_names = is_swept(spec, plot.series) ? VariantNames(spec.points, plot.series) : VariantNames();
  for (const auto& v : categories.values) data.categories.push_back(x_names(v));
  for (const auto& v : series.values) data.series.push_back(plot.series.empty() ? "" : s_names(v));
  for (const auto& [key, ys] : values) {
    CategoryCell c;
    c.category = key.first;
    c.series = key.second;
    c.count = ys.size();
    const Summary sum = summarize_values(ys);
    c.mean = sum.mean;
    c.ci95 = sum.has_interval() ? sum.ci95 : 0.0;
    const BoxSummary box = box_summary(ys);
    c.q1 = box.q1;
    c.median = box.median;
    c.q3 = box.q3;
    c.low_whisker = box.low_whisker;
    c.high_whisker = box.high_whisker;
    c.outliers = box.outliers;
    data.cells.push_back(std::move(c));
  }
  return data;
}

}  // namespace mpnsim
