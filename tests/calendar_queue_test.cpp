// Tests of the event queue's calendar mode: (key, push number) order through new day widths,
// years that hold nothing, lists kept in order inside a bucket.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "sim/calendar_queue.hpp"

namespace mpnsim {
namespace {

std::uint64_t key_of(double t) {
  std::uint64_t k;
  std::memcpy(&k, &t, sizeof k);
  return t == 0 ? 0 : k;
}

// A hold model on the calendar alone, checked against an ordered set of (key, push number):
// each removed event pushes `children(rng)` events at its time plus `delay(rng)`, while at
// most `limit` pushes were made and fewer than kCapacity are pending. Returns how many left.
template <class Children, class Delay>
std::size_t check_against_reference(std::uint64_t seed, int first, int limit, Children children, Delay delay) {
  CalendarQueue q;
  std::set<std::pair<std::uint64_t, std::uint64_t>> reference;
  std::mt19937_64 rng(seed);
  std::uint64_t pushed = 0;
  auto add = [&](double t) {
    const std::uint64_t key = key_of(t);
    q.push(key, pushed, [] {});
    reference.emplace(key, pushed);
    ++pushed;
  };
  for (int i = 0; i < first; ++i) add(delay(rng));
  std::size_t removed = 0;
  while (!q.empty()) {
    const std::uint64_t expected_front = reference.begin()->first;
    EXPECT_EQ(q.front_key(), expected_front);
    std::uint64_t key;
    const std::uint32_t slot = q.pop(key);
    q.free_slot(slot);
    const auto [want_key, want_order] = *reference.begin();
    reference.erase(reference.begin());
    if (key != want_key) {
      ADD_FAILURE() << "event " << removed << ": key " << key << ", expected " << want_key << " (push " << want_order << ")";
      return removed;
    }
    ++removed;
    double now;
    std::memcpy(&now, &key, sizeof now);
    for (int k = children(rng); k > 0 && pushed < static_cast<std::uint64_t>(limit) && q.size() < CalendarQueue::kCapacity; --k)
      add(now + delay(rng));
  }
  EXPECT_TRUE(reference.empty());
  return removed;
}

TEST(CalendarQueue, KeepsOrderInAHoldModelThroughBinades) {
  // A few hundred pending, holds 0.5..10: the times cross binades (the days' width changes).
  const std::size_t n = check_against_reference(
      1, 300, 200000, [](std::mt19937_64&) { return 1; },
      [](std::mt19937_64& rng) { return 0.5 + 9.5 * std::uniform_real_distribution<double>()(rng); });
  EXPECT_EQ(n, 200000u);
}

TEST(CalendarQueue, KeepsOrderWithTiesAndFarEvents) {
  // Exact repeats of a handful of delays, some zero, some a million times longer: events a
  // year or more ahead, ties within a bucket, and heads searched for.
  const double delays[] = {0.0, 0.5, 0.5, 1.0, 0.25, 3.0, 1e-9, 1e6};
  const std::size_t n = check_against_reference(
      2, 200, 100000, [](std::mt19937_64& rng) { return static_cast<int>(rng() % 3); },
      [&](std::mt19937_64& rng) { return delays[rng() % 8]; });
  EXPECT_GT(n, 50000u);
}

TEST(CalendarQueue, KeepsOrderAcrossEveryScaleOfDelays) {
  // Delays from 2^-40 to 2^31: the measured gaps swing over many powers of two, so the days
  // are made wider and narrower again and again, and long stretches of years hold nothing.
  const std::size_t n = check_against_reference(
      3, 500, 150000, [](std::mt19937_64& rng) { return static_cast<int>(rng() % 3); },
      [](std::mt19937_64& rng) {
        const double scale = std::ldexp(1.0, static_cast<int>(rng() % 72) - 40);
        return rng() % 16 == 0 ? 0.0 : scale * static_cast<double>(rng() % 1000 + 1) / 1000;
      });
  EXPECT_GT(n, 10000u);
}

TEST(CalendarQueue, AFullQueueOfOneTimeLeavesInPushOrder) {
  CalendarQueue q;
  for (std::uint64_t i = 0; i < CalendarQueue::kCapacity; ++i) q.push(key_of(2.5), i, [] {});
  // Pushed out of order inside one bucket: an earlier time after later ones.
  std::uint64_t key;
  for (std::uint64_t i = 0; i < CalendarQueue::kCapacity; ++i) {
    const std::uint32_t slot = q.pop(key);
    q.free_slot(slot);
    EXPECT_EQ(key, key_of(2.5));
  }
  EXPECT_TRUE(q.empty());
}

TEST(CalendarQueue, EventsPushedBeforeOthersOfTheirBucketComeOutFirst) {
  // Descending times, all within one day: every push goes before the bucket's head or
  // inside its list, not at its tail.
  CalendarQueue q;
  std::vector<std::uint64_t> keys;
  for (int i = 0; i < 500; ++i) keys.push_back(key_of(100.0 - 1e-9 * i));
  for (int i = 0; i < 500; ++i) keys.push_back(key_of(100.0 - 1e-9 * (i % 7)));
  for (std::uint64_t i = 0; i < keys.size(); ++i) q.push(keys[i], i, [] {});
  std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;
  for (std::uint64_t i = 0; i < keys.size(); ++i) expected.emplace_back(keys[i], i);
  std::sort(expected.begin(), expected.end());
  std::vector<std::uint32_t> slots_by_order(keys.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    std::uint64_t key;
    const std::uint32_t slot = q.pop(key);
    q.free_slot(slot);
    ASSERT_EQ(key, expected[i].first) << i;
  }
}

TEST(CalendarQueue, DaysMadeTooNarrowAreWidenedWhenYearsHoldNothing) {
  // 600 events a picosecond apart make the days narrow (the gaps measured are tiny), then 300
  // a hundredth apart lie many years ahead: their heads are searched for, and after a few
  // searches the days are made as wide as the heads' span.
  CalendarQueue q;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;
  std::uint64_t pushed = 0;
  for (int i = 0; i < 300; ++i) expected.emplace_back(key_of(2.0 + 0.01 * (299 - i)), pushed++);
  for (int i = 0; i < 600; ++i) expected.emplace_back(key_of(1.0 + 1e-12 * i), pushed++);
  for (const auto& [key, order] : expected) q.push(key, order, [] {});
  std::sort(expected.begin(), expected.end());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(q.front_key(), expected[i].first) << i;
    std::uint64_t key;
    q.free_slot(q.pop(key));
    ASSERT_EQ(key, expected[i].first) << i;
  }
  EXPECT_TRUE(q.empty());
}

}  // namespace
}  // namespace mpnsim
