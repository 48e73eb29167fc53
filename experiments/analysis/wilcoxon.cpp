// Wilcoxon signed-rank test: mid-ranks, an exact distribution by dynamic programming, a normal tail.
#include "experiments/analysis/wilcoxon.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"

namespace mpnsim {
namespace {

struct Ranked {
  std::vector<std::uint32_t> doubled_ranks;  // 2 x mid-rank: always an integer
  std::vector<bool> positive;                // sign of each difference
  std::vector<std::size_t> tie_sizes;        // sizes of the groups of tied |differences|
};

// Ranks the non-zero differences by magnitude. Mid-ranks of a tie group covering ranks
// first..last are (first + last) / 2; storing first + last keeps them integer for the exact count.
Ranked rank_differences(std::span<const double> x, std::span<const double> y) {
  struct Diff {
    double magnitude;
    bool positive;
  };
  std::vector<Diff> diffs;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (values_tied(x[i], y[i])) continue;  // zero difference: dropped
    diffs.push_back({std::abs(x[i] - y[i]), x[i] > y[i]});
  }
  std::sort(diffs.begin(), diffs.end(), [](const Diff& a, const Diff& b) { return a.magnitude < b.magnitude; });

  Ranked r;
  r.doubled_ranks.resize(diffs.size());
  r.positive.resize(diffs.size());
  for (std::size_t first = 0; first < diffs.size();) {
    // A group holds the magnitudes tied with its smallest one, so it cannot drift along a chain.
    std::size_t end = first + 1;
    while (end < diffs.size() && values_tied(diffs[end].magnitude, diffs[first].magnitude)) ++end;
    const auto doubled = static_cast<std::uint32_t>((first + 1) + end);  // ranks first+1 .. end
    for (std::size_t k = first; k < end; ++k) {
      r.doubled_ranks[k] = doubled;
      r.positive[k] = diffs[k].positive;
    }
    r.tie_sizes.push_back(end - first);
    first = end;
  }
  return r;
}

// Two-sided exact p-value: counts the sign patterns by their sum of doubled ranks
// (a subset-sum count over at most 50 values whose total is n(n+1) <= 2550).
double exact_p_value(const Ranked& r, std::uint64_t observed_doubled) {
  const std::size_t n = r.doubled_ranks.size();
  const std::uint64_t total = std::accumulate(r.doubled_ranks.begin(), r.doubled_ranks.end(), std::uint64_t{0});
  // ways[s] = number of sign patterns whose positive doubled ranks sum to s; at most 2^50, exact.
  std::vector<std::uint64_t> ways(total + 1, 0);
  ways[0] = 1;
  std::uint64_t reach = 0;
  for (std::uint32_t rank : r.doubled_ranks) {
    reach += rank;
    for (std::uint64_t s = reach; s >= rank; --s) ways[s] += ways[s - rank];
  }
  std::uint64_t at_most = 0, at_least = 0;
  for (std::uint64_t s = 0; s <= total; ++s) {
    if (s <= observed_doubled) at_most += ways[s];
    if (s >= observed_doubled) at_least += ways[s];
  }
  const double patterns = std::ldexp(1.0, static_cast<int>(n));
  const double one_tail = static_cast<double>(std::min(at_most, at_least)) / patterns;
  return std::min(1.0, 2.0 * one_tail);
}

double normal_p_value(const Ranked& r, double w_plus) {
  const auto n = static_cast<double>(r.doubled_ranks.size());
  double tie_term = 0;
  for (std::size_t t : r.tie_sizes) {
    const auto tt = static_cast<double>(t);
    tie_term += tt * tt * tt - tt;
  }
  const double mean = n * (n + 1) / 4;
  const double variance = n * (n + 1) * (2 * n + 1) / 24 - tie_term / 48;
  const double z = (w_plus - mean) / std::sqrt(variance);
  return std::min(1.0, std::erfc(std::abs(z) / std::sqrt(2.0)));  // 2 (1 - Phi(|z|))
}

}  // namespace

SignedRankTest wilcoxon_signed_rank(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) {
    throw std::invalid_argument("Wilcoxon signed-rank: the two samples must be paired (sizes " +
                                std::to_string(x.size()) + " and " + std::to_string(y.size()) + ")");
  }
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      throw std::invalid_argument("Wilcoxon signed-rank: pair " + std::to_string(i) + " has a value that is not finite");
    }
  }
  const Ranked r = rank_differences(x, y);
  SignedRankTest test;
  test.pairs = r.doubled_ranks.size();
  if (test.pairs == 0) return test;  // nothing differs: no evidence either way, p = 1

  std::uint64_t observed_doubled = 0;
  for (std::size_t k = 0; k < test.pairs; ++k)
    if (r.positive[k]) observed_doubled += r.doubled_ranks[k];
  test.w_plus = static_cast<double>(observed_doubled) / 2;
  test.exact = test.pairs <= kWilcoxonExactMaxPairs;
  test.p_value = test.exact ? exact_p_value(r, observed_doubled) : normal_p_value(r, test.w_plus);
  return test;
}

}  // namespace mpnsim
