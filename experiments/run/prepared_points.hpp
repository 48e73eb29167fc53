// An experiment's points prepared when they are run, not all before: memory follows the points in flight.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

// Prepares a point on first use and keeps the few most recently used, so that
// the repetitions of a point (run one after another) share one preparation,
// while a sweep of 1000 networks never holds 1000 of them. Thread-safe: a
// point asked for by two threads at once is prepared once.
class PreparedPoints {
 public:
  PreparedPoints() = default;
  // `keep`: how many prepared points stay cached (at least the threads that run them).
  PreparedPoints(const ExperimentSpec& spec, const ExperimentKind& kind, std::vector<std::string> allowed_keys,
                 std::size_t keep);

  std::size_t size() const;
  // The prepared point `i`. Throws InputError (placed at its sweep entry) when
  // its configuration is wrong in a way the checks before the work could not see.
  std::shared_ptr<const PreparedPoint> operator[](std::size_t i) const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace mpnsim
