// The process's request to stop (SIGINT, SIGTERM), polled by long loops so that they unwind.
#pragma once

#include <atomic>
#include <stdexcept>

namespace mpnsim {

// Set from a signal handler (the only state a handler may touch: a lock-free atomic); never
// cleared by mpnsim itself. One per process, as signals are.
std::atomic<bool>& interruption_requested();

// Thrown by poll_interruption() once an interruption was requested: the work in progress is
// abandoned and whoever started it reports the interruption (exit 130 from `mpnsim run`).
class Interrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws Interrupted when an interruption was requested. A relaxed load: cheap enough for
// the outer loop of a scheduler (once per task placed) or the engine (every 1024 events).
inline void poll_interruption() {
  if (interruption_requested().load(std::memory_order_relaxed)) throw Interrupted("interrupted");
}

}  // namespace mpnsim
