// How long an exact search may run: a deterministic state budget, an optional wall-clock limit, Ctrl-C.
#pragma once

#include <chrono>
#include <cstdint>

#include "sim/interruption.hpp"

namespace mpnsim {

// Which state spaces the contention-free search walks: the list search (list_search.hpp: tasks
// appended in order of start time), the allocation search (allocation_search.hpp: processors
// first, then orders), or both in turns, sharing the best schedule and the budget (the default:
// each is strong where the other is weak). The contention search has one space.
enum class FreeSearchSpace { list, allocation, both };

// Which directions of time the contention-free search walks (time_reversal.hpp): the graph as it
// is, the graph with its edges turned round (read backwards, its schedules are the graph's), or
// both in turns (the default; backwards only where delays are the same both ways). The tests
// walk each alone, so that a rule unsound in one is not hidden by the other.
enum class FreeSearchDirection { forward, backward, both };

struct SearchLimits {
  std::uint64_t max_states = 1'000'000;  // states expanded; the same input stops at the same state
  double time_limit = 0;                  // seconds of wall clock; 0: none (then deterministic)
  FreeSearchSpace space = FreeSearchSpace::both;
  FreeSearchDirection direction = FreeSearchDirection::both;
};

// Counts expanded states against the limits. exhausted() is asked once per state; the clock
// and the interruption flag are read every 256 states, so that they cost nothing measurable.
class SearchBudget {
 public:
  explicit SearchBudget(const SearchLimits& limits)
      : limits_(limits), started_(std::chrono::steady_clock::now()) {}

  std::uint64_t states() const { return states_; }
  bool stopped_by_clock() const { return clock_stop_; }

  // Counts one state; true when the search must stop before expanding it. Throws
  // Interrupted on Ctrl-C (poll_interruption), as every long loop of mpnsim does.
  bool exhausted() {
    if (states_ >= limits_.max_states) return true;
    if ((++states_ & 255U) == 0) {
      poll_interruption();
      if (limits_.time_limit > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() >= limits_.time_limit)
        clock_stop_ = true;
    }
    return clock_stop_;
  }

 private:
  SearchLimits limits_;
  std::chrono::steady_clock::time_point started_;
  std::uint64_t states_ = 0;
  bool clock_stop_ = false;
};

}  // namespace mpnsim
