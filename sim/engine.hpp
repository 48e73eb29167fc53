// The discrete-event kernel: a clock and a pending-event set. Knows no models.
#pragma once

#include <cstdint>

#include "sim/event_queue.hpp"

namespace mpnsim {

// An Engine is a plain value: create one per simulation, pass it by
// reference, throw it away. There is no global simulator.
class Engine {
 public:
  using Action = EventQueue::Action;

  double now() const { return now_; }

  // Schedules `action` at absolute time `time` (>= now()). Ties run in the
  // order they were scheduled.
  void schedule_at(double time, Action action) {
    // Scheduling into the past (or at NaN) would break causality: a caller bug.
    if (!(time >= now_)) refuse_past(time);
    queue_.push(time, std::move(action));
  }
  void schedule_in(double delay, Action action) { schedule_at(now_ + delay, std::move(action)); }

  // Runs the next event; false when nothing is pending.
  bool step() {
    if (queue_.empty()) return false;
    ++events_run_;
    queue_.run_next(now_);
    return true;
  }
  // Runs until no event is pending; returns the number of events run.
  std::uint64_t run();

  std::uint64_t events_run() const { return events_run_; }
  std::size_t pending() const { return queue_.size(); }

 private:
  [[noreturn]] void refuse_past(double time) const;

  EventQueue queue_;
  double now_ = 0.0;
  std::uint64_t events_run_ = 0;
};

}  // namespace mpnsim
