// Checking a sweep's points before the work: all of a small sweep, each swept value of a large one.
#include "experiments/run/point_checks.hpp"

#include <fmt/format.h>

namespace mpnsim {

namespace {

bool same_or_nested(const std::string& a, const std::string& b) {
  return a == b || a.rfind(b + ".", 0) == 0 || b.rfind(a + ".", 0) == 0;
}

YAML::Node checked_config(const ExperimentSpec& spec, const YamlSource& src, std::span<const std::string> allowed,
                          const SweepPoint& point) {
  const YAML::Node config = point_config(spec, point);
  try {
    src.check_keys(config, "", allowed);
  } catch (const InputError& e) {
    rethrow_at_sweep(e, spec, point, src);
  }
  return config;
}

void check_one(const ExperimentSpec& spec, const ExperimentKind& kind, const YamlSource& src,
               std::span<const std::string> allowed, const SweepPoint& point) {
  const YAML::Node config = checked_config(spec, src, allowed, point);
  try {
    kind.check(config, src, spec.outputs);
  } catch (const InputError& e) {
    rethrow_at_sweep(e, spec, point, src);
  }
}

}  // namespace

void rethrow_at_sweep(const InputError& e, const ExperimentSpec& spec, const SweepPoint& point,
                      const YamlSource& src) {
  const std::string experiment = spec.suite_index >= 0 ? fmt::format("experiment '{}': ", spec.name) : "";
  if (e.line() == 0) {
    // No position: a value made by a sweep range, or given on the command line.
    for (const auto& a : point.assignments)
      if (same_or_nested(e.key(), a.key))
        src.fail(a.origin, e.key(), fmt::format("{}{} (sweep point {})", experiment, e.problem(), point.label()));
    for (auto o = spec.overrides.rbegin(); o != spec.overrides.rend(); ++o)
      if (same_or_nested(e.key(), o->key))
        throw InputError("command line", YAML::Mark::null_mark(), o->text(),
                         fmt::format("{}'{}': {}", experiment, e.key(), e.problem()));
  }
  if (!point.assignments.empty() || !experiment.empty()) {
    // Keep the error's own position and add which point it was.
    YAML::Mark at = YAML::Mark::null_mark();
    if (e.line() > 0) {
      at = YAML::Mark();
      at.line = e.line() - 1;
      at.column = e.column() - 1;
    }
    throw InputError(spec.file, at, e.key(),
                     fmt::format("{}{}{}", experiment, e.problem(),
                                 point.assignments.empty() ? "" : fmt::format(" (sweep point {})", point.label())));
  }
  throw e;
}

PointCheckSummary check_points(const ExperimentSpec& spec, const ExperimentKind& kind, const YamlSource& src,
                               std::span<const std::string> allowed_keys) {
  PointCheckSummary summary;
  const SweepPoints& points = spec.points;
  if (points.size() <= kCheckEveryPoint) {
    for (const auto& point : points) {
      check_one(spec, kind, src, allowed_keys, point);
      ++summary.checked;
    }
    return summary;
  }
  // Too many combinations to check them all before the work: each value of
  // each key, the other keys of its block at their first value.
  summary.every_point = false;
  for (std::size_t b = 0; b < points.blocks().size(); ++b) {
    const SweepBlock& block = points.blocks()[b];
    std::vector<std::uint64_t> indices(block.axes.size(), 0);
    check_one(spec, kind, src, allowed_keys, points.at(b, indices));
    ++summary.checked;
    for (std::size_t k = 0; k < block.axes.size(); ++k) {
      const std::uint64_t n = block.axes[k].size();
      const std::uint64_t samples = std::min<std::uint64_t>(n, kCheckEveryPoint);
      for (std::uint64_t j = 1; j < samples; ++j) {
        // Evenly spaced over 0..n-1, both ends included (every value when n is small).
        indices[k] = samples == n ? j
                                  : static_cast<std::uint64_t>(static_cast<unsigned __int128>(j) * (n - 1) /
                                                               (samples - 1));
        check_one(spec, kind, src, allowed_keys, points.at(b, indices));
        ++summary.checked;
      }
      indices[k] = 0;
    }
  }
  return summary;
}

std::unique_ptr<PreparedPoint> prepare_point(const ExperimentSpec& spec, const ExperimentKind& kind,
                                             const YamlSource& src, std::span<const std::string> allowed_keys,
                                             std::size_t index) {
  const SweepPoint point = spec.points[index];
  const YAML::Node config = checked_config(spec, src, allowed_keys, point);
  try {
    return kind.prepare(config, src, spec.outputs);
  } catch (const InputError& e) {
    rethrow_at_sweep(e, spec, point, src);
  }
}

}  // namespace mpnsim
