// The event queue's few-events mode: a calendar queue over the bits of the event times.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/callback.hpp"

namespace mpnsim {

// At most kCapacity pending events ordered by (key, push number), where a key is a
// time's IEEE-754 bits (monotone for non-negative doubles) and never below the last
// key removed (the engine refuses the past). A calendar queue (Brown 1988) with
// days of 2^shift keys and a year of kBuckets days: an event goes to the bucket of
// its day modulo the year, a list kept in (key, push number) order, and the earliest
// event is the head of the first bucket, from the current day on, whose head falls
// on the day being looked at (a bitmap of the non-empty buckets skips the empty ones).
//
// Why not a heap: a DAG replay keeps a few hundred events pending at distinct times,
// so the 4-ary heap this replaced walked four or five levels down at every pop (180
// instructions an activity with the running of the event) and up at every push (85).
// Here, with a day about one average gap between pops wide, a pop finds its event in
// the next occupied bucket or the one after, and a push, which nearly always lands
// beyond the other events of its bucket, appends to its list.
//
// The day's width follows the times: every kPeriod pops the mean gap between the keys
// removed sets it (2^shift between one and two gaps), and the lists are made again when
// it is off by more than a factor two. Times grow by binades, where the gaps in keys
// halve for the same gaps in time, hence the margin. When a whole year holds no event
// (the days too narrow for the times pending) the earliest head is searched for; too
// many such searches in a period widen the days to the span of the heads.
//
// Events keep their slot from push to removal: the caller runs an action where it lies
// (slot()), then frees the slot.
class CalendarQueue {
 public:
  using Action = Callback;
  static constexpr std::size_t kCapacity = 1024;
  static constexpr std::uint32_t kNone = 0xFFFF;

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // Adds an event (requires size() < kCapacity, key at least the last key removed, and
  // `order` larger than any pushed before: the push number).
  void push(std::uint64_t key, std::uint64_t order, Action&& action) {
    if (nodes_.empty()) set_up();
    const std::uint32_t slot = free_[--free_top_];
    Node& n = nodes_[slot];
    n.key = key;
    n.order = order;
    n.action = std::move(action);
    link<true>(slot);
    ++size_;
  }

  // Removes the earliest event (requires !empty()); returns its slot, to be freed by
  // free_slot() once its action has run or been moved out.
  std::uint32_t pop(std::uint64_t& key) {
    const std::size_t b = front();
    const std::uint32_t slot = head_[b];
    const Node& n = nodes_[slot];
    head_[b] = static_cast<std::uint16_t>(n.next);
    if (n.next == kNone) occupied_[b / 64] &= ~(std::uint64_t{1} << (b % 64));
    --size_;
    key = n.key;
    if (--pops_left_ == 0) recalibrate(key);
    return slot;
  }
  // The earliest event's key, not removed (requires !empty()).
  std::uint64_t front_key() { return nodes_[head_[front()]].key; }

  Action& slot(std::uint32_t s) { return nodes_[s].action; }
  void free_slot(std::uint32_t s) { free_[free_top_++] = static_cast<std::uint16_t>(s); }

 private:
  static constexpr std::size_t kBuckets = 1024;
  static constexpr std::size_t kWords = kBuckets / 64;
  static constexpr std::size_t kSlots = kCapacity + 1;  // one more for the event running
  static constexpr std::uint32_t kPeriod = 256;         // pops between two looks at the gaps
  static_assert(kSlots < kNone && std::has_single_bit(kBuckets));

  struct Node {
    std::uint64_t key;
    std::uint64_t order;
    std::uint32_t next;  // the next node of its bucket's list, or kNone
    Action action;
  };
  static bool before(const Node& a, const Node& b) {
    return ((static_cast<unsigned __int128>(a.key) << 64) | a.order) <
           ((static_cast<unsigned __int128>(b.key) << 64) | b.order);
  }
  std::size_t bucket_of(std::uint64_t key) const { return (key >> shift_) & (kBuckets - 1); }

  // Puts a node into its bucket's list, in order. `newest`: its push number is the highest,
  // so that it goes after the tail unless its key is less.
  template <bool newest>
  void link(std::uint32_t slot) {
    Node& n = nodes_[slot];
    const std::size_t b = bucket_of(n.key);
    std::uint64_t& word = occupied_[b / 64];
    const std::uint64_t bit = std::uint64_t{1} << (b % 64);
    n.next = kNone;
    if ((word & bit) == 0) {
      word |= bit;
      head_[b] = tail_[b] = static_cast<std::uint16_t>(slot);
      return;
    }
    Node& last = nodes_[tail_[b]];
    if (newest ? n.key >= last.key : !before(n, last)) {
      last.next = slot;
      tail_[b] = static_cast<std::uint16_t>(slot);
      return;
    }
    link_before_tail(b, slot);
  }
  void link_before_tail(std::size_t b, std::uint32_t slot);

  // The bucket whose head is the earliest event; moves the current day to that event's.
  std::size_t front() {
    const std::size_t start = day_ & (kBuckets - 1);
    std::size_t w = start / 64;
    std::uint64_t bits = occupied_[w] & (~std::uint64_t{0} << (start % 64));
    for (std::size_t k = 0;; ++k) {
      while (bits != 0) {
        const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        const std::uint64_t day = day_ + ((b - start) & (kBuckets - 1));
        if ((nodes_[head_[b]].key >> shift_) == day) {
          day_ = day;
          return b;
        }
        bits &= bits - 1;
      }
      if (k == kWords) return search_heads();
      w = (w + 1) % kWords;
      bits = occupied_[w];
      if (k + 1 == kWords) bits &= (std::uint64_t{1} << (start % 64)) - 1;  // back at the start: the year's last days
    }
  }
  std::size_t search_heads();
  void recalibrate(std::uint64_t key);
  void rebuild(int shift);
  void set_up();

  std::vector<Node> nodes_;              // kSlots, made on the first push
  std::vector<std::uint16_t> free_;      // the free slots, a stack
  std::size_t free_top_ = 0;
  std::size_t size_ = 0;
  std::uint16_t head_[kBuckets];         // valid where occupied_ has the bucket's bit
  std::uint16_t tail_[kBuckets];
  std::uint64_t occupied_[kWords] = {};
  std::uint64_t day_ = 0;                // no event is pending before this day
  int shift_ = 52;                       // days of 2^shift keys: a binade of times a day to start with
  std::uint32_t pops_left_ = 1;          // the first pop starts the first period
  static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};
  std::uint64_t period_key_ = kNoKey;    // the key removed when the period began
  std::uint32_t searches_ = 0;           // search_heads() calls this period
};

}  // namespace mpnsim
