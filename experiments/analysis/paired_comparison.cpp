// Builds the per-variant and per-pair tables of a paired comparison from one metric's value matrix.
#include "experiments/analysis/paired_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "experiments/analysis/holm.hpp"
#include "experiments/analysis/ratio_to_best.hpp"
#include "experiments/analysis/wilcoxon.hpp"
#include "experiments/analysis/statistics.hpp"

namespace mpnsim {
namespace {

std::vector<double> column(const ValueMatrix& m, std::size_t v) {
  std::vector<double> c;
  c.reserve(m.size());
  for (const auto& row : m) c.push_back(row[v]);
  return c;
}

double mean_of(const std::vector<double>& xs) {
  double sum = 0;
  for (double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

// exp(mean(log r)), of finite ratios >= 1.
double geometric_mean_of(const std::vector<double>& xs) {
  double log_sum = 0;
  for (double x : xs) log_sum += std::log(x);
  return std::exp(log_sum / static_cast<double>(xs.size()));
}

}  // namespace

Comparison compare_variants(Better better, const ValueMatrix& values, std::span<const double> reference) {
  check_value_matrix(values);
  const std::size_t instances = values.size();
  const std::size_t variants = values.front().size();
  if (!reference.empty() && reference.size() != instances)
    throw std::invalid_argument("compare: one reference value per instance");
  const bool with_ratios = ratios_defined(values);
  ValueMatrix ratios = with_ratios ? ratios_to_best(better, values) : ValueMatrix{};
  if (with_ratios && !reference.empty())
    for (std::size_t i = 0; i < instances; ++i)
      for (std::size_t v = 0; v < variants; ++v)
        ratios[i][v] = std::isnan(reference[i]) || reference[i] < 0
                           ? std::numeric_limits<double>::infinity()  // left out below, as an infinite ratio
                           : ratio_to_best(better, values[i][v], reference[i]);
  std::vector<double> bests;
  for (const auto& row : values) bests.push_back(best_value(better, row));
  // The instances whose ratios are all finite: the ratio means are over these, for every variant.
  std::vector<std::size_t> finite_rows;
  for (std::size_t i = 0; i < ratios.size(); ++i)
    if (std::all_of(ratios[i].begin(), ratios[i].end(), [](double r) { return std::isfinite(r); }))
      finite_rows.push_back(i);

  Comparison result;
  result.variants.resize(variants);
  for (std::size_t v = 0; v < variants; ++v) {
    VariantComparison& out = result.variants[v];
    const Summary summary = summarize_values(column(values, v));
    out.instances = instances;
    out.mean = summary.mean;
    out.ci95 = summary.ci95;
    out.has_interval = summary.has_interval();
    out.ratio_instances = finite_rows.size();
    if (!finite_rows.empty()) {
      std::vector<double> r;
      for (std::size_t i : finite_rows) r.push_back(ratios[i][v]);
      out.mean_ratio_to_best = mean_of(r);
      out.geomean_ratio_to_best = geometric_mean_of(r);
    } else {
      out.mean_ratio_to_best = out.geomean_ratio_to_best = std::numeric_limits<double>::quiet_NaN();
    }
    double gap_sum = 0;
    for (std::size_t i = 0; i < instances; ++i) {
      const auto& row = values[i];
      if (!values_tied(row[v], bests[i])) gap_sum += better == Better::lower ? row[v] - bests[i] : bests[i] - row[v];
      if (values_tied(row[v], bests[i])) ++out.best;
      for (std::size_t other = 0; other < variants; ++other) {
        if (other == v) continue;
        if (strictly_better(better, row[v], row[other])) {
          ++out.wins;
        } else if (strictly_better(better, row[other], row[v])) {
          ++out.losses;
        } else {
          ++out.ties;
        }
      }
    }
    out.gap_to_best = gap_sum / static_cast<double>(instances);
  }

  std::vector<double> raw_p;
  for (std::size_t a = 0; a < variants; ++a) {
    for (std::size_t b = a + 1; b < variants; ++b) {
      PairComparison pair;
      pair.variant_a = a;
      pair.variant_b = b;
      pair.instances = instances;
      for (const auto& row : values) {
        if (strictly_better(better, row[a], row[b])) {
          ++pair.a_better;
        } else if (strictly_better(better, row[b], row[a])) {
          ++pair.b_better;
        } else {
          ++pair.ties;
        }
      }
      // The signed-rank test is two-sided, so the direction of the metric does not enter it.
      pair.wilcoxon_p = wilcoxon_signed_rank(column(values, a), column(values, b)).p_value;
      raw_p.push_back(pair.wilcoxon_p);
      result.pairs.push_back(pair);
    }
  }
  const std::vector<double> adjusted = holm_adjust(raw_p);
  for (std::size_t k = 0; k < result.pairs.size(); ++k) result.pairs[k].holm_p = adjusted[k];
  return result;
}

}  // namespace mpnsim
