// ProcessorQueues used for bounds (the contention-aware pairs loop): pairs taken out and put back
// again and again stay held, with a bound no later than the best the caller gave, in heaps that stay small.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "schedulers/dag/processor_queues.hpp"

namespace mpnsim {
namespace {

using detail::ProcessorQueues;

constexpr std::size_t kTasks = 4;

std::vector<int> identity_ranks() {
  std::vector<int> task_of(kTasks);
  for (std::size_t r = 0; r < kTasks; ++r) task_of[r] = static_cast<int>(r);
  return task_of;
}

// DLS-pairs' case: offsets (static levels), so each pair sits in the heap by value and in the
// one by ready time. The ranks go by the larger offset first, as DLS-pairs' order of tasks does
// (pairs of the same start go by rank).
std::vector<double> offsets(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> level(0, 20);
  std::vector<double> o(kTasks);
  for (double& x : o) x = level(rng);
  std::sort(o.begin(), o.end(), std::greater<double>());
  return o;
}

TEST(ProcessorQueues, PairsPutBackOftenStayWithinAFewTimesTheReadyTasks) {
  // The loop puts every pair it evaluates back with a new bound, without taking the old entries
  // out. Here one processor whose free time stays 0: no copy ever moves to the first heap.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    std::mt19937_64 rng(seed);
    ProcessorQueues queues(1, identity_ranks(), offsets(rng));
    const std::vector<bool> placed(kTasks, false);
    std::uniform_real_distribution<double> later(1, 100);
    for (std::size_t r = 0; r < kTasks; ++r) queues.add(static_cast<int>(r), {later(rng)}, {0.0});
    for (int step = 0; step < 5000; ++step) {
      const ProcessorQueues::Taken taken = queues.take(0, 0.0, placed, kTasks);
      queues.add_one(0, taken.rank, taken.ready + later(rng), 0.0);
      ASSERT_GE(queues.least(0, 0.0, placed, kTasks).rank, 0);
      ASSERT_LE(queues.held(0), 4 * kTasks + 64) << "seed " << seed << " step " << step;
    }
  }
}

TEST(ProcessorQueues, ACopyPutBackBelowAnotherStaysHeldThroughACompaction) {
  // Task 0 comes out with a bound of 20 and is put back with 15 (a bound need not grow: each
  // is a lower bound); its copy of 20 in the order of ready times stays behind. Task 1's copies
  // then fill the heaps until they are compacted. Once the free time passes 15, task 0 must
  // still be held, by its copy of 15 moved to the tasks whose data are there.
  std::mt19937_64 rng(7);
  const std::vector<double> off = offsets(rng);
  ProcessorQueues queues(1, identity_ranks(), off);
  std::vector<bool> placed(kTasks, false);
  for (std::size_t r = 2; r < kTasks; ++r) placed[r] = true;
  const std::size_t live = 2;
  queues.add(0, {20.0}, {0.0});
  queues.add(1, {100.0}, {0.0});
  const ProcessorQueues::Taken taken = queues.take(0, 0.0, placed, live);
  ASSERT_EQ(taken.rank, 0);
  queues.add_one(0, 0, 15.0, 0.0);
  for (int n = 0; n < 100; ++n) queues.add_one(0, 1, 100.0, 0.0);
  EXPECT_EQ(queues.least(0, 0.0, placed, live).rank, 0);
  EXPECT_LE(queues.held(0), 4 * live + 64);  // compacted
  queues.freed(0, 16.0, placed);
  const ProcessorQueues::Least l = queues.least(0, 16.0, placed, live);
  EXPECT_EQ(l.rank, 0);
  EXPECT_LE(l.value, 20.0 - off[0]);
}

TEST(ProcessorQueues, EveryReadyPairStaysHeldWithABoundNoLaterThanTheBestGiven) {
  // Random puts back (a bound above or below the one taken), free times that grow, and tasks
  // placed. The bounds given are all lower bounds of the pair's value, so the best of them, with
  // the free time, is one too: the least pair held must be no later than any task's, and every
  // task not placed must come out again.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const std::vector<double> off = offsets(rng);
    ProcessorQueues queues(1, identity_ranks(), off);
    std::vector<bool> placed(kTasks, false);
    std::vector<double> best(kTasks);  // per task: the largest bound given
    std::uniform_real_distribution<double> unit(0, 1);
    double free = 0;
    std::size_t live = kTasks;
    for (std::size_t r = 0; r < kTasks; ++r) {
      best[r] = 50 * unit(rng);
      queues.add(static_cast<int>(r), {best[r]}, {free});
    }
    auto check = [&](int step) {
      const ProcessorQueues::Least l = queues.least(0, free, placed, live);
      double least_value = std::numeric_limits<double>::infinity();
      for (std::size_t r = 0; r < kTasks; ++r)
        if (!placed[r]) least_value = std::min(least_value, std::max(best[r], free) - off[r]);
      ASSERT_EQ(l.rank < 0, live == 0) << "seed " << seed << " step " << step;
      if (live == 0) return;
      ASSERT_FALSE(placed[static_cast<std::size_t>(l.rank)]) << "seed " << seed << " step " << step;
      ASSERT_LE(l.value, least_value) << "seed " << seed << " step " << step;
    };
    for (int step = 0; step < 4000 && live > 0; ++step) {
      const double u = unit(rng);
      if (u < 0.2) {  // the processor's free time grows
        free += 3 * unit(rng);
        queues.freed(0, free, placed);
      } else {
        const ProcessorQueues::Taken taken = queues.take(0, free, placed, live);
        const auto r = static_cast<std::size_t>(taken.rank);
        if (u < 0.203) {  // placed: gone for good
          placed[r] = true;
          --live;
        } else {  // put back with a bound above or below the one it came out with
          const double bound = std::max(0.0, taken.ready + 30 * (unit(rng) - 0.4));
          best[r] = std::max(best[r], bound);
          queues.add_one(0, taken.rank, bound, free);
        }
      }
      check(step);
      if (HasFatalFailure()) return;
    }
    // Every task not placed comes out again: taken out for good one by one, the least held stays
    // no later than every task left's.
    while (live > 0) {
      const ProcessorQueues::Taken taken = queues.take(0, free, placed, live);
      placed[static_cast<std::size_t>(taken.rank)] = true;
      --live;
      check(-1);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace mpnsim
