// The per-processor heaps of the contention-free pairs loop (processor_queues.hpp).
#include "schedulers/dag/processor_queues.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace mpnsim::detail {

namespace {

// Heap orders (std's heaps keep the greatest on top, so these say "comes later").
bool later_by_value(const auto& a, const auto& b) { return a.value != b.value ? a.value > b.value : a.rank > b.rank; }
bool later_by_ready(const auto& a, const auto& b) { return a.ready != b.ready ? a.ready > b.ready : a.rank > b.rank; }

template <class T, class Order>
void push(std::vector<T>& heap, T value, Order order) {
  heap.push_back(value);
  std::push_heap(heap.begin(), heap.end(), order);
}

template <class T, class Order>
void pop(std::vector<T>& heap, Order order) {
  std::pop_heap(heap.begin(), heap.end(), order);
  heap.pop_back();
}

}  // namespace

ProcessorQueues::ProcessorQueues(int processors, std::vector<int> task_of, std::vector<double> offsets)
    : task_of_(std::move(task_of)),
      offsets_(std::move(offsets)),
      now_(static_cast<std::size_t>(processors)),
      later_(static_cast<std::size_t>(processors)),
      arrive_(offsets_.empty() ? 0 : static_cast<std::size_t>(processors)) {}

double ProcessorQueues::offset(int rank) const {
  return offsets_.empty() ? 0.0 : offsets_[static_cast<std::size_t>(task_of_[static_cast<std::size_t>(rank)])];
}

void ProcessorQueues::add(int rank, const std::vector<double>& ready, const std::vector<double>& free) {
  for (std::size_t q = 0; q < now_.size(); ++q) add_one(static_cast<int>(q), rank, ready[q], free[q]);
}

void ProcessorQueues::add_one(int q, int rank, double ready, double free) {
  const auto at = static_cast<std::size_t>(q);
  if (ready <= free) {
    push(now_[at], rank, std::greater<int>());
    return;
  }
  // The value as the loop's order computes it: start - offset, the start being dr here.
  const Later entry{ready - offset(rank), ready, rank};
  push(later_[at], entry, later_by_value<Later, Later>);
  if (!arrive_.empty()) push(arrive_[at], entry, later_by_ready<Later, Later>);
}

ProcessorQueues::Taken ProcessorQueues::take(int q, double free, const std::vector<bool>& placed, std::size_t live) {
  taken_ = true;
  const Least l = least(q, free, placed, live);
  const auto at = static_cast<std::size_t>(q);
  if (!now_[at].empty() && now_[at].front() == l.rank && l.start == free) {
    pop(now_[at], std::greater<int>());
    return {l.rank, free};
  }
  const Taken t{l.rank, later_[at].front().ready};
  pop(later_[at], later_by_value<Later, Later>);
  return t;
}

void ProcessorQueues::freed(int q, double free, const std::vector<bool>& placed) {
  const auto at = static_cast<std::size_t>(q);
  // Without offsets later_ is in dr order itself; with them, arrive_ is, and later_'s entries
  // whose dr is passed are dropped when they come up.
  std::vector<Later>& by_ready = arrive_.empty() ? later_[at] : arrive_[at];
  const auto order = arrive_.empty() ? later_by_value<Later, Later> : later_by_ready<Later, Later>;
  while (!by_ready.empty() && by_ready.front().ready <= free) {
    const int rank = by_ready.front().rank;
    pop(by_ready, order);
    if (!placed[static_cast<std::size_t>(task_of_[static_cast<std::size_t>(rank)])])
      push(now_[at], rank, std::greater<int>());
  }
}

void ProcessorQueues::compact(int q, double free, const std::vector<bool>& placed) {
  const auto at = static_cast<std::size_t>(q);
  auto gone = [&](int rank) { return placed[static_cast<std::size_t>(task_of_[static_cast<std::size_t>(rank)])]; };
  // Besides placed tasks, the copies of a pair put back (add_one) more than once: the caller
  // puts a pair back after each look without taking its older entries out (a heap cannot), so
  // a task looked at again and again fills q's heaps with its copies, and left there they kept
  // the heaps past the limit above, each least() then compacting again. Of a task's copies in
  // later_ the one of latest ready stays (each is a lower bound: the tightest); in arrive_ the
  // one of earliest ready, the one that moves it to now_ first, when the copies would have.
  // Without take() (the free model) no pair is put back: the sorts are skipped.
  if (taken_) {
    std::sort(now_[at].begin(), now_[at].end());
    now_[at].erase(std::unique(now_[at].begin(), now_[at].end()), now_[at].end());
  }
  std::erase_if(now_[at], gone);
  std::make_heap(now_[at].begin(), now_[at].end(), std::greater<int>());
  auto one_each = [&](std::vector<Later>& heap, bool latest) {
    std::sort(heap.begin(), heap.end(), [&](const Later& a, const Later& b) {
      return a.rank != b.rank ? a.rank < b.rank : latest ? a.ready > b.ready : a.ready < b.ready;
    });
    heap.erase(std::unique(heap.begin(), heap.end(), [](const Later& a, const Later& b) { return a.rank == b.rank; }),
               heap.end());
  };
  std::erase_if(later_[at], [&](const Later& e) { return gone(e.rank) || e.ready <= free; });
  if (taken_ && !arrive_.empty()) one_each(later_[at], true);
  std::make_heap(later_[at].begin(), later_[at].end(), later_by_value<Later, Later>);
  if (!arrive_.empty()) {
    std::erase_if(arrive_[at], [&](const Later& e) { return gone(e.rank); });
    if (taken_) one_each(arrive_[at], false);
    std::make_heap(arrive_[at].begin(), arrive_[at].end(), later_by_ready<Later, Later>);
  }
}

std::size_t ProcessorQueues::held(int q) const {
  const auto at = static_cast<std::size_t>(q);
  return now_[at].size() + later_[at].size() + (arrive_.empty() ? 0 : arrive_[at].size());
}

ProcessorQueues::Least ProcessorQueues::least(int q, double free, const std::vector<bool>& placed, std::size_t live) {
  const auto at = static_cast<std::size_t>(q);
  // Each ready task is in each processor's heaps once or twice (later_ and arrive_); past
  // a few times that, most entries are placed tasks: drop them all, in time linear in the heaps.
  if (held(q) > 4 * live + 64) compact(q, free, placed);
  auto gone = [&](int rank) { return placed[static_cast<std::size_t>(task_of_[static_cast<std::size_t>(rank)])]; };
  std::vector<int>& now = now_[at];
  while (!now.empty() && gone(now.front())) pop(now, std::greater<int>());
  std::vector<Later>& later = later_[at];
  while (!later.empty() && (gone(later.front().rank) || later.front().ready <= free))
    pop(later, later_by_value<Later, Later>);
  Least best;
  if (!now.empty()) best = {free - offset(now.front()), now.front(), free};
  if (!later.empty()) {
    const Later& l = later.front();
    if (best.rank < 0 || l.value < best.value || (l.value == best.value && l.rank < best.rank))
      best = {l.value, l.rank, l.ready};
  }
  return best;
}

}  // namespace mpnsim::detail
