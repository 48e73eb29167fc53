// Pending-event set of the engine: a total order on (time, sequence number).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

#include "sim/callback.hpp"

namespace mpnsim {

// A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, 1990) over the digits of the
// event time. Simulated time never goes backwards (the engine refuses the
// past), and for non-negative doubles the IEEE-754 bit patterns order like the
// values, so the times are monotone 64-bit keys, read here as 16 digits of 4
// bits. Bucket 0 holds the events whose key equals the last key removed; each
// other bucket, one per (digit place, digit value), those whose key first
// differs from it at that place, with that digit there. Pushing appends to a
// bucket; removing empties bucket 0 front to back and, when it is empty,
// spreads the lowest non-empty bucket over the buckets below. Every pass is a
// sequential scan, so memory is read in order, where a binary heap pays a
// cache miss per level at 10^6 pending events. An event moves down at most
// once per digit place: with digits of one bit (65 buckets) a DAG replay's
// events moved about ten times each, with digits of four about two and a half.
//
// A bucket keeps its first events in itself, the rest in fixed-size blocks
// taken from one shared free list, not in a growing array: a block emptied by
// a removal or a spread is reused at once (while still in cache) by the next
// append, nothing is ever copied to grow, and the queue holds at most one
// partly filled block per bucket beyond its events, where growing arrays kept
// each bucket's high-water capacity (2.5 to 4 times the events pending,
// measured on a 2^16-processor scatter). In a DAG replay, where events are few
// and at distinct times, nearly every pop spreads a bucket of a few events:
// kept in the buckets themselves, those take no block (the replay of 10^5 tasks
// spent 245 instructions an event in the queue's spreads instead of 370, by
// callgrind, and the hold model at 10^6 pending events 23 % fewer), and a bucket
// of one event (two spreads in three) goes straight to bucket 0 (202).
//
// Ties: a bucket's events are always in the order they were pushed (they are
// appended, and spreading preserves their order into buckets that are empty),
// so events at equal time leave in the order they were pushed: a run is
// deterministic.
//
// Few events: while at most kSmallLimit events are pending (a DAG replay keeps a
// few hundred), they are in a 4-ary heap of 16-byte entries ordered by (key,
// push number) instead, their actions in slots beside it, and the radix heap is
// empty. The order is the same, ties by push number as above, so a run gives the
// same events in the same order either way. The heap's pop walks the hole down to a
// leaf choosing the least child without a branch, then places the last entry
// ("bottom-up" heapsort), all in the L1 cache, where the radix heap's spreads moved
// each event two or three times at 30-60 instructions apiece. Four children rather
// than two halve the levels a pop walks down and a push walks up, each level a chain
// of dependent loads: at 300 pending events of a hold model, 54 -> 45 ns of CPU an
// event (best of 5), for 1.5 % more instructions in a DAG replay. Past kSmallLimit
// pending, the heap's entries go into the radix heap in their order, and the queue
// stays there until it empties. run_next() runs an action in its slot, not moved out.
class EventQueue {
 public:
  using Action = Callback;

  EventQueue() = default;
  ~EventQueue();
  EventQueue(const EventQueue&) = delete;
  EventQueue& operator=(const EventQueue&) = delete;

