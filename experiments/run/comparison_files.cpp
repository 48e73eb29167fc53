// Paired comparison of an experiment's variants on shared instances, written as CSV, Markdown and profile plots.
#include "experiments/run/comparison_files.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/analysis/paired_comparison.hpp"
#include "experiments/analysis/performance_profile.hpp"
#include "experiments/analysis/ratio_to_best.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/variant_name.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/output/markdown_text.hpp"
#include "experiments/output/profile_plot.hpp"
#include "sim/csv_writer.hpp"

namespace mpnsim {

namespace {

std::optional<double> numeric(const ParamValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  return std::nullopt;
}

const ParamValue* find_value(const MetricRow& row, const std::string& name) {
  for (const auto& [k, v] : row)
    if (k == name) return &v;
  return nullptr;
}

// A result column read as true or false: `optimal` is text ("true"), or a boolean.
bool truthy(const ParamValue* v) {
  if (!v) return false;
  if (const auto* b = std::get_if<bool>(v)) return *b;
  if (const auto* t = std::get_if<std::string>(v)) return *t == "true";
  if (const auto x = numeric(*v)) return *x != 0;
  return false;
}

// The text a point gives to a swept key ("" when the point's block does not sweep it).
std::string assigned(const SweepPoint& point, const std::string& key) {
  for (const auto& a : point.assignments)
    if (a.key == key) return a.text;
  return "";
}

// What makes an instance within a group: the values of compare.over, the repetition, the row.
using InstanceKey = std::tuple<std::vector<std::string>, int, std::size_t>;

// One metric's values, by group (the other swept keys' values), instance and variant.
struct MetricValues {
  std::string name;
  Better better = Better::lower;
  bool per_row = false;
  // group -> instance (values of the `over` keys, repetition, row) -> variant -> value
  std::map<std::vector<std::string>, std::map<InstanceKey, std::map<std::string, double>>> values;
  // compare.ratio_to optimum or bound: group -> instance -> what the ratios are taken to (NaN
  // where the exact scheduler did not prove its schedule).
  std::map<std::vector<std::string>, std::map<InstanceKey, double>> reference;
  std::vector<std::vector<std::string>> groups;  // in the order the sweep first gives them
};

// Shortest text that reads back as the same double.
std::string number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  return fmt::format("{}", v);
}

// A statistic that may be undefined (an interval of one instance, a ratio mean over no instance):
// empty, never "0" or "nan".
std::string defined_number(bool defined, double v) { return defined && !std::isnan(v) ? number(v) : ""; }

// "12.5 ± 0.3", or "12.5" alone when the interval is undefined.
std::string mean_and_interval(const VariantComparison& s) {
  return s.has_interval ? fmt::format("{:.6g} ± {:.3g}", s.mean, s.ci95) : fmt::format("{:.6g}", s.mean);
}

std::string ratio_cell(double r) { return std::isnan(r) ? std::string() : fmt::format("{:.4f}", r); }

std::string metric_file_stem(const std::string& base, const std::string& metric, bool several) {
  if (!several) return base;
  std::string s = base + "_" + metric;
  std::replace_if(s.begin(), s.end(), [](unsigned char c) { return !std::isalnum(c) && c != '_' && c != '-'; }, '_');
  return s;
}

}  // namespace

