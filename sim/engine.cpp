// Event loop of the discrete-event kernel.
#include "sim/engine.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mpnsim {

void Engine::schedule_at(double time, Action action) {
  // Scheduling into the past would break causality; it is a caller bug.
  if (!(time >= now_) || std::isnan(time))
    throw std::logic_error("Engine::schedule_at: time " + std::to_string(time) +
                           " is before now " + std::to_string(now_));
  queue_.push(time, std::move(action));
}

bool Engine::step() {
  if (queue_.empty()) return false;
  Action action;
  now_ = queue_.pop(action);
  ++events_run_;
  action();
  return true;
}

std::uint64_t Engine::run() {
  const std::uint64_t before = events_run_;
  while (step()) {
  }
  return events_run_ - before;
}

}  // namespace mpnsim
