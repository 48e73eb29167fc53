// Radix-heap implementation of the event queue: spreading a bucket, recycling blocks.
#include "sim/event_queue.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace mpnsim {

EventQueue::~EventQueue() {
  for (std::size_t b = 0; b < buckets_.size(); ++b) {
    Bucket& bucket = buckets_[b];
    // Bucket 0's entries before head_ are gone, and so are its blocks before read_block_.
    for (std::size_t i = b == 0 ? head_ : 0; i < bucket.size; ++i) bucket.at(i).~Entry();
    const std::size_t freed = b == 0 && reading_blocks_ ? read_block_ : 0;
    for (std::size_t k = freed; k < bucket.blocks.size(); ++k) delete bucket.blocks[k];
  }
  for (Block* block : free_blocks_) delete block;
}

// More of bucket 0 is to be read past read_end_: from its inline entries (when nothing was
// read: events at time 0 go to bucket 0 before anything was read) on to its blocks, each
// block free again once read.
void EventQueue::next_read_block() {
  Bucket& zero = buckets_[0];
  if (read_ == nullptr) {
    read_ = zero.inline_begin();
    read_end_ = read_ + kInlineEntries;
    return;
  }
  if (reading_blocks_) {
    free_blocks_.push_back(zero.blocks[read_block_]);
    ++read_block_;
  }
  reading_blocks_ = true;
  read_ = zero.blocks[read_block_]->begin();
  read_end_ = read_ + kBlockEntries;
}

void EventQueue::refill() {
  assert(size_ > 0);
  Bucket& zero = buckets_[0];
  // Bucket 0 is used up: its blocks not freed yet go back to the free list.
  for (std::size_t k = reading_blocks_ ? read_block_ : 0; k < zero.blocks.size(); ++k)
    free_blocks_.push_back(zero.blocks[k]);
  zero.blocks.clear();
  zero.size = 0;
  zero.tail = zero.tail_end = nullptr;
  head_ = 0;
  reading_blocks_ = false;
  read_block_ = 0;
  std::size_t word = 0;
  while (nonempty_[word] == 0) {
    ++word;
    assert(word < nonempty_.size());
  }
  const std::size_t b = word * 64 + static_cast<std::size_t>(std::countr_zero(nonempty_[word])) + 1;
  Bucket& from = buckets_[b];
  assert(from.size > 0);
  if (from.size == 1) {
    // Its one event is the earliest: straight into bucket 0's first place. Two spreads in three
    // of a DAG replay's (events at distinct times, a few hundred pending) are of one event.
    Entry& only = from.inline_begin()[0];
    last_ = only.key;
    ::new (static_cast<void*>(zero.inline_begin())) Entry{only.key, std::move(only.action)};
    only.~Entry();
    zero.size = 1;
    zero.tail = zero.inline_begin() + 1;
    zero.tail_end = zero.inline_begin() + kInlineEntries;
    from.size = 0;
    from.tail = from.tail_end = nullptr;
    nonempty_[(b - 1) / 64] &= ~(std::uint64_t{1} << ((b - 1) % 64));
    read_ = zero.inline_begin();
    read_end_ = read_ + kInlineEntries;
    return;
  }
  const std::size_t in_place = std::min(kInlineEntries, from.size);
  std::uint64_t least = ~std::uint64_t{0};
  for (std::size_t i = 0; i < in_place; ++i) least = std::min(least, from.inline_begin()[i].key);
  for (std::size_t k = 0; k < from.blocks.size(); ++k) {
    const Entry* entries = from.blocks[k]->begin();
    const std::size_t n = std::min(kBlockEntries, from.size - kInlineEntries - k * kBlockEntries);
    for (std::size_t i = 0; i < n; ++i) least = std::min(least, entries[i].key);
  }
  last_ = least;
  // Every entry moves to a lower bucket, all of them empty now: order is kept.
  // Each block of `from` is freed as soon as it is read, so the lower buckets
  // append into blocks that are still in cache.
  // (Appends go to buckets below b only, so `from` can be read in place.)
  auto move_down = [&](Entry& e) {
    append(bucket_of(e.key), e.key, std::move(e.action));
    e.~Entry();
  };
  for (std::size_t i = 0; i < in_place; ++i) move_down(from.inline_begin()[i]);
  for (std::size_t k = 0; k < from.blocks.size(); ++k) {
    Entry* entries = from.blocks[k]->begin();
    const std::size_t n = std::min(kBlockEntries, from.size - kInlineEntries - k * kBlockEntries);
    for (std::size_t i = 0; i < n; ++i) move_down(entries[i]);
    free_blocks_.push_back(from.blocks[k]);
  }
  from.blocks.clear();  // keeps its capacity: no allocation when the bucket fills again
  from.size = 0;
  nonempty_[(b - 1) / 64] &= ~(std::uint64_t{1} << ((b - 1) % 64));
  from.tail = from.tail_end = nullptr;
  read_ = zero.inline_begin();
  read_end_ = read_ + kInlineEntries;
}

double EventQueue::next_time() {
  assert(size_ > 0);
  if (!large_) return time_of(small_[0].key);
  if (head_ == buckets_[0].size) refill();
  return time_of(last_);
}

// Room for kSmallLimit events, made on the first push: 16 + 24 + 2 bytes an event, 42 KiB.
void EventQueue::set_up_small() {
  small_.resize(kSmallLimit);
  small_slots_.resize(kSmallSlots);
  small_free_.resize(kSmallSlots);
  // Slot 0 first: the stack is popped from its top.
  for (std::size_t i = 0; i < kSmallSlots; ++i) small_free_[i] = static_cast<std::uint16_t>(kSmallSlots - 1 - i);
  small_free_top_ = kSmallSlots;
}

void EventQueue::go_large() {
  assert(size_ == kSmallLimit && small_free_top_ <= 1);
  // Appended in (key, push number) order, every key at least last_ (the radix heap's
  // invariant), so ties leave in push order as before.
  std::sort(small_.begin(), small_.end(), before);
  for (const SmallEntry& e : small_) {
    const auto slot = static_cast<std::size_t>(e.order & ((std::uint64_t{1} << kSlotBits) - 1));
    append(bucket_of(e.key), e.key, std::move(small_slots_[slot]));
    small_free_[small_free_top_++] = static_cast<std::uint16_t>(slot);
  }
  large_ = true;
}

}  // namespace mpnsim
