// Paired comparisons of an experiment's variants on shared instances: CSV, Markdown, LaTeX, profiles and CD diagrams.
#include "experiments/run/comparison_files.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/analysis/attainable_p.hpp"
#include "experiments/analysis/mid_ranks.hpp"
#include "experiments/analysis/nemenyi.hpp"
#include "experiments/analysis/paired_comparison.hpp"
#include "experiments/analysis/performance_profile.hpp"
#include "experiments/analysis/ratio_to_best.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/variant_name.hpp"
#include "experiments/output/cd_diagram.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/output/markdown_text.hpp"
#include "experiments/output/profile_plot.hpp"
#include "experiments/run/comparison_result.hpp"
#include "experiments/run/comparison_tex.hpp"
#include "experiments/run/comparison_values.hpp"
#include "sim/csv_writer.hpp"

namespace mpnsim {

namespace {

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

namespace {

// At most this many groups get a critical-difference diagram each.
constexpr std::size_t kMaxCdDiagrams = 12;

// The pairs a control comparison tests, as [variant, control] columns: with one `by` key every
// other variant against the control; with two, per value of the first key, each other value of
// the second against the control with the same first value.
std::vector<std::pair<std::size_t, std::size_t>> control_pairs(const CompareSpec& cmp, const ComparisonVariants& v) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (cmp.control.empty()) return pairs;
  for (std::size_t a = 0; a < v.names.size(); ++a) {
    if (v.parts[a].back() == cmp.control) continue;
    for (std::size_t c = 0; c < v.names.size(); ++c) {
      if (v.parts[c].back() != cmp.control) continue;
      if (std::equal(v.parts[a].begin(), v.parts[a].end() - 1, v.parts[c].begin())) pairs.emplace_back(a, c);
    }
  }
  return pairs;
}

// The Markdown text of one group's ranks, tests against the control and warnings.
void markdown_ranks(std::ostringstream& md, const GroupResult& r, const std::vector<std::string>& variants,
                    const CompareSpec& cmp) {
  const FriedmanTest& f = r.friedman;
  md << fmt::format("\nFriedman test over the {} variants: χ² = {:.4g}, p = {:.4g}; Iman-Davenport F = {}, p = {}. ",
                    variants.size(), f.chi2, f.chi2_p, std::isnan(f.iman_davenport_f) ? "undefined (one instance)" : fmt::format("{:.4g}", f.iman_davenport_f),
                    std::isnan(f.iman_davenport_p) ? "undefined" : fmt::format("{:.4g}", f.iman_davenport_p));
  md << fmt::format("Nemenyi critical difference at 0.05: CD = {:.4g}; two variants differ when their mean ranks "
                    "differ by at least that.",
                    r.nemenyi_cd);
  std::vector<std::string> apart;
  for (std::size_t a = 0; a < variants.size(); ++a)
    for (std::size_t b = a + 1; b < variants.size(); ++b)
      if (std::abs(f.mean_ranks[a] - f.mean_ranks[b]) >= r.nemenyi_cd) {
        const bool a_first = f.mean_ranks[a] < f.mean_ranks[b];
        apart.push_back(fmt::format("{} ahead of {}", markdown_text(variants[a_first ? a : b]),
                                    markdown_text(variants[a_first ? b : a])));
      }
  md << (apart.empty() ? std::string(" No two variants differ by CD.")
                       : fmt::format(" Differ by CD: {}.", fmt::join(apart, "; ")))
     << "\n";
  const std::size_t pairs = variants.size() * (variants.size() - 1) / 2;
  const double floor_pairs = smallest_holm_p(r.instances, pairs);
  if (floor_pairs >= 0.05)
    md << fmt::format("\n**Too few instances for the pairwise tests.** With {} instances the smallest two-sided "
                      "Wilcoxon p is {:.4g}, and Holm over the {} pairs raises it to at least {:.4g}: no pair can "
                      "fall below 0.05, whatever the data. Read the mean ranks and the Nemenyi test above{}, or add "
                      "instances.\n",
                      r.instances, smallest_wilcoxon_p(r.instances), pairs, floor_pairs,
                      cmp.control.empty() ? ", compare with one baseline (`control:`)" : "");
  if (r.vs_control.empty()) return;
  md << fmt::format("\n| variant | control | better | ties | worse | Wilcoxon p | Holm p (over {}) |\n"
                    "|---|---|---:|---:|---:|---:|---:|\n",
                    r.vs_control.size());
  for (const ControlComparison& c : r.vs_control)
    md << fmt::format("| {} | {} | {} | {} | {} | {:.4g} | {:.4g} |\n", markdown_text(variants[c.variant]),
                      markdown_text(variants[c.control]), c.better, c.ties, c.worse, c.wilcoxon_p, c.holm_p);
  const double floor_control = smallest_holm_p(r.instances, r.vs_control.size());
  if (floor_control >= 0.05)
    md << fmt::format("\n**Too few instances for the tests against the control.** With {} instances and {} tests, "
                      "no Holm-adjusted p can fall below 0.05 (the smallest possible is {:.4g}), whatever the data.\n",
                      r.instances, r.vs_control.size(), floor_control);
}

void write_one_comparison(const ExperimentSpec& spec, const CompareSpec& cmp, const ExperimentKind& kind,
                          const std::vector<RunRecord>& runs, OutputDirectory& out, const std::string& prefix,
                          bool draw_plots, std::vector<std::string>& written, std::vector<std::string>& problems) {
  const std::vector<std::string> group_keys = comparison_group_keys(spec, cmp);
  const ComparisonVariants variant_set = comparison_variants(spec, cmp);
  const std::vector<std::string>& variants = variant_set.names;
  // Their names in tables, legends and diagrams: a label, or heft/contention for {name: heft,
  // comm: contention} (experiments/config/variant_name), joined by "/" over two `by` keys. The
  // CSV files keep the values as results.csv writes them, so that they join with it.
  std::vector<VariantNames> names_by_key;
  for (const auto& key : cmp.by) names_by_key.emplace_back(spec.points, key);
  std::vector<std::string> shown;
  for (const auto& parts : variant_set.parts) {
    std::string name;
    for (std::size_t k = 0; k < parts.size() && k < names_by_key.size(); ++k) {
      if (k > 0) name += '/';
      name += names_by_key[k](parts[k]);
    }
    shown.push_back(name);
  }
  const auto pairs_with_control = control_pairs(cmp, variant_set);
  const std::string by = cmp.by_text();
  const std::string label = cmp.name.empty() ? spec.name : fmt::format("{}: compare {}", spec.name, cmp.name);
  const std::string control_label =
      cmp.by.size() == 2 ? fmt::format("{} = {}", cmp.by.back(), cmp.control) : cmp.control;

  // Runs gnuplot on STEM.gp (written beside), when plots are drawn: its PNG and SVG are listed.
  auto draw = [&](const std::string& stem) {
    if (!draw_plots) return;
    std::string error;
    if (run_gnuplot(out.staging_dir() / prefix, stem + ".gp", error)) {
      if (!error.empty()) spdlog::warn("{}: gnuplot on {}: {}", label, stem, error);
      written.push_back(prefix + stem + ".png");
      written.push_back(prefix + stem + ".svg");
    } else {
      problems.push_back(fmt::format("{}: gnuplot failed on {}: {}", label, stem, error));
    }
  };

  std::vector<MetricValues> metrics;
  for (const auto& m : cmp.metrics) metrics.push_back(gather_metric_values(spec, cmp, m, kind, runs, group_keys));
  const std::vector<std::string> comms = mixed_comm_models(spec, cmp, runs, group_keys);

  // comparison.csv, pairwise.csv, ranks.csv, vs_control.csv: group columns, then the statistics.
  std::ostringstream cmp_csv, pair_csv, rank_csv, control_csv, md;
  CsvWriter cmp_w(cmp_csv), pair_w(pair_csv), rank_w(rank_csv), control_w(control_csv);
  auto header = [&](CsvWriter& w, std::initializer_list<std::string> columns) {
    std::vector<std::string> h = group_keys;
    h.insert(h.end(), columns.begin(), columns.end());
    w.row(h);
  };
  header(cmp_w, {"metric", "better", "variant", "instances", "mean", "ci95", "gap_to_best",
                 "mean_ratio_to_" + cmp.ratio_to, "geomean_ratio_to_" + cmp.ratio_to, "ratio_instances", "best",
                 "wins", "ties", "losses", "mean_rank"});
  header(pair_w, {"metric", "variant_a", "variant_b", "instances", "a_better", "ties", "b_better", "wilcoxon_p",
                  "holm_p"});
  header(rank_w, {"metric", "variant", "mean_rank", "friedman_chi2", "friedman_p", "iman_davenport_p", "nemenyi_cd"});
  header(control_w, {"metric", "variant", "control", "better", "ties", "worse", "wilcoxon_p", "holm_p"});
  md << "# Comparison: " << markdown_text(label) << "\n\n";
  md << fmt::format("Variants are the values of `{}`{}; every variant ran on the same {}{}. Gap: the mean distance "
                    "to the best value of each instance, in the metric's unit, so 0 is best. Ratio: the variant's "
                    "value over the best value of the instance (inverted when higher is better), so 1 is best, "
                    "averaged over the instances where no ratio is infinite (a best of 0 missed by a variant): "
                    "their number is given when some were left out. An interval needs two instances. "
                    "{}W/T/L: wins, ties and losses against each other variant, instance by instance. Rank: the "
                    "mean over the instances of the variant's rank, 1 for the best, ties sharing their mean rank. "
                    "p: two-sided Wilcoxon signed-rank test, Holm-adjusted across the pairs{}.\n",
                    markdown_text(by), cmp.by.size() == 2 ? " (pairs of values: a factorial design)" : "",
                    spec.kind == "task_tree" ? "trees" : "instances",
                    cmp.over.empty() ? std::string()
                                     : fmt::format(" (an instance: a repetition and a value of {})",
                                                   fmt::format("`{}`", fmt::join(cmp.over, "`, `"))),
                    cmp.ratio_to == "optimum"
                        ? "Here the ratios are to the optimum instead: the value of the variant `optimal` where "
                          "its run proved it (column optimal), on those instances only. "
                    : cmp.ratio_to == "bound"
                        ? "Here the ratios are to a lower bound instead: the largest lower_bound of the instance's "
                          "runs, so the true ratio to the optimum is at most this. "
                        : "",
                    cmp.control.empty()
                        ? std::string()
                        : fmt::format(", or against the control {} across the comparisons with it",
                                      markdown_text(control_label)));

  std::vector<GroupResult> results;
  std::map<std::size_t, double> critical_differences;  // by number of instances
  const bool several = metrics.size() > 1;
  for (const auto& mv : metrics) {
    if (mv.name == "makespan" && !comms.empty()) {
      const std::string why = fmt::format(
          "the variants differ in `comm` ({}), and `makespan` is each scheduler's estimate of its own plan under "
          "its own model: this compares plans, not what they achieve. Compare `replayed_makespan` (every plan "
          "replayed on the engine with link contention) for that",
          fmt::join(comms, ", "));
      md << "\n**Warning: " << why << ".**\n";
      spdlog::warn("{}: {}", cmp.name.empty() ? label + ": compare" : label, why);
    }
    if (variants.size() >= 3 && mv.groups.size() > kMaxCdDiagrams)
      md << fmt::format("\n{} groups of `{}`: no critical-difference diagram for each (at most {}); pool instances "
                        "with `over:` for fewer groups.\n",
                        mv.groups.size(), markdown_text(mv.name), kMaxCdDiagrams);
    ValueMatrix pooled_ratios;  // every instance of every group: the profile's problem set
    std::vector<std::size_t> pooled_wins(variants.size(), 0);  // the profile draws the most wins thickest
    for (std::size_t g = 0; g < mv.groups.size(); ++g) {
      const auto& group = mv.groups[g];
      const auto& instances = mv.values.at(group);
      ValueMatrix matrix;
      for (const auto& [key, by_variant] : instances) {
        std::vector<double> row;
        const auto& [over, repetition, row_index] = key;
        for (const auto& v : variants) {
          const auto it = by_variant.find(v);
          if (it == by_variant.end())
            throw std::runtime_error(fmt::format(
                "{}: compare: variant '{}' has no '{}' for repetition {}{}{}{}", label, v, mv.name, repetition,
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
      GroupResult r;
      r.metric = mv.name;
      r.better = mv.better;
      r.group = group;
      r.instances = matrix.size();
      r.comparison = compare_variants(mv.better, matrix, reference);
      r.friedman = friedman_test(rank_matrix(mv.better, matrix));
      // The studentized range quantile is an integral: once per number of instances, not per group.
      auto cd = critical_differences.find(matrix.size());
      if (cd == critical_differences.end())
        cd = critical_differences.emplace(matrix.size(), nemenyi_critical_difference(variants.size(), matrix.size())).first;
      r.nemenyi_cd = cd->second;
      if (!pairs_with_control.empty()) r.vs_control = compare_with_control(mv.better, matrix, pairs_with_control);
      const Comparison& c = r.comparison;
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
                                 std::to_string(s.losses), number(r.friedman.mean_ranks[v])})
          row.push_back(cell);
        cmp_w.row(row);
        row = group;
        for (const auto& cell : {mv.name, variants[v], number(r.friedman.mean_ranks[v]), number(r.friedman.chi2),
                                 number(r.friedman.chi2_p), defined_number(true, r.friedman.iman_davenport_p),
                                 number(r.nemenyi_cd)})
          row.push_back(cell);
        rank_w.row(row);
      }
      for (const PairComparison& p : c.pairs) {
        std::vector<std::string> row = group;
        for (const auto& cell : {mv.name, variants[p.variant_a], variants[p.variant_b], std::to_string(p.instances),
                                 std::to_string(p.a_better), std::to_string(p.ties), std::to_string(p.b_better),
                                 number(p.wilcoxon_p), number(p.holm_p)})
          row.push_back(cell);
        pair_w.row(row);
      }
      for (const ControlComparison& vc : r.vs_control) {
        std::vector<std::string> row = group;
        for (const auto& cell : {mv.name, variants[vc.variant], variants[vc.control], std::to_string(vc.better),
                                 std::to_string(vc.ties), std::to_string(vc.worse), number(vc.wilcoxon_p),
                                 number(vc.holm_p)})
          row.push_back(cell);
        control_w.row(row);
      }
      // comparison.md: one table per metric and group.
      md << "\n## " << markdown_text(mv.name) << " (" << better << " is better)";
      for (std::size_t k = 0; k < group.size(); ++k)
        md << (k ? ", " : ": ") << markdown_text(group_keys[k]) << " = " << markdown_text(group[k]);
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
      md << fmt::format("| variant | mean ± 95 % | gap to best | mean ratio to {} | geomean ratio to {} | best | W/T/L | mean rank |\n",
                        cmp.ratio_to, cmp.ratio_to);
      md << "|---|---:|---:|---:|---:|---:|---:|---:|\n";
      for (std::size_t v = 0; v < variants.size(); ++v) {
        const VariantComparison& s = c.variants[v];
        md << fmt::format("| {} | {} | {:.4g} | {} | {} | {} | {}/{}/{} | {:.3f} |\n", markdown_text(shown[v]),
                          mean_and_interval(s), s.gap_to_best, ratio_cell(s.mean_ratio_to_best),
                          ratio_cell(s.geomean_ratio_to_best), s.best, s.wins, s.ties, s.losses,
                          r.friedman.mean_ranks[v]);
      }
      md << "\n| pair | a better | ties | b better | Wilcoxon p | Holm p |\n|---|---:|---:|---:|---:|---:|\n";
      for (const PairComparison& p : c.pairs)
        md << fmt::format("| {} vs {} | {} | {} | {} | {:.4g} | {:.4g} |\n", markdown_text(shown[p.variant_a]),
                          markdown_text(shown[p.variant_b]), p.a_better, p.ties, p.b_better, p.wilcoxon_p, p.holm_p);
      markdown_ranks(md, r, shown, cmp);

      // The critical-difference diagram of this metric and group: for three variants or more (two
      // are one pair, which the table says all about), and for a few groups, not one per point of
      // a large sweep (pool them with `over:`).
      if (variants.size() < 3 || mv.groups.size() > kMaxCdDiagrams) {
        results.push_back(std::move(r));
        continue;
      }
      std::string stem = metric_file_stem("cd", mv.name, several);
      if (mv.groups.size() > 1) stem += fmt::format("_{}", g + 1);
      std::string title = "Mean ranks: " + mv.name;
      // The group's values by their short names (a label, heft/contention), leaving out the keys
      // this group's points do not set (a mesh's rows on a hypercube).
      std::vector<std::string> said;
      for (std::size_t k = 0; k < group.size() && k < group_keys.size(); ++k)
        if (!group[k].empty()) said.push_back(group_keys[k] + " = " + VariantNames(spec.points, group_keys[k])(group[k]));
      if (!said.empty()) title += fmt::format(" ({})", fmt::join(said, ", "));
      title += fmt::format(", {} instances", matrix.size());
      out.write(prefix + stem + ".gp", cd_diagram_script(stem, title, shown, r.friedman.mean_ranks, r.nemenyi_cd,
                                                         nemenyi_groups(r.friedman.mean_ranks, r.nemenyi_cd)));
      written.push_back(prefix + stem + ".gp");
      draw(stem);
      results.push_back(std::move(r));
    }

    // The performance profile over every instance of every group.
    if (pooled_ratios.empty()) {
      spdlog::warn("{}: compare: no profile for '{}' (ratios need non-negative values)", label, mv.name);
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
    out.write(prefix + stem + ".gp", profile_script(stem, stem + ".csv", mv.name, shown, by, grid.back(), most_wins, grid.size()));
    written.push_back(prefix + stem + ".gp");
    draw(stem);
  }
  std::vector<std::pair<std::string, std::string>> files{{"comparison.csv", cmp_csv.str()},
                                                         {"pairwise.csv", pair_csv.str()},
                                                         {"ranks.csv", rank_csv.str()},
                                                         {"comparison.md", md.str()},
                                                         {"comparison.tex", comparison_tex(label, by, group_keys, shown,
                                                                                           control_label, results)}};
  if (!cmp.control.empty()) files.emplace_back("vs_control.csv", control_csv.str());
  for (const auto& [name, content] : files) {
    out.write(prefix + name, content);
    written.push_back(prefix + name);
  }
}

}  // namespace

void write_comparison(const ExperimentSpec& spec, const ExperimentKind& kind, const std::vector<RunRecord>& runs,
                      OutputDirectory& out, const std::string& prefix, bool draw_plots,
                      std::vector<std::string>& written, std::vector<std::string>& problems) {
  for (const CompareSpec& cmp : spec.compare)
    write_one_comparison(spec, cmp, kind, runs, out, cmp.name.empty() ? prefix : prefix + cmp.name + "/", draw_plots,
                         written, problems);
}

}  // namespace mpnsim
