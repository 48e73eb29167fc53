// Radix-heap implementation of the event queue.
#include "sim/event_queue.hpp"

#include <bit>
#include <cassert>
#include <cstring>
#include <utility>

namespace mpnsim {

void EventQueue::refill() {
  assert(size_ > 0);
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

}  // namespace mpnsim
