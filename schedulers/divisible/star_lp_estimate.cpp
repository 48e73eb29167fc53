// The star strategies' linear-program work, estimated from the number of workers, installments and the return rule.
#include "schedulers/divisible/star_lp_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace mpnsim {

namespace {

// Measured with build/mpnsim dlt and bench/lp_bench (Release, one core of a 2-core machine
// shared with other builds), one program of 4 workers with m installments and no results:
//   m = 100 0.13 s, m = 250 1.5 s, m = 1000 (4000 messages, about 80 000 non-zeros) 7 to 17 s
//   and 135 MB peak.
// GLPK's simplex takes about as many iterations as rows, each over a part of the rows, so
// the time is taken as quadratic in the non-zeros from that point (10 s), with at least
// 0.5 ms a program (a small program's set-up); the memory as linear (135 MB over 80 000,
// rounded up).
constexpr double kNonzerosPerMessage = 20;
constexpr double kSecondsAt = 10, kNonzerosAt = 80000, kLeastSeconds = 5e-4;
constexpr double kBytesPerNonzero = 2000;

// Programs the branch and bound of `best` solves at worst for n workers (every prefix's
// bound, the complete orders exactly): sum over k = 1..n of n! / (n - k)!, about e n!; the
// local search above 8 workers: n passes of n (n - 1) moves.
double best_programs(int n) {
  if (n <= 8) {
    double total = 0, term = 1;
    for (int k = 1; k <= n; ++k) {
      term *= n - k + 1;
      total += term;
    }
    return 2 + total;
  }
  return 2 + static_cast<double>(n) * n * (n - 1);
}

}  // namespace

StarLpWork star_lp_work(const std::string& strategy, const ParamSet& params, int workers, bool startups) {
  StarLpWork w;
  const bool multi = strategy == "star-multi-installment";
  if (!multi && strategy != "star-sequential") return w;
  const std::string results = params.text("results");
  const double m = multi ? static_cast<double>(params.integer("installments")) : 1.0;
  if (m == 1 && results == "none") return w;  // the equal-finish solver, no program
  w.messages = m * workers;
  w.nonzeros = kNonzerosPerMessage * w.messages + 10.0 * workers + 10;
  w.seconds_each = std::max(kLeastSeconds, kSecondsAt * std::pow(w.nonzeros / kNonzerosAt, 2));
  w.bytes = kBytesPerNonzero * w.nonzeros;
  const double search = results == "best" ? best_programs(workers) : 1;
  // With startups the best prefix of the send order is chosen first, one program per prefix.
  w.programs = search + (startups ? workers + 1 : 0);
  w.driver = search > 1 ? "results" : "installments";
  return w;
}

}  // namespace mpnsim
