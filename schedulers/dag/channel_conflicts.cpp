// One channel's conflicting hops: the hops bucketed by start, then put in order by one insertion pass.
#include "schedulers/dag/channel_conflicts.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "sim/time_order_key.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

bool earlier(const ChannelHop& x, const ChannelHop& y) {
  return x.start_key != y.start_key ? x.start_key < y.start_key : x.end < y.end;
}

// The count over hops already in order of (start, end). Whether a hop waits goes either way at
// random from one hop to the next, so the test is written without a jump: both conditions are
// evaluated whole (`&`, `|`) and their truth added. The first hop never conflicts.
long long count_in_order(const ChannelHop* begin, const ChannelHop* end) {
  if (begin == end) return 0;
  long long conflicts = 0;
  double busy_until = begin->end, last_start = time_from_order_key(begin->start_key);
  for (const ChannelHop* h = begin + 1; h != end; ++h) {
    const double start = time_from_order_key(h->start_key);
    // A hop that starts while an earlier one holds the channel waits (even a hop of zero
    // length); two hops asking at the same instant may be served in either order.
    const bool inside = (start < busy_until) & !times_equal(start, busy_until);
    conflicts += static_cast<long long>(inside | times_equal(start, last_start));
    busy_until = std::max(busy_until, h->end);
    last_start = start;
  }
  return conflicts;
}

// Below this many hops a channel is sorted as it is; from it on, bucketed first. A bucket of
// more than kInsertionSorted hops (starts piled on a few instants) is sorted, not insertion-sorted.
// Two buckets a hop: fewer hops share a bucket with the hop before them, the one case where the
// insertion pass's test may go either way (callgrind, HEFT on the 6-cube at 10^5 tasks: 190 k
// mispredicted branches with one bucket a hop, 114 k with two, 80 k with four, for 28.8, 30.2
// and 51.1 M instructions).
constexpr std::size_t kBucketed = 64;
constexpr std::size_t kInsertionSorted = 16;
constexpr std::size_t kBucketsPerHop = 2;

}  // namespace

long long count_channel_conflicts(ChannelHop* begin, ChannelHop* end, ChannelConflictScratch& scratch) {
  // A channel's hops come in the order of the messages, which is no order in time: a sort that
  // compares (400 hops a channel at 10^5 tasks on the 6-cube) mispredicts a branch for about
  // every other comparison, a third of the estimate's time. Their starts spread over the run,
  // so 2n buckets of equal width in time hold about half a hop each: a bucket's index is a
  // nondecreasing function of the start, so the buckets in turn, each sorted, are the hops in
  // order. Starts that are not finite, or all alike, are sorted as they are.
  const auto n = static_cast<std::size_t>(end - begin);
  if (n < kBucketed) {
    std::sort(begin, end, earlier);
    return count_in_order(begin, end);
  }
  std::uint64_t low = begin->start_key, high = begin->start_key;
  for (const ChannelHop* h = begin; h != end; ++h) {
    low = std::min(low, h->start_key);
    high = std::max(high, h->start_key);
  }
  const double from = time_from_order_key(low), to = time_from_order_key(high);
  const std::size_t buckets = kBucketsPerHop * n;
  const double per_time = static_cast<double>(buckets) / (to - from);
  if (!std::isfinite(from) || !std::isfinite(to) || !std::isfinite(per_time) || !(per_time > 0)) {
    std::sort(begin, end, earlier);
    return count_in_order(begin, end);
  }
  std::vector<std::uint32_t>& first = scratch.first;
  std::vector<std::uint32_t>& bucket = scratch.bucket;
  first.assign(buckets + 1, 0);
  bucket.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    // (t - from) * per_time is nondecreasing in t and lies in [0, buckets (1 + rounding)].
    const double place = (time_from_order_key(begin[i].start_key) - from) * per_time;
    const std::size_t b = std::min(static_cast<std::size_t>(place), buckets - 1);
    bucket[i] = static_cast<std::uint32_t>(b);
    ++first[b + 1];
  }
  // first[b] holds bucket b - 1's count before it is summed: the largest tells whether any
  // bucket needs sorting before the insertion pass, so that the buckets are walked again only then.
  std::uint32_t most = 0;
  for (std::size_t b = 1; b <= buckets; ++b) {
    most = std::max(most, first[b]);
    first[b] += first[b - 1];
  }
  scratch.hops.resize(n);
  ChannelHop* const sorted = scratch.hops.data();
  {
    // first[b] moves on as bucket b fills; first[b] is bucket b + 1's start afterwards.
    for (std::size_t i = 0; i < n; ++i) sorted[first[bucket[i]]++] = begin[i];
  }
  // The buckets in turn are in order, so only hops of one bucket may be out of order: one
  // insertion pass over all of them sorts them, moving a hop past hops of its own bucket alone
  // (equal starts share a bucket). Its test is false for most hops, so it is predicted well,
  // where a pass per bucket mispredicted its end at about every bucket (most hold 0, 1 or 2
  // hops). A bucket of more than kInsertionSorted hops is sorted first (starts piled on a few
  // instants), so that the pass finds it in order.
  if (most > kInsertionSorted) {
    std::size_t at = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
      const std::size_t stop = first[b];
      if (stop - at > kInsertionSorted) std::sort(sorted + at, sorted + stop, earlier);
      at = stop;
    }
  }
  for (std::size_t i = 1; i < n; ++i) {
    if (!earlier(sorted[i], sorted[i - 1])) continue;
    const ChannelHop h = sorted[i];
    std::size_t j = i;
    for (; j > 0 && earlier(h, sorted[j - 1]); --j) sorted[j] = sorted[j - 1];
    sorted[j] = h;
  }
  return count_in_order(sorted, sorted + n);
}

}  // namespace mpnsim
