// The load bounds through each unplaced task, shared by the exact searches (closure_bounds.hpp).
//
// Names with a trailing underscore are the searches' own (tables, profile, ...), passed in.
#include "schedulers/dag/optimal/closure_bounds.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

// Load bounds through each unplaced task x: its unplaced ancestors must all be done before x
// starts and its unplaced descendants can start only after x ends, so x starts no sooner than
// the water level of its ancestors' load (from the processors' committed times), and the load
// of its descendants ends no sooner than its water level from x's earliest end on. (A join's last
// task waits for the load of all the others; a fork's first task delays all of theirs.)
double ClosureBounds::operator()(const SearchTables& tables, const LoadProfile& profile,
                                 std::span<const std::uint64_t> unplaced, std::span<const double> eft,
                                 std::span<const double> est) {
  if (tables.words == 0) return 0;
  const auto W = at(tables.words);
  auto unplaced_load = [&](const std::vector<std::uint64_t>& sets, int x) {  // of x's set among the unplaced
    double load = 0;
    for (std::size_t w = 0; w < W; ++w)
      for (std::uint64_t bits = sets[at(x) * W + w] & unplaced[w]; bits != 0; bits &= bits - 1)
        load += tables.load_of(static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    return load;
  };
  double bound = 0;
  eft_.assign(eft.begin(), eft.end());
  est_.assign(est.begin(), est.end());
  for (int x : tables.topo) {
    if ((unplaced[at(x / 64)] >> (x % 64) & 1U) == 0) continue;
    double start = est_[at(x)];
    if (const double before = unplaced_load(tables.ancestors, x); before > 0) {
      start = std::max(start, profile.level(before));
      if (!tables.crossing.empty()) start = std::max(start, split_ancestors(tables, profile, unplaced, eft_, est_, x));
    }
    const double end = start + tables.min_exec[at(x)];
    est_[at(x)] = start;
    eft_[at(x)] = std::max(eft_[at(x)], end);
    bound = std::max(bound, end + tables.tail[at(x)]);
    if (const double after = unplaced_load(tables.descendants, x); after > 0) bound = std::max(bound, profile.level(after, end));
  }
  return bound;
}

// When x can start, from its unplaced ancestors A split into those on x's processor p (kept) and
// the others (apart), after Al-Mouhamed's argument over every ancestor rather than the
// predecessors. Kept ones run on p one after another, no sooner than the earliest start e0 of A.
// Each apart one a ends at least crossing(a, x) before x starts (its "ready" is its earliest end
// plus that), and their load, done on processors other than p, ends at least the least of those
// gaps before x starts. Sort A by ready, largest first, and let k be the first apart one: every
// one before it is kept, and of those after it (R) any part y of the load may be kept, the rest
// apart. So x starts no sooner than
//   min over k of max(ready_k, e0 + kept time before k, min over y of max(f(y), g(y))),
// f(y) = e0 + kept time before k + y in time (rising), g(y) = the level of the load of k and of R
// less y, plus the least gap of k and R (falling). For any y0, min over y of max(f, g) is at
// least min(f(y0), g(y0)); y0 is where f meets g's chord over [0, load of R].
double ClosureBounds::split_ancestors(const SearchTables& tables, const LoadProfile& profile,
                                      std::span<const std::uint64_t> unplaced, std::span<const double> eft,
                                      std::span<const double> est, int x) {
  const auto W = at(tables.words);
  ancestors_.clear();
  double e0 = kInf;
  for (std::size_t w = 0; w < W; ++w)
    for (std::uint64_t bits = tables.ancestors[at(x) * W + w] & unplaced[w]; bits != 0; bits &= bits - 1) {
      const int a = static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      const double gap = tables.crossing[at(a) * at(tables.tasks) + at(x)];
      ancestors_.push_back({eft[at(a)] + gap, gap, a});
      e0 = std::min(e0, est[at(a)]);
    }
  std::sort(ancestors_.begin(), ancestors_.end(), [](const Apart& a, const Apart& b) { return a.ready > b.ready; });
  const std::size_t m = ancestors_.size();
  suffix_load_.assign(m + 1, 0);
  suffix_gap_.assign(m + 1, kInf);
  for (std::size_t i = m; i-- > 0;) {
    suffix_load_[i] = suffix_load_[i + 1] + tables.load_of(ancestors_[i].task);
    suffix_gap_[i] = std::min(suffix_gap_[i + 1], ancestors_[i].gap);
  }
  // Time per unit of load kept on p: a task's least time is its load times this.
  const double unit = tables.least_unit;
  double best = kInf, kept_time = 0;
  for (std::size_t k = 0; k <= m; ++k) {
    if (k > 0) kept_time += tables.min_exec[at(ancestors_[k - 1].task)];
    const double kept_end = e0 + kept_time;
    if (k == m) {
      best = std::min(best, kept_end);
      break;
    }
    double at_least = std::max(ancestors_[k].ready, kept_end);
    if (at_least < best) {
      const double rest = suffix_load_[k + 1], gap = suffix_gap_[k];
      const double load_k = tables.load_of(ancestors_[k].task);
      auto g = [&](double y) { return profile.level_without_one(load_k + rest - y) + gap; };
      double y0 = 0;
      if (rest > 0) {
        const double g0 = g(0), g1 = g(rest);  // g's chord: g0 + (g1 - g0) y / rest
        const double slope = (g1 - g0) / rest;
        y0 = unit - slope > 0 ? std::clamp((g0 - kept_end) / (unit - slope), 0.0, rest) : rest;
      }
      at_least = std::max(at_least, std::min(kept_end + unit * y0, g(y0)));
    }
    best = std::min(best, at_least);
  }
  return best;
}

}  // namespace mpnsim
