// One channel's conflicting hops: the hops bucketed by start, then sorted bucket by bucket.
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

// The count over hops already in order of (start, end).
long long count_in_order(const ChannelHop* begin, const ChannelHop* end) {
  long long conflicts = 0;
  double busy_until = 0, last_start = 0;
  for (const ChannelHop* h = begin; h != end; ++h) {
    const double start = time_from_order_key(h->start_key);
    // A hop that starts while an earlier one holds the channel waits (even a hop of zero
    // length); two hops asking at the same instant may be served in either order.
    if (h != begin && ((start < busy_until && !times_equal(start, busy_until)) || times_equal(start, last_start)))
      ++conflicts;
    busy_until = h != begin ? std::max(busy_until, h->end) : h->end;
    last_start = start;
  }
  return conflicts;
}

// Below this many hops a channel is sorted as it is; from it on, bucketed first. A bucket of
// more than kInsertionSorted hops (starts piled on a few instants) is sorted, not insertion-sorted.
constexpr std::size_t kBucketed = 64;
constexpr std::size_t kInsertionSorted = 16;

}  // namespace

long long count_channel_conflicts(ChannelHop* begin, ChannelHop* end, ChannelConflictScratch& scratch) {
  // A channel's hops come in the order of the messages, which is no order in time: a sort that
  // compares (400 hops a channel at 10^5 tasks on the 6-cube) mispredicts a branch for about
  // every other comparison, a third of the estimate's time. Their starts spread over the run,
  // so n buckets of equal width in time hold about one hop each: a bucket's index is a
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
  const double per_time = static_cast<double>(n) / (to - from);
  if (!std::isfinite(from) || !std::isfinite(to) || !std::isfinite(per_time) || !(per_time > 0)) {
    std::sort(begin, end, earlier);
    return count_in_order(begin, end);
  }
  std::vector<std::uint32_t>& first = scratch.first;
  std::vector<std::uint32_t>& bucket = scratch.bucket;
  first.assign(n + 1, 0);
  bucket.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    // (t - from) * per_time is nondecreasing in t and lies in [0, n (1 + rounding)].
    const double place = (time_from_order_key(begin[i].start_key) - from) * per_time;
    const std::size_t b = std::min(static_cast<std::size_t>(place), n - 1);
    bucket[i] = static_cast<std::uint32_t>(b);
    ++first[b + 1];
  }
  for (std::size_t b = 1; b <= n; ++b) first[b] += first[b - 1];
  scratch.hops.resize(n);
  ChannelHop* const sorted = scratch.hops.data();
  {
    // first[b] moves on as bucket b fills; first[b] is bucket b + 1's start afterwards.
    for (std::size_t i = 0; i < n; ++i) sorted[first[bucket[i]]++] = begin[i];
  }
  std::size_t at = 0;
  for (std::size_t b = 0; b < n; ++b) {
    const std::size_t stop = first[b];
    if (stop - at > kInsertionSorted) {
      std::sort(sorted + at, sorted + stop, earlier);
    } else {
      for (std::size_t i = at + 1; i < stop; ++i) {
        const ChannelHop h = sorted[i];
        std::size_t j = i;
        for (; j > at && earlier(h, sorted[j - 1]); --j) sorted[j] = sorted[j - 1];
        sorted[j] = h;
      }
    }
    at = stop;
  }
  return count_in_order(sorted, sorted + n);
}

}  // namespace mpnsim
