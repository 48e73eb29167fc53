// Tests of the event kernel: total order on (time, scheduling order), no global state.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sim/engine.hpp"

namespace mpnsim {
namespace {

TEST(Engine, RunsEventsInTimeOrder) {
  Engine e;
  std::vector<int> order;
  e.schedule_at(3.0, [&] { order.push_back(3); });
  e.schedule_at(1.0, [&] { order.push_back(1); });
  e.schedule_at(2.0, [&] { order.push_back(2); });
  EXPECT_EQ(e.run(), 3u);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_DOUBLE_EQ(e.now(), 3.0);
}

TEST(Engine, EqualTimesRunInSchedulingOrder) {
  Engine e;
  std::vector<int> order;
  for (int i = 0; i < 100; ++i) e.schedule_at(5.0, [&order, i] { order.push_back(i); });
  e.run();
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], i);
}

TEST(Engine, EventsScheduledDuringARunJoinTheOrder) {
  Engine e;
  std::vector<std::string> log;
  e.schedule_at(1.0, [&] {
    log.push_back("a");
    e.schedule_in(0.0, [&] { log.push_back("c"); });  // same time, after b (scheduled earlier)
  });
  e.schedule_at(1.0, [&] { log.push_back("b"); });
  e.run();
  EXPECT_EQ(log, (std::vector<std::string>{"a", "b", "c"}));
}

// Events scheduled from inside events: `first` at delay() from 0, then each, when it runs,
// schedules children() more at now + delay() while fewer than `limit` were made. Returns the
// order the engine ran them in and the order of (time, scheduling order), as an ordered map
// keyed that way gives it.
struct RandomLoad {
  std::vector<int> ran, expected;
};
RandomLoad run_random_load(std::uint64_t seed, int first, int limit,
                           const std::function<int(std::mt19937_64&)>& children,
                           const std::function<double(std::mt19937_64&)>& delay) {
  Engine e;
  std::mt19937_64 rng(seed);
  std::map<std::pair<double, std::uint64_t>, int> reference;
  RandomLoad load;
  std::uint64_t seq = 0;
  int next_id = 0;
  std::function<void(int)> body;
  auto add = [&](double at) {
    const int id = next_id++;
    reference.emplace(std::pair{at, seq++}, id);
    e.schedule_at(at, [&body, id] { body(id); });
  };
  body = [&](int id) {
    load.ran.push_back(id);
    if (next_id < limit)
      for (int k = 0, n = children(rng); k < n; ++k) add(e.now() + delay(rng));
  };
  for (int i = 0; i < first; ++i) add(delay(rng));
  e.run();
  for (const auto& [key, id] : reference) load.expected.push_back(id);
  return load;
}

TEST(Engine, MatchesAReferenceOrderUnderRandomLoad) {
  // Random delays with many exact ties (drawn from a handful of values, some zero): the engine
  // must run the events in (time, scheduling order).
  const double delays[] = {0.0, 0.5, 0.5, 1.0, 0.25, 3.0, 1e-9, 1e6};
  const RandomLoad load = run_random_load(
      12345, 100, 20000, [](std::mt19937_64&) { return 2; },
      [&](std::mt19937_64& rng) { return delays[rng() % 8]; });
  ASSERT_EQ(load.ran.size(), load.expected.size());
  EXPECT_EQ(load.ran, load.expected);
}

TEST(Engine, MatchesAReferenceOrderAcrossEveryDigitOfTheTimes) {
  // Few events pending (as in a DAG replay) at times of every magnitude: delays from 2^-40 to
  // 2^31, some exact repeats, so that the times first differ from the last one removed at every
  // digit place of their bits, and buckets of one place fill past what they keep in themselves.
  const RandomLoad load = run_random_load(
      2026, 40, 60000, [](std::mt19937_64& rng) { return static_cast<int>(rng() % 3); },
      [](std::mt19937_64& rng) {
        const double scale = std::ldexp(1.0, static_cast<int>(rng() % 72) - 40);
        return rng() % 16 == 0 ? 0.0 : scale * static_cast<double>(rng() % 1000 + 1) / 1000;
      });
  ASSERT_EQ(load.ran.size(), load.expected.size());
  EXPECT_GT(load.ran.size(), 1000u);
  EXPECT_EQ(load.ran, load.expected);
}

