// Radix-heap implementation of the event queue: spreading a bucket, recycling blocks.
#include "sim/event_queue.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace mpnsim {

EventQueue::~EventQueue() {
  for (std::size_t b = 0; b < buckets_.size(); ++b) {
    Bucket& bucket = buckets_[b];
    const std::size_t from = b == 0 ? head_ : 0;  // bucket 0's blocks before read_block_ are freed already
    for (std::size_t i = from; i < bucket.size; ++i)
      bucket.blocks[i / kBlockEntries]->begin()[i % kBlockEntries].~Entry();
    for (std::size_t k = b == 0 ? read_block_ : 0; k < bucket.blocks.size(); ++k) delete bucket.blocks[k];
  }
  for (Block* block : free_blocks_) delete block;
}

// More of bucket 0 is to be read past read_end_: the block just read (if
// any: events at time 0 go to bucket 0 before anything was read) is free again.
void EventQueue::next_read_block() {
  Bucket& zero = buckets_[0];
  if (read_ != nullptr) {
    free_blocks_.push_back(zero.blocks[read_block_]);
    ++read_block_;
  }
  read_ = zero.blocks[read_block_]->begin();
  read_end_ = read_ + kBlockEntries;
}

void EventQueue::refill() {
  assert(size_ > 0);
  Bucket& zero = buckets_[0];
  // Bucket 0 is used up: its blocks not freed yet go back to the free list.
  for (std::size_t k = read_block_; k < zero.blocks.size(); ++k) free_blocks_.push_back(zero.blocks[k]);
  zero.blocks.clear();
  zero.size = 0;
  zero.tail = zero.tail_end = nullptr;
  head_ = 0;
  read_block_ = 0;
  assert(nonempty_ != 0);
  const std::size_t b = static_cast<std::size_t>(std::countr_zero(nonempty_)) + 1;
  Bucket& from = buckets_[b];
  assert(from.size > 0);
  std::uint64_t least = ~std::uint64_t{0};
  for (std::size_t k = 0; k < from.blocks.size(); ++k) {
    const Entry* entries = from.blocks[k]->begin();
    const std::size_t n = std::min(kBlockEntries, from.size - k * kBlockEntries);
    for (std::size_t i = 0; i < n; ++i) least = std::min(least, entries[i].key);
  }
  last_ = least;
  // Every entry moves to a lower bucket, all of them empty now: order is kept.
  // Each block of `from` is freed as soon as it is read, so the lower buckets
  // append into blocks that are still in cache.
  // (Appends go to buckets below b only, so `from` can be read in place.)
  for (std::size_t k = 0; k < from.blocks.size(); ++k) {
    Entry* entries = from.blocks[k]->begin();
    const std::size_t n = std::min(kBlockEntries, from.size - k * kBlockEntries);
    for (std::size_t i = 0; i < n; ++i) {
      append(bucket_of(entries[i].key), entries[i].key, std::move(entries[i].action));
      entries[i].~Entry();
    }
    free_blocks_.push_back(from.blocks[k]);
  }
  from.blocks.clear();  // keeps its capacity: no allocation when the bucket fills again
  from.size = 0;
  nonempty_ &= ~(std::uint64_t{1} << (b - 1));
  from.tail = from.tail_end = nullptr;
  read_ = zero.blocks.front()->begin();
  read_end_ = read_ + kBlockEntries;
}

double EventQueue::next_time() {
  assert(size_ > 0);
  if (head_ == buckets_[0].size) refill();
  return time_of(last_);
}

}  // namespace mpnsim
