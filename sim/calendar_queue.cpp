// The calendar queue's rarer paths: inserting inside a list, searching every head, new day widths.
#include "sim/calendar_queue.hpp"

#include <cassert>

namespace mpnsim {

void CalendarQueue::set_up() {
  nodes_.resize(kSlots);
  free_.resize(kSlots);
  // Slot 0 on top of the stack.
  for (std::size_t i = 0; i < kSlots; ++i) free_[i] = static_cast<std::uint16_t>(kSlots - 1 - i);
  free_top_ = kSlots;
}

// The node goes before the bucket's tail (the list has one at least): at the head, or after
// the last node not after it.
void CalendarQueue::link_before_tail(std::size_t b, std::uint32_t slot) {
  Node& n = nodes_[slot];
  std::uint32_t at = head_[b];
  if (before(n, nodes_[at])) {
    n.next = at;
    head_[b] = static_cast<std::uint16_t>(slot);
    return;
  }
  while (!before(n, nodes_[nodes_[at].next])) at = nodes_[at].next;
  n.next = nodes_[at].next;
  nodes_[at].next = slot;
}

// No head falls on its day within a year from the current day: the earliest event is the
// least of the heads. Makes the days wider when this keeps happening.
std::size_t CalendarQueue::search_heads() {
  assert(size_ > 0);
  std::size_t best = kBuckets;
  std::uint64_t highest = 0;
  for (std::size_t w = 0; w < kWords; ++w)
    for (std::uint64_t bits = occupied_[w]; bits != 0; bits &= bits - 1) {
      const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      const Node& h = nodes_[head_[b]];
      if (best == kBuckets || before(h, nodes_[head_[best]])) best = b;
      if (h.key > highest) highest = h.key;
    }
  const std::uint64_t least = nodes_[head_[best]].key;
  if (++searches_ > 8) {
    // The pending heads span more than a year: days wide enough that they take half of one.
    searches_ = 0;
    rebuild(std::bit_width((highest - least) / (kBuckets / 2)));
    day_ = least >> shift_;
    return bucket_of(least);  // the least is its new bucket's head
  }
  day_ = least >> shift_;
  return best;
}

// Every kPeriod pops: the mean gap between the keys removed gives the day's width.
void CalendarQueue::recalibrate(std::uint64_t key) {
  pops_left_ = kPeriod;
  searches_ = 0;
  const std::uint64_t first = period_key_;
  period_key_ = key;
  if (first == kNoKey) return;  // the first period starts here
  const int wanted = std::bit_width((key - first) / kPeriod);  // 2^wanted in (gap, 2 gap]
  if (wanted > shift_ + 1 || wanted < shift_ - 1) {
    rebuild(wanted);
    day_ = key >> shift_;
  }
}

// Every pending event into its bucket for days of 2^shift keys (the caller sets day_).
void CalendarQueue::rebuild(int shift) {
  std::uint16_t pending[kCapacity];
  std::size_t n = 0;
  for (std::size_t w = 0; w < kWords; ++w) {
    for (std::uint64_t bits = occupied_[w]; bits != 0; bits &= bits - 1) {
      const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      for (std::uint32_t s = head_[b]; s != kNone; s = nodes_[s].next) pending[n++] = static_cast<std::uint16_t>(s);
    }
    occupied_[w] = 0;
  }
  assert(n == size_);
  shift_ = shift > 63 ? 63 : shift;
  for (std::size_t i = 0; i < n; ++i) link<false>(pending[i]);
}

}  // namespace mpnsim