void write_comparison(const ExperimentSpec& spec, const ExperimentKind& kind, const std::vector<RunRecord>& runs,
                      OutputDirectory& out, const std::string& prefix, bool draw_plots,
                      std::vector<std::string>& written, std::vector<std::string>& problems) {
  const CompareSpec& cmp = spec.compare;
  if (!cmp.enabled) return;
  const YamlSource src(spec.file);
  std::vector<std::string> group_keys;
  for (const auto& k : spec.swept_keys)
    if (k != cmp.by && std::find(cmp.over.begin(), cmp.over.end(), k) == cmp.over.end()) group_keys.push_back(k);
  // Variants in the order the sweep first gives them, and their names in tables and legends (a
  // label, or heft/contention for {name: heft, comm: contention}); the CSV files keep the values
  // as results.csv writes them, so that they join with it.
  std::vector<std::string> variants;
  for (const auto& point : spec.points) {
    const std::string v = assigned(point, cmp.by);
    if (!v.empty() && std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(v);
  }
  const VariantNames variant_names(spec.points, cmp.by);
  std::vector<std::string> shown;
  for (const auto& v : variants) shown.push_back(variant_names(v));

  std::vector<MetricValues> metrics;
  for (const auto& m : cmp.metrics) {
    MetricValues mv;
    mv.name = m.name;
    if (!m.better.empty()) {
      mv.better = m.better == "higher" ? Better::higher : Better::lower;
    } else if (const auto known = declared_direction(kind, m.name)) {
      mv.better = *known;
    } else {
      src.fail(m.at, "compare.metrics",
               fmt::format("'{}' has no known direction: write {{name: {}, better: lower | higher}}", m.name, m.name));
    }
    for (const auto& run : runs) {
      const SweepPoint& point = spec.points[run.point];
      const std::string variant = assigned(point, cmp.by);
      if (variant.empty()) continue;  // a sweep block that does not vary `by`
      std::vector<std::string> group;
      for (const auto& k : group_keys) group.push_back(assigned(point, k));
      std::vector<std::string> over;
      for (const auto& k : cmp.over) over.push_back(assigned(point, k));
      if (!mv.values.count(group)) mv.groups.push_back(group);
      auto& instances = mv.values[group];
      auto put = [&](std::size_t row, const ParamValue& v) {
        const auto x = numeric(v);
        if (!x)
          src.fail(m.at, "compare.metrics", fmt::format("'{}' is not a numeric result column", m.name));
        instances[{over, run.repetition, row}][variant] = *x;
        if (cmp.ratio_to == "best") return;
        auto [at, added] = mv.reference[group].try_emplace(InstanceKey{over, run.repetition, row}, cmp.ratio_to == "bound" ? 0.0 : std::nan(""));
        if (cmp.ratio_to == "optimum") {
          if (variant == "optimal") at->second = truthy(find_value(run.result.metrics, "optimal")) ? *x : std::nan("");
        } else if (const ParamValue* b = find_value(run.result.metrics, "lower_bound")) {
          if (const auto lb = numeric(*b)) at->second = std::max(at->second, *lb);
        }
      };
      if (const ParamValue* v = find_value(run.result.metrics, m.name)) {
        put(0, *v);
        continue;
      }
      bool found = false;
      for (std::size_t r = 0; r < run.result.rows.size(); ++r)
        if (const ParamValue* v = find_value(run.result.rows[r], m.name)) {
          put(r, *v);
          found = mv.per_row = true;
        }
      if (!found)
        src.fail(m.at, "compare.metrics",
                 fmt::format("no result column '{}' in the runs of point {} ({})", m.name, run.point, point.label()));
    }
    metrics.push_back(std::move(mv));
  }

  // comparison.csv and pairwise.csv: group columns, then the statistics.
  std::ostringstream cmp_csv, pair_csv, md;
  CsvWriter cmp_w(cmp_csv), pair_w(pair_csv);
  {
    std::vector<std::string> h = group_keys;
    for (const std::string& c : std::vector<std::string>{"metric", "better", "variant", "instances", "mean", "ci95",
                                                         "gap_to_best", "mean_ratio_to_" + cmp.ratio_to,
                                                         "geomean_ratio_to_" + cmp.ratio_to, "ratio_instances",
                                                         "best", "wins", "ties", "losses"})
      h.push_back(c);
    cmp_w.row(h);
    std::vector<std::string> p = group_keys;
    for (const char* c : {"metric", "variant_a", "variant_b", "instances", "a_better", "ties", "b_better",
                          "wilcoxon_p", "holm_p"})
      p.push_back(c);
    pair_w.row(p);
  }
  md << "# Comparison: " << spec.name << "\n\n";
  md << fmt::format("Variants are the values of `{}`; every variant ran on the same {}{}. Gap: the mean distance "
                    "to the best value of each instance, in the metric's unit, so 0 is best. Ratio: the variant's "
                    "value over the best value of the instance (inverted when higher is better), so 1 is best, "
                    "averaged over the instances where no ratio is infinite (a best of 0 missed by a variant): "
                    "their number is given when some were left out. An interval needs two instances. "
                    "{}W/T/L: wins, ties and losses against each other variant, instance by instance. p: two-sided "
                    "Wilcoxon signed-rank test, Holm-adjusted across the pairs.\n",
                    cmp.by, spec.kind == "task_tree" ? "trees" : "instances",
                    cmp.over.empty() ? std::string()
                                     : fmt::format(" (an instance: a repetition and a value of {})",
                                                   fmt::format("`{}`", fmt::join(cmp.over, "`, `"))),
                    cmp.ratio_to == "optimum"
                        ? "Here the ratios are to the optimum instead: the value of the variant `optimal` where "
                          "its run proved it (column optimal), on those instances only. "
                    : cmp.ratio_to == "bound"
                        ? "Here the ratios are to a lower bound instead: the largest lower_bound of the instance's "
                          "runs, so the true ratio to the optimum is at most this. "
                        : "");

  const bool several = metrics.size() > 1;
  for (const auto& mv : metrics) {
    ValueMatrix pooled_ratios;  // every instance of every group: the profile's problem set
    std::vector<std::size_t> pooled_wins(variants.size(), 0);  // the profile draws the most wins thickest
    for (const auto& group : mv.groups) {
      const auto& instances = mv.values.at(group);
      ValueMatrix matrix;
      for (const auto& [key, by_variant] : instances) {
        std::vector<double> row;
        const auto& [over, repetition, row_index] = key;
        for (const auto& v : variants) {
          const auto it = by_variant.find(v);
          if (it == by_variant.end())
            throw std::runtime_error(fmt::format(
                "{}: compare: variant '{}' has no '{}' for repetition {}{}{}{}", spec.name, v, mv.name, repetition,
                mv.per_row ? fmt::format(", row {}", row_index) : std::string(),
                over.empty() ? std::string() : fmt::format(", {} = {}", fmt::join(cmp.over, ", "), fmt::join(over, ", ")),
                group.empty() ? std::string() : fmt::format(" ({})", fmt::join(group, ", "))));
          row.push_back(it->second);
        }
        matrix.push_back(std::move(row));
      }
      std::vector<double> reference;
      if (cmp.ratio_to != "best") {
        const auto refs = mv.reference.find(group);
        for (const auto& [key, by_variant] : instances) {
          double r = std::nan("");
          if (refs != mv.reference.end())
            if (const auto it = refs->second.find(key); it != refs->second.end() && it->second > 0) r = it->second;
          reference.push_back(r);
        }
      }
      const Comparison c = compare_variants(mv.better, matrix, reference);
      if (ratios_defined(matrix)) {
        const ValueMatrix ratios = ratios_to_best(mv.better, matrix);
        pooled_ratios.insert(pooled_ratios.end(), ratios.begin(), ratios.end());
      }
      const char* better = mv.better == Better::lower ? "lower" : "higher";
      for (std::size_t v = 0; v < variants.size(); ++v) {
        const VariantComparison& s = c.variants[v];
        pooled_wins[v] += s.wins;
        std::vector<std::string> row = group;
        for (const auto& cell : {mv.name, std::string(better), variants[v], std::to_string(s.instances),
                                 number(s.mean), defined_number(s.has_interval, s.ci95), number(s.gap_to_best),
                                 defined_number(true, s.mean_ratio_to_best),
                                 defined_number(true, s.geomean_ratio_to_best), std::to_string(s.ratio_instances),
                                 std::to_string(s.best), std::to_string(s.wins), std::to_string(s.ties),
                                 std::to_string(s.losses)})
          row.push_back(cell);
        cmp_w.row(row);
      }
      for (const PairComparison& p : c.pairs) {
        std::vector<std::string> row = group;
        for (const auto& cell : {mv.name, variants[p.variant_a], variants[p.variant_b], std::to_string(p.instances),
                                 std::to_string(p.a_better), std::to_string(p.ties), std::to_string(p.b_better),
                                 number(p.wilcoxon_p), number(p.holm_p)})
          row.push_back(cell);
        pair_w.row(row);
      }
      // comparison.md: one table per metric and group.
      md << "\n## " << mv.name << " (" << better << " is better)";
      for (std::size_t k = 0; k < group.size(); ++k)
        md << (k ? ", " : ": ") << group_keys[k] << " = " << markdown_text(group[k]);
      const std::size_t ratio_instances = c.variants.front().ratio_instances;
      const std::string why_left_out =
          cmp.ratio_to == "optimum" ? "the exact scheduler did not prove its schedule optimal within its budget"
          : cmp.ratio_to == "bound" ? "no positive lower bound"
                                    : "a best of 0 that some variant misses gives an infinite ratio";
      md << fmt::format("\n\n{} instance{}{}.\n\n", matrix.size(), matrix.size() == 1 ? "" : "s",
                        ratio_instances == matrix.size()
                            ? std::string()
                            : fmt::format("; ratios over {} of them ({} left out: {})", ratio_instances,
                                          matrix.size() - ratio_instances, why_left_out));
      md << fmt::format("| variant | mean ± 95 % | gap to best | mean ratio to {} | geomean ratio to {} | best | W/T/L |\n",
                        cmp.ratio_to, cmp.ratio_to);
      md << "|---|---:|---:|---:|---:|---:|---:|\n";
      for (std::size_t v = 0; v < variants.size(); ++v) {
        const VariantComparison& s = c.variants[v];
        md << fmt::format("| {} | {} | {:.4g} | {} | {} | {} | {}/{}/{} |\n", markdown_text(shown[v]),
                          mean_and_interval(s),
                          s.gap_to_best, ratio_cell(s.mean_ratio_to_best), ratio_cell(s.geomean_ratio_to_best), s.best,
                          s.wins, s.ties, s.losses);
      }
      md << "\n| pair | a better | ties | b better | Wilcoxon p | Holm p |\n|---|---:|---:|---:|---:|---:|\n";
      for (const PairComparison& p : c.pairs)
        md << fmt::format("| {} vs {} | {} | {} | {} | {:.4g} | {:.4g} |\n", markdown_text(shown[p.variant_a]),
                          markdown_text(shown[p.variant_b]), p.a_better, p.ties, p.b_better, p.wilcoxon_p, p.holm_p);
    }

    // The performance profile over every instance of every group.
    if (pooled_ratios.empty()) {
      spdlog::warn("{}: compare: no profile for '{}' (ratios need non-negative values)", spec.name, mv.name);
      continue;
    }
    const auto profiles = performance_profiles(pooled_ratios);
    const auto grid = profile_tau_grid(profiles);
    std::ostringstream prof;
    CsvWriter prof_w(prof);
    std::vector<std::string> h{"tau"};
    h.insert(h.end(), variants.begin(), variants.end());
    prof_w.row(h);
    for (double tau : grid) {
      std::vector<std::string> row{number(tau)};
      for (const auto& profile : profiles) row.push_back(number(profile_fraction(profile, tau)));
      prof_w.row(row);
    }
    const std::string stem = metric_file_stem("profile", mv.name, several);
    out.write(prefix + stem + ".csv", prof.str());
    written.push_back(prefix + stem + ".csv");
    const auto most_wins = static_cast<std::size_t>(
        std::max_element(pooled_wins.begin(), pooled_wins.end()) - pooled_wins.begin());  // the first of equals
    out.write(prefix + stem + ".gp",
              profile_script(stem, stem + ".csv", mv.name, shown, cmp.by, grid.back(), most_wins, grid.size()));
    written.push_back(prefix + stem + ".gp");
    if (draw_plots) {
      std::string error;
      if (run_gnuplot(out.staging_dir() / prefix, stem + ".gp", error)) {
        if (!error.empty()) spdlog::warn("{}: gnuplot on {}: {}", spec.name, stem, error);
        written.push_back(prefix + stem + ".png");
        written.push_back(prefix + stem + ".svg");
      } else {
        problems.push_back(fmt::format("{}: gnuplot failed on {}: {}", spec.name, stem, error));
      }
    }
  }
  out.write(prefix + "comparison.csv", cmp_csv.str());
  out.write(prefix + "pairwise.csv", pair_csv.str());
  out.write(prefix + "comparison.md", md.str());
  for (const char* f : {"comparison.csv", "pairwise.csv", "comparison.md"}) written.push_back(prefix + f);
}

}  // namespace mpnsim
