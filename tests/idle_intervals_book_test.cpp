// Tests of IdleIntervals::book's paths without a search (at or past the last booking, the second
// piece of a split gap put beside the first): the timetable answers as the brute-force reference.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "idle_intervals_reference.hpp"
#include "schedulers/dag/idle_intervals.hpp"

namespace mpnsim {
namespace {

using testing::brute_fit;
using testing::slot_fit;

// Random bookings, each at the earliest fit of a random time and length (whole numbers when
// `whole`: bookings meet end to end, many are empty; a quarter of them at or past the last
// booking, the endless gap's path); now and then one undone (without keep_boundaries). After
// each, random questions against the reference over the bookings made, and the booking's Change
// against the gap the reference saw it cut.
void check_bookings(bool keep_boundaries, bool whole, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  IdleIntervals r(keep_boundaries);
  std::vector<std::pair<double, double>> busy;
  const double span = whole ? 3000 : 10000;
  std::uniform_real_distribution<double> unit(0, 1);
  auto reference = [&](double t, double d) { return keep_boundaries ? slot_fit(busy, t, d) : brute_fit(busy, t, d); };
  for (int i = 0; i < 2500; ++i) {
    double t = unit(rng) < 0.25 ? r.tail_start() + 2 * unit(rng) : span * unit(rng);
    double d = 4 * unit(rng);
    if (whole) {
      t = std::floor(t);
      d = std::floor(d);
    }
    const double s = r.earliest_fit(t, d);
    ASSERT_EQ(s, reference(t, d)) << "booking " << i;
    const std::size_t gaps_before = r.gaps();
    const IdleIntervals::Change c = r.book(s, s + d);
    if (c.cut) {
      ASSERT_LE(c.gap_start, s) << "booking " << i;
      ASSERT_LE(s + d, c.gap_end) << "booking " << i;
    }
    if (!keep_boundaries && i % 7 == 3) {
      r.undo(c);
      ASSERT_EQ(r.gaps(), gaps_before) << "booking " << i;
    } else {
      busy.insert(std::upper_bound(busy.begin(), busy.end(), std::pair{s, s + d}), {s, s + d});
    }
    for (int q = 0; q < 4; ++q) {
      double qt = span * unit(rng), qd = 4 * unit(rng);
      if (whole) {
        qt = std::floor(qt);
        qd = std::floor(qd);
      }
      ASSERT_EQ(r.earliest_fit(qt, qd), reference(qt, qd)) << "booking " << i << " question " << q;
    }
  }
  ASSERT_GT(r.gaps(), 300u);  // a dozen blocks and more
}

TEST(IdleIntervalsBook, BookingsWithoutASearchLeaveTheTimetableAsTheReference) {
  std::uint64_t seed = 41;
  for (const bool keep_boundaries : {false, true})
    for (const bool whole : {false, true}) check_bookings(keep_boundaries, whole, seed++);
}

// The free model's timetable (keep_boundaries): a task that ends where a zero-length one was
// booked leaves no second gap at that instant, as no search for the instant now says so.
TEST(IdleIntervalsBook, ATaskEndingAtAZeroLengthOneAddsNoGapThere) {
  IdleIntervals k(true);
  k.book(5, 5);  // [0, 5] and [5, inf)
  ASSERT_EQ(k.gaps(), 2u);
  k.book(2, 5);  // [0, 2] and [5, inf): the piece [5, 5] is the next gap's start already
  EXPECT_EQ(k.gaps(), 2u);
  EXPECT_EQ(k.earliest_fit(1, 0), 1);
  EXPECT_EQ(k.earliest_fit(1, 1.5), 5);
  EXPECT_EQ(k.earliest_fit(3, 0), 5);
}

}  // namespace
}  // namespace mpnsim
