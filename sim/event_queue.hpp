// Pending-event set of the engine: a total order on (time, sequence number).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace mpnsim {

// Events at equal time leave the queue in the order they were pushed, so a
// run is deterministic. The heap holds small keys; the callbacks live in a
// slot pool so that sifting moves 24-byte records, not std::function objects.
class EventQueue {
 public:
  using Action = std::function<void()>;

  void push(double time, Action action);
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  double next_time() const { return heap_.front().time; }

  // Removes the earliest event; returns its time and moves its action out.
  double pop(Action& action);

  // Sequence numbers handed out so far (one per push).
  std::uint64_t pushed() const { return next_seq_; }

 private:
  struct Key {
    double time;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  static bool before(const Key& a, const Key& b) {
    return a.time < b.time || (a.time == b.time && a.seq < b.seq);
  }
  void sift_up(std::size_t i);
  void sift_down(std::size_t i);

  std::vector<Key> heap_;  // 4-ary min-heap
  std::vector<Action> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::uint64_t next_seq_ = 0;
};

}  // namespace mpnsim