TEST(Engine, AnEventThatOverfillsTheSmallHeapStaysInOrder) {
  // Each wave's last event, run with nothing else pending (the small heap's case, its slot
  // still taken while it runs), schedules 1100 events: past the small heap's 1024, so its
  // entries go to the radix heap from inside that event, and back once the wave has run.
  int calls = 0;
  const double delays[] = {0.0, 0.5, 0.5, 1.0, 0.25, 3.0, 1e-9, 1e6};
  const RandomLoad load = run_random_load(
      7, 1, 5000, [&calls](std::mt19937_64&) { return calls++ % 1100 == 0 ? 1100 : 0; },
      [&](std::mt19937_64& rng) { return delays[rng() % 8]; });
  EXPECT_EQ(load.ran.size(), 5501u);
  EXPECT_EQ(load.ran, load.expected);
}

TEST(Engine, LongRunsOfTiesStayInOrderAcrossQueueBlocks) {
  // Thousands of events at one time, some scheduling more at that same time
  // while the run is under way: the queue holds them in several blocks that
  // fill while they are read, from time 0 on (before anything was read) and
  // again later. They must run first-scheduled first.
  for (const double at : {0.0, 2.5}) {
    Engine e;
    std::vector<int> ran;
    int next_id = 0;
    std::function<void(int)> body;
    auto add = [&](double t) {
      const int id = next_id++;
      e.schedule_at(t, [&body, id] { body(id); });
    };
    body = [&](int id) {
      ran.push_back(id);
      if (id % 2 == 0 && next_id < 12000) add(e.now());
    };
    if (at > 0) e.schedule_at(1.0, [] {});  // something read before the burst
    for (int i = 0; i < 5000; ++i) add(at);
    e.run();
    std::vector<int> expected(static_cast<std::size_t>(next_id));
    for (int i = 0; i < next_id; ++i) expected[static_cast<std::size_t>(i)] = i;
    EXPECT_EQ(ran, expected) << "burst at " << at;
    EXPECT_DOUBLE_EQ(e.now(), at > 0 ? at : 0.0);
  }
}

TEST(Engine, ManyPendingEventsLeaveInTimeOrder) {
  // 2 * 10^5 events at random times, pushed all at once and in a second wave
  // from inside events: many blocks per bucket and many spreads.
  Engine e;
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> when(0.0, 1000.0);
  std::vector<double> seen;
  seen.reserve(200000);
  int first_wave = 0;
  for (int i = 0; i < 100000; ++i)
    e.schedule_at(when(rng), [&] {
      seen.push_back(e.now());
      if (++first_wave % 2 == 0) e.schedule_at(e.now() + when(rng) / 10, [&] { seen.push_back(e.now()); });
    });
  e.run();
  EXPECT_EQ(seen.size(), 150000u);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
}

TEST(Engine, RefusesThePast) {
  Engine e;
  e.schedule_at(2.0, [] {});
  e.run();
  EXPECT_THROW(e.schedule_at(1.0, [] {}), std::logic_error);
}

TEST(Engine, TwoEnginesAreIndependent) {
  Engine a, b;
  a.schedule_at(1.0, [] {});
  b.schedule_at(7.0, [] {});
  b.schedule_at(8.0, [] {});
  a.run();
  EXPECT_EQ(a.events_run(), 1u);
  EXPECT_EQ(b.pending(), 2u);
  b.run();
  EXPECT_DOUBLE_EQ(a.now(), 1.0);
  EXPECT_DOUBLE_EQ(b.now(), 8.0);
}

}  // namespace
}  // namespace mpnsim
