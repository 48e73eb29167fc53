// The checks of an experiment's points before any work: every point of a small sweep, every swept value of a large one.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

// Sweeps of at most this many points have every point checked before any work.
inline constexpr std::size_t kCheckEveryPoint = 10'000;

// What was checked, for `validate` to say.
struct PointCheckSummary {
  std::size_t checked = 0;  // point configurations checked
  bool every_point = true;  // false: the values were, their combinations are checked as the points run
};

// Checks the points of `spec` with kind.check, in order, and throws the first
// InputError (placed at the sweep entry the offending value came from):
//  - every point when there are at most kCheckEveryPoint;
//  - otherwise every value of every swept key, each in the first point of its
//    block with that one value changed (a range of more values at
//    kCheckEveryPoint evenly spaced ones, both ends included). The
//    combinations are then checked as each point is prepared to run.
PointCheckSummary check_points(const ExperimentSpec& spec, const ExperimentKind& kind, const YamlSource& src,
                               std::span<const std::string> allowed_keys);

// Checks and prepares one point (what a worker does before running it).
std::unique_ptr<PreparedPoint> prepare_point(const ExperimentSpec& spec, const ExperimentKind& kind,
                                             const YamlSource& src, std::span<const std::string> allowed_keys,
                                             std::size_t index);

// Puts an error about a point at the sweep entry its value came from (or, for a
// value an override gave, names the override) and adds which point it was.
[[noreturn]] void rethrow_at_sweep(const InputError& e, const ExperimentSpec& spec, const SweepPoint& point,
                                   const YamlSource& src);

}  // namespace mpnsim
