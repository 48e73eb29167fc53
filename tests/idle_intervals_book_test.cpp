// Tests of IdleIntervals::book with a Hint, and of the bookings that need no search (at or past
// the last booking): the timetable answers as the brute-force reference whatever the hint says.
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

// What a booking is handed: the hint of the question that found its slot (the contention
// builder's case), one kept from an earlier question (stale: bookings came since), a made-up
// position, or none.
enum class Given { answer, stale, made_up, none };

// Random bookings, each at the earliest fit of a random time and length (whole numbers when
// `whole`: bookings meet end to end, many are empty; a quarter of them past the last booking),
// each booked with a hint of each kind in turn; now and then one undone (without
// keep_boundaries). After each, random questions against the reference over the bookings
// made, and the gap count, tail and longest gap against a twin timetable booked without hints.
void check_hinted_bookings(bool keep_boundaries, bool whole, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  IdleIntervals r(keep_boundaries), twin(keep_boundaries);
  std::vector<std::pair<double, double>> busy;
  const double span = whole ? 3000 : 10000;
  std::uniform_real_distribution<double> unit(0, 1);
  IdleIntervals::Hint stale;
  auto reference = [&](double t, double d) { return keep_boundaries ? slot_fit(busy, t, d) : brute_fit(busy, t, d); };
  for (int i = 0; i < 2500; ++i) {
    double t = unit(rng) < 0.25 ? r.tail_start() + 2 * unit(rng) : span * unit(rng);
    double d = 4 * unit(rng);
    if (whole) {
      t = std::floor(t);
      d = std::floor(d);
    }
    IdleIntervals::Hint answer;
    const double s = r.earliest_fit(t, d, answer);
    ASSERT_EQ(s, reference(t, d)) << "booking " << i;
    IdleIntervals::Hint given;
    switch (static_cast<Given>(i % 4)) {
      case Given::answer: given = answer; break;
      case Given::stale: given = stale; break;
      case Given::made_up:
        given.block = static_cast<std::uint32_t>(rng() % 200);
        given.index = static_cast<std::uint32_t>(rng() % 33);
        break;
      case Given::none: break;
    }
    if (i % 9 == 0) stale = answer;
    const IdleIntervals::Change c = r.book(s, s + d, given);
    const IdleIntervals::Change c_twin = twin.book(s, s + d);
    ASSERT_EQ(c.cut, c_twin.cut) << "booking " << i;
    ASSERT_EQ(c.gap_start, c_twin.gap_start) << "booking " << i;
    ASSERT_EQ(c.gap_end, c_twin.gap_end) << "booking " << i;
    if (!keep_boundaries && i % 7 == 3) {
      r.undo(c);
      twin.undo(c_twin);
    } else {
      busy.insert(std::upper_bound(busy.begin(), busy.end(), std::pair{s, s + d}), {s, s + d});
    }
    ASSERT_EQ(r.gaps(), twin.gaps()) << "booking " << i;
    ASSERT_EQ(r.tail_start(), twin.tail_start()) << "booking " << i;
    ASSERT_EQ(r.longest_gap(), twin.longest_gap()) << "booking " << i;
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

TEST(IdleIntervalsBook, AHintedBookingLeavesTheTimetableAsThePlainOne) {
  std::uint64_t seed = 41;
  for (const bool keep_boundaries : {false, true})
    for (const bool whole : {false, true}) check_hinted_bookings(keep_boundaries, whole, seed++);
}

TEST(IdleIntervalsBook, AHintThatNoLongerHoldsTheSlotIsNotTaken) {
  IdleIntervals r;
  r.book(2, 5);
  r.book(8, 10);
  IdleIntervals::Hint h;
  ASSERT_EQ(r.earliest_fit(5, 2, h), 5);  // the gap [5, 8]
  r.book(6, 7);                           // [5, 6] and [7, 8] now; h names [5, 6]
  EXPECT_EQ(r.earliest_fit(7, 1), 7);
  r.book(7, 8, h);  // not inside [5, 6]: the search finds [7, 8]
  EXPECT_EQ(r.earliest_fit(5, 1), 5);
  EXPECT_EQ(r.earliest_fit(5.5, 1), 10);
  // A zero-length booking at a gap's end, where the next gap starts: the hint names the gap
  // that ends there, the search the one that starts there; either way nothing changes.
  IdleIntervals k;
  k.book(3, 3);  // [0, 3] and [3, inf)
  IdleIntervals::Hint g;
  ASSERT_EQ(k.earliest_fit(0, 3, g), 0);
  k.book(3, 3, g);
  EXPECT_EQ(k.gaps(), 2u);
  EXPECT_EQ(k.earliest_fit(1, 2.5), 3);
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
