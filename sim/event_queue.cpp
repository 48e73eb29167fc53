// 4-ary heap implementation of the event queue (shallower than binary: fewer cache misses).
#include "sim/event_queue.hpp"

#include <cassert>
#include <utility>

namespace mpnsim {

namespace {
constexpr std::size_t kArity = 4;
}

void EventQueue::push(double time, Action action) {
  std::uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(action);
  } else {
    slot = static_cast<std::uint32_t>(slots_.size());
    slots_.push_back(std::move(action));
  }
  heap_.push_back(Key{time, next_seq_++, slot});
  sift_up(heap_.size() - 1);
}

double EventQueue::pop(Action& action) {
  assert(!heap_.empty());
  const Key top = heap_.front();
  action = std::move(slots_[top.slot]);
  slots_[top.slot] = nullptr;
  free_slots_.push_back(top.slot);
  heap_.front() = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) sift_down(0);
  return top.time;
}

void EventQueue::sift_up(std::size_t i) {
  const Key k = heap_[i];
  while (i > 0) {
    const std::size_t parent = (i - 1) / kArity;
    if (!before(k, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = k;
}

void EventQueue::sift_down(std::size_t i) {
  const Key k = heap_[i];
  const std::size_t n = heap_.size();
  for (;;) {
    const std::size_t first = i * kArity + 1;
    if (first >= n) break;
    std::size_t best = first;
    const std::size_t last = std::min(first + kArity, n);
    for (std::size_t c = first + 1; c < last; ++c)
      if (before(heap_[c], heap_[best])) best = c;
    if (!before(heap_[best], k)) break;
    heap_[i] = heap_[best];
    i = best;
  }
  heap_[i] = k;
}

}  // namespace mpnsim
