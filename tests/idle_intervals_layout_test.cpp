// Tests of IdleIntervals' layout (blocks inline in one array, the blocks' first starts eight to a
// line under an array of the lines' firsts): timetables of hundreds of blocks, grown, undone and
// forgotten, asked at every gap's ends and beside them, against the brute-force reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "idle_intervals_reference.hpp"
#include "schedulers/dag/idle_intervals.hpp"

namespace mpnsim {
namespace {

using testing::brute_fit;

// The earliest fit over busy runs (sorted, disjoint, non-empty, not meeting end to end), as
// brute_fit answers over the bookings they merge: from the first run that ends after t, the
// first idle stretch that holds d. (brute_fit itself merges and sorts at every call: too slow
// for the tens of thousands of questions here, so it checks this one at the first questions.)
double runs_fit(const std::vector<std::pair<double, double>>& runs, double t, double d) {
  auto it = std::upper_bound(runs.begin(), runs.end(), t, [](double x, const auto& run) { return x < run.second; });
  double s = t;
  for (; it != runs.end(); ++it) {
    if (s + d <= it->first) return s;
    s = std::max(s, it->second);
  }
  return s;
}

// Questions at each booking's ends and one ulp either side of them (where a count of firsts or
// keys with < for <= goes wrong), for a few lengths; every `stride`-th booking only, at times
// from `from` on.
void check_at_the_ends(const IdleIntervals& r, const std::vector<std::pair<double, double>>& busy, std::size_t stride,
                       const char* where, double from = 0) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::pair<double, double>> runs;
  for (const auto& [a, b] : busy)
    if (!runs.empty() && runs.back().second == a)
      runs.back().second = b;
    else
      runs.emplace_back(a, b);
  int asked = 0;
  for (std::size_t i = 0; i < busy.size(); i += stride)
    for (const double at : {busy[i].first, busy[i].second})
      for (const double t : {std::nextafter(at, -inf), at, std::nextafter(at, inf)})
        for (const double d : {0.0, 0.05, 0.4}) {
          if (t < from) continue;
          const double expected = runs_fit(runs, t, d);
          if (asked++ < 50) {
            ASSERT_EQ(expected, brute_fit(busy, t, d)) << where << ": the reference, t " << t;
          }
          ASSERT_EQ(r.earliest_fit(t, d), expected) << where << ": t " << t << " d " << d;
          IdleIntervals::Hint hint;
          ASSERT_EQ(r.earliest_fit(t, d, hint), expected) << where << " (hint): t " << t << " d " << d;
        }
}

// Short bookings at the earliest fits of random times: many short gaps, so thousands of gaps in
// hundreds of blocks, tens of lines of firsts. Then undone one by one (blocks emptied and
// erased, the lines of firsts shrinking) back to the one endless gap.
TEST(IdleIntervalsLayout, GrowsAndShrinksThroughManyLinesOfFirsts) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> when(0, 4000), length(0.01, 0.5);
  IdleIntervals r;
  std::vector<std::pair<double, double>> busy;
  std::vector<IdleIntervals::Change> changes;
  std::vector<std::pair<double, double>> booked;  // in booking order, for the undo
  for (int i = 0; i < 6000; ++i) {
    const double d = length(rng);
    const double s = r.earliest_fit(when(rng), d);
    changes.push_back(r.book(s, s + d));
    booked.emplace_back(s, s + d);
    busy.insert(std::upper_bound(busy.begin(), busy.end(), std::pair{s, s + d}), {s, s + d});
    if (i % 1000 == 999) check_at_the_ends(r, busy, 1, "growing");
  }
  ASSERT_GT(r.gaps(), 4000u);  // over a hundred blocks of at most 32 gaps: more than 8 lines of firsts
  for (std::size_t k = changes.size(); k-- > 0;) {
    r.undo(changes[k]);
    busy.erase(std::lower_bound(busy.begin(), busy.end(), booked[k]));
    if (k % 1000 == 0) check_at_the_ends(r, busy, 1, "undoing");
  }
  EXPECT_EQ(r.gaps(), 1u);
  EXPECT_EQ(r.earliest_fit(0, 1e9), 0);
}

// forget_before drops the first blocks: the lines of firsts are written again from the first
// block left, and questions at or after the time answer as before; bookings after it too.
TEST(IdleIntervalsLayout, ForgettingBlocksKeepsTheAnswersAfterTheTime) {
  std::mt19937_64 rng(43);
  std::uniform_real_distribution<double> when(0, 3000), length(0.01, 0.5);
  IdleIntervals r;
  std::vector<std::pair<double, double>> busy;
  auto book_random = [&](double from) {
    const double d = length(rng);
    const double s = r.earliest_fit(from + when(rng), d);
    r.book(s, s + d);
    busy.insert(std::upper_bound(busy.begin(), busy.end(), std::pair{s, s + d}), {s, s + d});
  };
  for (int i = 0; i < 5000; ++i) book_random(0);
  const std::size_t before = r.gaps();
  r.forget_before(2200);
  ASSERT_LT(r.gaps(), before);  // whole blocks went
  check_at_the_ends(r, busy, 1, "forgotten", 2200);
  for (int i = 0; i < 2000; ++i) book_random(2200);
  check_at_the_ends(r, busy, 1, "booked after forgetting", 2200);
}

}  // namespace
}  // namespace mpnsim
