// Pending-event set of the engine: a total order on (time, sequence number).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/callback.hpp"

namespace mpnsim {

// A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, 1990) over the bits of the
// event time. Simulated time never goes backwards (the engine refuses the
// past), and for non-negative doubles the IEEE-754 bit patterns order like the
// values, so the times are monotone 64-bit keys. Bucket b holds the events
// whose key first differs from the last key removed in bit b-1 (bucket 0: equal
// to it). Pushing appends to a bucket; removing empties bucket 0 front to back
// and, when it is empty, spreads the lowest non-empty bucket over the buckets
// below. Every pass is a sequential scan, so memory is read in order, where a
// binary heap pays a cache miss per level at 10^6 pending events.
//
// Ties: a bucket's events are always in the order they were pushed (they are
// appended, and spreading preserves their order into buckets that are empty),
// so events at equal time leave in the order they were pushed: a run is
// deterministic.
class EventQueue {
 public:
  using Action = Callback;

  void push(double time, Action action) {
    const std::uint64_t key = key_of(time);
    buckets_[bucket_of(key)].push_back(Entry{key, std::move(action)});
    ++size_;
    ++pushed_;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  double next_time();

  // Removes the earliest event; returns its time and moves its action out.
  double pop(Action& action) {
    if (head_ >= buckets_[0].size()) refill();
    action = std::move(buckets_[0][head_].action);
    ++head_;
    --size_;
    return time_of(last_);
  }

  // Sequence numbers handed out so far (one per push).
  std::uint64_t pushed() const { return pushed_; }

 private:
  struct Entry {
    std::uint64_t key;
    Action action;
  };
  // Inline: push and pop are the engine's innermost loop.
  static std::uint64_t key_of(double time) {
    if (time == 0) return 0;  // -0.0 has the sign bit set; it is the same time as 0.0
    std::uint64_t key;
    std::memcpy(&key, &time, sizeof key);
    return key;
  }
  static double time_of(std::uint64_t key) {
    double time;
    std::memcpy(&time, &key, sizeof time);
    return time;
  }
  std::size_t bucket_of(std::uint64_t key) const {
    return key == last_ ? 0 : static_cast<std::size_t>(64 - std::countl_zero(key ^ last_));
  }
  // Makes bucket 0 hold the earliest events (requires size_ > 0).
  void refill();

  std::array<std::vector<Entry>, 65> buckets_;
  std::size_t head_ = 0;      // next entry of bucket 0 to remove
  std::uint64_t last_ = 0;    // key of the bucket-0 events
  std::size_t size_ = 0;
  std::uint64_t pushed_ = 0;
};

}  // namespace mpnsim
