// Event loop of the discrete-event kernel.
#include "sim/engine.hpp"

#include <stdexcept>
#include <string>

namespace mpnsim {

void Engine::refuse_past(double time) const {
  throw std::logic_error("Engine::schedule_at: time " + std::to_string(time) + " is before now " +
                         std::to_string(now_));
}

std::uint64_t Engine::run() {
  const std::uint64_t before = events_run_;
  while (step()) {
  }
  return events_run_ - before;
}

}  // namespace mpnsim
