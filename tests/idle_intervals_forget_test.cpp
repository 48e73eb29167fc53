// Tests of IdleIntervals::forget_before: after it, every question and booking at or after the
// instant is answered as by a timetable that kept its whole past, and the past is gone.
#include <gtest/gtest.h>

#include <random>

#include "schedulers/dag/idle_intervals.hpp"

namespace mpnsim {
namespace {

TEST(IdleIntervalsForget, AnswersFromTheInstantOnAreUnchanged) {
  for (const bool keep_boundaries : {false, true}) {
    std::mt19937_64 rng(keep_boundaries ? 7 : 3);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    IdleIntervals whole(keep_boundaries), forgetful(keep_boundaries);
    double now = 0;
    for (int step = 0; step < 40000; ++step) {
      // Bookings from the instant on (about half the time it moves by), some of zero
      // duration, some (occupy) across busy time.
      const double t = now + 30 * u(rng);
      const double d = step % 11 == 0 ? 0.0 : 0.05 + u(rng);
      const double s = whole.earliest_fit(t, d);
      ASSERT_EQ(forgetful.earliest_fit(t, d), s) << "step " << step;
      if (keep_boundaries && step % 13 == 0) {
        whole.occupy(t, t + d);
        forgetful.occupy(t, t + d);
      } else {
        whole.book(s, s + d);
        forgetful.book(s, s + d);
      }
      // Questions at and after the instant, of every length (0, into gaps, past them).
      const double q = step % 5 == 0 ? now : now + 40 * u(rng);
      const double qd = step % 3 == 0 ? 0.0 : 2 * u(rng);
      ASSERT_EQ(forgetful.earliest_fit(q, qd), whole.earliest_fit(q, qd)) << "step " << step;
      if (step % 40 == 0) {
        now += 80 * u(rng);
        forgetful.forget_before(now);
      }
    }
    // The instant moved by about 40000 over 40000 bookings at most 30 past it: most gaps are past.
    EXPECT_LT(forgetful.gaps() * 5, whole.gaps()) << keep_boundaries;
  }
}

TEST(IdleIntervalsForget, AGapEndingAtTheInstantStays) {
  // Busy [2i, 2i + 1] for i < 1000: gaps [2i + 1, 2i + 2]. Forgotten before 1400, where the gap
  // [1399, 1400] ends: a booking of zero duration still fits at 1400, a longer one at 1401.
  IdleIntervals whole, forgetful;
  for (int i = 0; i < 1000; ++i)
    for (IdleIntervals* r : {&whole, &forgetful}) r->book(2.0 * i, 2.0 * i + 1);
  forgetful.forget_before(1400);
  EXPECT_LT(forgetful.gaps(), 400u);  // whole blocks before 1400 went
  EXPECT_EQ(whole.gaps(), 1000u);
  EXPECT_EQ(forgetful.earliest_fit(1400, 0), 1400.0);
  EXPECT_EQ(whole.earliest_fit(1400, 0), 1400.0);
  EXPECT_EQ(forgetful.earliest_fit(1400, 0.5), 1401.0);
  EXPECT_EQ(forgetful.earliest_fit(1400, 5), 1999.0);  // only the endless gap holds 5
  forgetful.forget_before(1e9);  // past everything: the endless gap stays
  EXPECT_EQ(forgetful.earliest_fit(1e9, 5), 1e9);
}

}  // namespace
}  // namespace mpnsim
