// Radix-heap implementation of the event queue.
#include "sim/event_queue.hpp"

#include <bit>
#include <cassert>
#include <cstring>
#include <utility>

namespace mpnsim {

std::uint64_t EventQueue::key_of(double time) {
  // -0.0 has the sign bit set; it is the same time as 0.0.
  if (time == 0) return 0;
  std::uint64_t key;
  std::memcpy(&key, &time, sizeof key);
  return key;
}

double EventQueue::time_of(std::uint64_t key) {
  double time;
  std::memcpy(&time, &key, sizeof time);
  return time;
}

std::size_t EventQueue::bucket_of(std::uint64_t key) const {
  return key == last_ ? 0 : static_cast<std::size_t>(64 - std::countl_zero(key ^ last_));
}

void EventQueue::push(double time, Action action) {
  assert(time >= 0);
  const std::uint64_t key = key_of(time);
  assert(key >= last_);
  buckets_[bucket_of(key)].push_back(Entry{key, std::move(action)});
  ++size_;
  ++pushed_;
}

void EventQueue::refill() {
  auto& zero = buckets_[0];
  if (head_ < zero.size()) return;
  zero.clear();
  head_ = 0;
  std::size_t b = 1;
  while (buckets_[b].empty()) ++b;
  auto& from = buckets_[b];
  std::uint64_t least = from.front().key;
  for (const Entry& e : from) least = std::min(least, e.key);
  last_ = least;
  // Every entry moves to a lower bucket, all of them empty now: order is kept.
  for (Entry& e : from) buckets_[bucket_of(e.key)].push_back(std::move(e));
  from.clear();
}

double EventQueue::next_time() {
  assert(size_ > 0);
  refill();
  return time_of(last_);
}

double EventQueue::pop(Action& action) {
  assert(size_ > 0);
  refill();
  action = std::move(buckets_[0][head_].action);
  ++head_;
  --size_;
  return time_of(last_);
}

}  // namespace mpnsim