  void push(double time, Action action) {
    const std::uint64_t key = key_of(time);
    if (!large_) {
      if (size_ < kSmallLimit) {
        push_small(key, std::move(action));
        ++size_;
        ++pushed_;
        return;
      }
      go_large();
    }
    append(bucket_of(key), key, std::move(action));
    ++size_;
    ++pushed_;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  double next_time();

  // Removes the earliest event; returns its time and moves its action out.
  double pop(Action& action) {
    if (!large_) return pop_small(action);
    if (size_ == 1) large_ = false;  // the radix heap empties: the next push goes to the small heap
    if (head_ == buckets_[0].size) {
      refill();
    } else if (read_ == read_end_) {
      next_read_block();
    }
    Entry& e = *read_;
    action = std::move(e.action);
    e.~Entry();
    ++read_;
    ++head_;
    --size_;
    return time_of(last_);
  }

  // Removes the earliest event, sets `now` to its time and runs its action. From the small
  // heap the action runs where it lies, in its slot, which is free again only once it has run:
  // no moves of it (24 bytes) in and out of the caller's Callback. The action may push events.
  void run_next(double& now) {
    if (large_) {
      Action action;
      now = pop(action);
      action.run();
      return;
    }
    const std::uint32_t slot = pop_small_slot(now);
    // Back on the free stack however the action ends (it is empty from its first step on).
    struct Give {
      EventQueue& q;
      std::uint32_t slot;
      ~Give() { q.small_free_[q.small_free_top_++] = static_cast<std::uint16_t>(slot); }
    } give{*this, slot};
    small_slots_[slot].run();
  }

  // Sequence numbers handed out so far (one per push).
  std::uint64_t pushed() const { return pushed_; }

 private:
  struct Entry {
    std::uint64_t key;
    Action action;
  };
  static_assert(sizeof(void*) != 8 || sizeof(Entry) == 32);  // docs/performance.md's bytes per pending event
  static constexpr std::size_t kBlockEntries = 1024;  // 32 KiB blocks: long sequential runs for the prefetcher
  struct Block {
    alignas(Entry) std::byte raw[kBlockEntries * sizeof(Entry)];
    Entry* begin() { return std::launder(reinterpret_cast<Entry*>(raw)); }
  };
  // The events of one bucket, in order: the first kInlineEntries in the bucket itself (257
  // buckets of 8 events: 76 KiB a queue), the rest filling blocks[0], blocks[1], ...
  static constexpr std::size_t kInlineEntries = 8;
  struct Bucket {
    std::vector<Block*> blocks;
    std::size_t size = 0;
    Entry* tail = nullptr;      // where the next entry goes (both null: empty, not yet set up)
    Entry* tail_end = nullptr;  // end of the inline entries or of the last block
    alignas(Entry) std::byte inline_raw[kInlineEntries * sizeof(Entry)];
    Entry* inline_begin() { return std::launder(reinterpret_cast<Entry*>(inline_raw)); }
    Entry& at(std::size_t i) {
      if (i < kInlineEntries) return inline_begin()[i];
      i -= kInlineEntries;
      return blocks[i / kBlockEntries]->begin()[i % kBlockEntries];
    }
  };

  void append(std::size_t index, std::uint64_t key, Action&& action) {
    Bucket& b = buckets_[index];
    if (index > 0) nonempty_[(index - 1) / 64] |= std::uint64_t{1} << ((index - 1) % 64);
    if (b.tail == b.tail_end) {
      if (b.size == 0) {
        b.tail = b.inline_begin();
        b.tail_end = b.tail + kInlineEntries;
      } else {
        Block* block = take_block();
        b.blocks.push_back(block);
        b.tail = block->begin();
        b.tail_end = b.tail + kBlockEntries;
      }
    }
    ::new (static_cast<void*>(b.tail)) Entry{key, std::move(action)};
    ++b.tail;
    ++b.size;
  }
  Block* take_block() {
    if (free_blocks_.empty()) return new Block;
    Block* block = free_blocks_.back();
    free_blocks_.pop_back();
    return block;
  }
  void next_read_block();

  // The small heap's entry: the event's key, then its push number above its slot's index,
  // so that comparing the two words in order is comparing (time, push order).
  static constexpr std::size_t kSmallLimit = 1024;
  static constexpr std::size_t kArity = 4;  // children per node of the small heap
  // A slot for each pending event and one for the event running (run_next).
  static constexpr std::size_t kSmallSlots = kSmallLimit + 1;
  static constexpr int kSlotBits = 16;
  static_assert(kSmallSlots <= (std::size_t{1} << kSlotBits));
  struct SmallEntry {
    std::uint64_t key;
    std::uint64_t order;  // push number << kSlotBits | slot
  };
  static bool before(const SmallEntry& a, const SmallEntry& b) {
    // Unsigned 128-bit comparison: no branch between the two words.
    return ((static_cast<unsigned __int128>(a.key) << 64) | a.order) <
           ((static_cast<unsigned __int128>(b.key) << 64) | b.order);
  }
  void push_small(std::uint64_t key, Action&& action) {
    if (small_slots_.empty()) set_up_small();
    const std::uint32_t slot = small_free_[--small_free_top_];
    small_slots_[slot] = std::move(action);
    const SmallEntry e{key, pushed_ << kSlotBits | slot};
    // Sift up from the new leaf: an event is usually later than most, so this stops soon.
    std::size_t hole = size_;
    while (hole > 0) {
      const std::size_t parent = (hole - 1) / kArity;
      if (!before(e, small_[parent])) break;
      small_[hole] = small_[parent];
      hole = parent;
    }
    small_[hole] = e;
  }
  double pop_small(Action& action) {
    double time;
    const std::uint32_t slot = pop_small_slot(time);
    action = std::move(small_slots_[slot]);
    small_free_[small_free_top_++] = static_cast<std::uint16_t>(slot);
    return time;
  }
  // Removes the earliest event from the small heap; returns its slot, which the caller frees.
  std::uint32_t pop_small_slot(double& time) {
    const SmallEntry top = small_[0];
    const auto slot = static_cast<std::uint32_t>(top.order & ((std::uint64_t{1} << kSlotBits) - 1));
    const std::size_t n = --size_;
    if (n > 0) {
      // The hole goes down to a leaf by the least child, then the last entry goes up from it.
      const SmallEntry last = small_[n];
      std::size_t hole = 0;
      for (std::size_t child = 1; child < n; child = kArity * hole + 1) {
        if (child + 3 < n) {
          // Four children: the lesser of each pair, then of the two, without a branch.
          const std::size_t a = child + static_cast<std::size_t>(before(small_[child + 1], small_[child]));
          const std::size_t b = child + 2 + static_cast<std::size_t>(before(small_[child + 3], small_[child + 2]));
          child = before(small_[b], small_[a]) ? b : a;
        } else {
          std::size_t least = child;
          for (std::size_t c = child + 1; c < n; ++c) least = before(small_[c], small_[least]) ? c : least;
          child = least;
        }
        small_[hole] = small_[child];
        hole = child;
      }
      while (hole > 0) {
        const std::size_t parent = (hole - 1) / kArity;
        if (!before(last, small_[parent])) break;
        small_[hole] = small_[parent];
        hole = parent;
      }
      small_[hole] = last;
    }
    last_ = top.key;
    time = time_of(top.key);
    return slot;
  }
  void set_up_small();
  // Moves the small heap's events into the radix heap, in their order (size_ == kSmallLimit;
  // the slot of an event running may still be taken).
  void go_large();

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
  static constexpr int kDigitBits = 4;
  static constexpr std::size_t kDigitValues = std::size_t{1} << kDigitBits;
  static constexpr std::size_t kBuckets = 1 + 64 / kDigitBits * kDigitValues;
  // Bucket 1 + place * 16 + digit: buckets of lower places hold earlier times, and within a
  // place, lower digits (the key's digit there exceeds the last key's).
  std::size_t bucket_of(std::uint64_t key) const {
    if (key == last_) return 0;
    const int place = (63 - std::countl_zero(key ^ last_)) / kDigitBits;
    const std::size_t digit = (key >> (place * kDigitBits)) & (kDigitValues - 1);
    return 1 + static_cast<std::size_t>(place) * kDigitValues + digit;
  }
  // Makes bucket 0 hold the earliest events (requires size_ > 0).
  void refill();

  std::array<Bucket, kBuckets> buckets_;
  // Bit b - 1 set: bucket b (1..64) may hold events; refill() finds the lowest one from it
  // instead of walking the buckets (with distinct times almost every pop refills).
  std::array<std::uint64_t, (kBuckets - 1) / 64> nonempty_{};
  std::vector<Block*> free_blocks_;
  // Reading bucket 0: its inline entries, then its blocks; those before read_block_ have been
  // read and freed.
  std::size_t head_ = 0;      // entries of bucket 0 removed so far
  bool reading_blocks_ = false;
  std::size_t read_block_ = 0;
  Entry* read_ = nullptr;     // next entry to remove
  Entry* read_end_ = nullptr; // end of its block
  std::uint64_t last_ = 0;    // key of the bucket-0 events (the small heap: of the last event removed)
  std::size_t size_ = 0;
  std::uint64_t pushed_ = 0;
  // The small heap (while !large_): size_ entries, their actions in slots, the free slots a stack.
  bool large_ = false;
  std::vector<SmallEntry> small_;
  std::vector<Action> small_slots_;
  std::vector<std::uint16_t> small_free_;
  std::size_t small_free_top_ = 0;
};

}  // namespace mpnsim
