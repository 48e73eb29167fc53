// count_channel_conflicts (the link-conflict estimate's count on one link direction) against the
// rule written out pair by pair, on hops whose starts are spread, piled on a few instants,
// repeated, not finite, or spread over the whole range of doubles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

#include "schedulers/dag/channel_conflicts.hpp"
#include "sim/time_order_key.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {
namespace {

struct TestHop {
  double start, end;
};

// The rule as the estimate states it, with no cleverness: the hops in order of start (NaN as
// +infinity, -0 as +0), then end; a hop conflicts when it starts before the latest end of all the
// hops before it (not merely touching it), or at the instant the one just before it started.
long long reference_count(std::vector<TestHop> hops) {
  const auto start_of = [](const TestHop& h) { return time_from_order_key(time_order_key(h.start)); };
  std::sort(hops.begin(), hops.end(), [&](const TestHop& x, const TestHop& y) {
    const std::uint64_t a = time_order_key(x.start), b = time_order_key(y.start);
    return a != b ? a < b : x.end < y.end;
  });
  long long conflicts = 0;
  for (std::size_t i = 1; i < hops.size(); ++i) {
    double latest_end = hops[0].end;
    for (std::size_t j = 1; j < i; ++j) latest_end = std::max(latest_end, hops[j].end);
    const double s = start_of(hops[i]);
    const bool inside = s < latest_end && !times_equal(s, latest_end);
    if (inside || times_equal(s, start_of(hops[i - 1]))) ++conflicts;
  }
  return conflicts;
}

long long fast_count(const std::vector<TestHop>& hops, ChannelConflictScratch& scratch) {
  std::vector<ChannelHop> channel;
  for (const TestHop& h : hops) channel.push_back(ChannelHop{time_order_key(h.start), h.end});
  return count_channel_conflicts(channel.data(), channel.data() + channel.size(), scratch);
}

// Hops of a channel as a schedule makes them: a start, then a length.
std::vector<TestHop> spread_hops(std::mt19937_64& rng, std::size_t n, double horizon, double length) {
  std::uniform_real_distribution<double> at(0, horizon), len(0, length);
  std::vector<TestHop> hops;
  for (std::size_t i = 0; i < n; ++i) {
    const double s = at(rng);
    hops.push_back({s, s + len(rng)});
  }
  return hops;
}

TEST(ChannelConflicts, SpreadStartsCountAsTheRuleSays) {
  std::mt19937_64 rng(11);
  ChannelConflictScratch scratch;  // shared, as the estimate shares it between channels
  long long total = 0;
  for (const std::size_t n : {0, 1, 2, 5, 63, 64, 65, 100, 257, 600, 1500})
    for (const double length : {0.0, 0.01, 1.0, 30.0})
      for (int round = 0; round < 3; ++round) {
        const auto hops = spread_hops(rng, n, 1000, length);
        const long long want = reference_count(hops);
        EXPECT_EQ(fast_count(hops, scratch), want) << n << " hops of length up to " << length;
        total += want;
      }
  EXPECT_GT(total, 1000);  // the cases contend
}

// Starts piled on a few instants (whole-number schedules), exact repeats, and hops that touch end
// to start: buckets of many hops, and ties broken by end.
TEST(ChannelConflicts, PiledAndRepeatedStartsCountAsTheRuleSays) {
  std::mt19937_64 rng(12);
  ChannelConflictScratch scratch;
  for (const int instants : {1, 2, 7, 40})
    for (const std::size_t n : {70, 300, 1000}) {
      std::uniform_int_distribution<int> at(0, instants - 1), len(0, 3);
      std::vector<TestHop> hops;
      for (std::size_t i = 0; i < n; ++i) {
        const double s = 10.0 * at(rng);
        hops.push_back({s, s + len(rng)});
      }
      // One start far from the pile: the buckets span a wide range, the pile falls in one.
      hops.push_back({1e6, 1e6 + 1});
      for (std::size_t i = 0; i < n / 4; ++i) hops.push_back(hops[i]);
      std::shuffle(hops.begin(), hops.end(), rng);
      EXPECT_EQ(fast_count(hops, scratch), reference_count(hops)) << instants << " instants, " << n << " hops";
    }
  // Back to back: no conflict at all.
  std::vector<TestHop> chain;
  for (int i = 0; i < 200; ++i) chain.push_back({i * 0.1, (i + 1) * 0.1});
  std::shuffle(chain.begin(), chain.end(), rng);
  EXPECT_EQ(fast_count(chain, scratch), 0);
  EXPECT_EQ(reference_count(chain), 0);
}

// Starts within the tolerance of each other, -0 beside +0, NaN and infinities (a broken outside
// schedule), denormal and huge times: each counted as the rule says, never an index out of range.
TEST(ChannelConflicts, AwkwardTimesCountAsTheRuleSays) {
  std::mt19937_64 rng(13);
  ChannelConflictScratch scratch;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const double tiny = std::numeric_limits<double>::denorm_min(), huge = std::numeric_limits<double>::max();
  const std::vector<std::vector<double>> pools = {
      {0.0, -0.0, 1.0, 1.0 + 1e-12, 1.0 + 2e-12, 2.0},
      {0.0, tiny, 2 * tiny, 3 * tiny, 1e-300},
      {-huge, -1e300, 0.0, 1e300, huge},
      {0.0, 1.0, 5.0, inf},
      {0.0, 1.0, 5.0, nan},
      {-5.0, -1.0, 0.0, 3.0},
  };
  for (const auto& pool : pools)
    for (const std::size_t n : {10, 64, 65, 200}) {
      std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
      std::uniform_real_distribution<double> len(0, 2);
      std::vector<TestHop> hops;
      for (std::size_t i = 0; i < n; ++i) {
        const double s = pool[pick(rng)];
        hops.push_back({s, std::isfinite(s) ? s + len(rng) : s});
      }
      EXPECT_EQ(fast_count(hops, scratch), reference_count(hops))
          << "pool " << (&pool - pools.data()) << ", " << n << " hops";
    }
  // Starts evenly spread but one: a range made of a single huge gap.
  std::vector<TestHop> two_clusters = spread_hops(rng, 300, 1, 0.01);
  for (auto h : spread_hops(rng, 300, 1, 0.01)) two_clusters.push_back({h.start + 1e9, h.end + 1e9});
  EXPECT_EQ(fast_count(two_clusters, scratch), reference_count(two_clusters));
}

}  // namespace
}  // namespace mpnsim
