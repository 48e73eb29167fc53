// Event loop of the discrete-event kernel.
#include "sim/engine.hpp"

#include <stdexcept>
#include <string>

#include "sim/interruption.hpp"

namespace mpnsim {

void Engine::refuse_past(double time) const {
  throw std::logic_error("Engine::schedule_at: time " + std::to_string(time) + " is before now " +
                         std::to_string(now_));
}

std::uint64_t Engine::run() {
  const std::uint64_t before = events_run_;
  // Polled every 1024 events: a long replay stops within a millisecond of SIGINT or SIGTERM.
  while (step())
    if ((events_run_ & 1023) == 0) poll_interruption();
  return events_run_ - before;
}

}  // namespace mpnsim
