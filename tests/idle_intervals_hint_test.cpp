// Tests of IdleIntervals::earliest_fit with a Hint: asked again from where its last answer lay, a
// timetable answers as the plain earliest_fit does, to the bit, on random timetables of many blocks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "schedulers/dag/idle_intervals.hpp"

namespace mpnsim {
namespace {

// A timetable of `bookings` random bookings over [0, span], each at the earliest fit of a random
// time and length (whole numbers when `whole`, so that bookings meet end to end and some are
// empty): a few thousand gaps, dozens of blocks.
IdleIntervals random_timetable(std::mt19937_64& rng, bool keep_boundaries, bool whole, int bookings, double span) {
  IdleIntervals r(keep_boundaries);
  std::uniform_real_distribution<double> when(0, span), length(0, whole ? 4 : 3);
  for (int i = 0; i < bookings; ++i) {
    double t = when(rng), d = length(rng);
    if (whole) {
      t = std::floor(t);
      d = std::floor(d);
    }
    const double s = r.earliest_fit(t, d);
    r.book(s, s + d);
  }
  return r;
}

// Chains of questions as fit_hop asks them: one d, a fresh hint, then times that only grow, each
// from the last answer on (the same time, a step inside its gap, a jump over a few gaps or
// blocks, past the last booking), now and then an earlier one; each answer against the plain
// earliest_fit's.
void check_chains(const IdleIntervals& r, std::mt19937_64& rng, bool whole, double span) {
  std::uniform_real_distribution<double> unit(0, 1);
  for (int chain = 0; chain < 3000; ++chain) {
    double d = (whole ? std::floor(4 * unit(rng)) : 3 * unit(rng) * unit(rng));
    if (chain % 17 == 0) d = 0;
    double t = span * unit(rng);
    if (whole) t = std::floor(t);
    IdleIntervals::Hint hint;
    for (int turn = 0; turn < 8; ++turn) {
      const double plain = r.earliest_fit(t, d);
      const double hinted = r.earliest_fit(t, d, hint);
      ASSERT_EQ(hinted, plain) << "chain " << chain << " turn " << turn << " t " << t << " d " << d;
      const double u = unit(rng);
      double step = u < 0.3 ? 0 : u < 0.7 ? 2 * unit(rng) : u < 0.9 ? 40 * unit(rng) : span * unit(rng);
      if (whole) step = std::floor(step);
      t = plain + step;
      if (turn == 5 && chain % 5 == 0) t = std::max(0.0, plain - (whole ? 3 : 3 * unit(rng)));  // earlier
    }
  }
}

TEST(IdleIntervalsHint, AnswersAsThePlainSearchOnRandomTimetables) {
  std::uint64_t seed = 11;
  for (const bool keep_boundaries : {false, true})
    for (const bool whole : {false, true}) {
      std::mt19937_64 rng(seed++);
      const double span = 20000;
      const IdleIntervals r = random_timetable(rng, keep_boundaries, whole, 3000, span);
      ASSERT_GT(r.gaps(), 1000u);  // dozens of blocks of at most 32 gaps
      check_chains(r, rng, whole, span);
    }
}

TEST(IdleIntervalsHint, AnUntouchedOrSmallTimetableAnswersAsThePlainSearch) {
  IdleIntervals r;
  IdleIntervals::Hint hint;
  EXPECT_EQ(r.earliest_fit(3, 2, hint), 3);
  r.book(2, 5);
  r.book(6, 10);
  IdleIntervals::Hint h;
  EXPECT_EQ(r.earliest_fit(0, 2, h), 0);    // [0, 2]
  EXPECT_EQ(r.earliest_fit(0.5, 2, h), 10);  // [0.5, 2.5] runs into [2, 5]; [5, 6] is too short
  EXPECT_EQ(r.earliest_fit(11, 2, h), 11);
  IdleIntervals::Hint g;
  EXPECT_EQ(r.earliest_fit(4, 1, g), 5);  // from inside [2, 5] to the gap [5, 6]
  EXPECT_EQ(r.earliest_fit(5, 1, g), 5);  // asked again at its answer: that gap
  EXPECT_EQ(r.earliest_fit(5.5, 1, g), 10);
}

}  // namespace
}  // namespace mpnsim
