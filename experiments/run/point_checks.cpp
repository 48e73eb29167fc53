// Checking a sweep's points before the work: all of a small sweep, each swept value of a large one.
#include "experiments/run/point_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "experiments/config/machine_config.hpp"
#include "sim/interruption.hpp"

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

// A comparison pairs runs by instance, and the repetitions of a point whose runs draw nothing
// from the seed (a graph or tree read from a file, a divisible load) are one run made again:
// counting them as instances is pseudo-replication (issue #23: 20 identical runs of one DOT
// graph gave "Wilcoxon p = 1.9e-06"). Refused at `repetitions`, before any work.
void check_replication(const ExperimentSpec& spec, const ExperimentKind& kind, const YamlSource& src,
                       const SweepPoint& point, const YAML::Node& config) {
  if (spec.compare.empty() || spec.repetitions < 2 || kind.draws_per_repetition(config, src)) return;
  const std::string problem = fmt::format(
      "{}{} repetitions of a deterministic input are one instance, not {}: {} draws nothing from the seed (an "
      "input read from a file or fixed by its own seed, no random draw in the run), and `compare:` pairs runs by "
      "instance. Write repetitions: 1; to compare over several inputs, sweep them and pool them with "
      "compare.over (e.g. over: [workload.file])",
      spec.suite_index >= 0 ? fmt::format("experiment '{}': ", spec.name) : "", spec.repetitions, spec.repetitions,
      point.assignments.empty() ? std::string("the experiment") : fmt::format("sweep point {}", point.label()));
  for (auto o = spec.overrides.rbegin(); o != spec.overrides.rend(); ++o)
    if (o->key == "repetitions") throw InputError("command line", YAML::Mark::null_mark(), o->text(), problem);
  const std::string key = spec.suite_index >= 0 ? fmt::format("experiments[{}].repetitions", spec.suite_index)
                                                : std::string("repetitions");
  src.fail(spec.root["repetitions"], key, problem);
}

void check_one(const ExperimentSpec& spec, const ExperimentKind& kind, const YamlSource& src,
               std::span<const std::string> allowed, const SweepPoint& point) {
  const YAML::Node config = checked_config(spec, src, allowed, point);
  try {
    kind.check(config, src, spec.outputs);
  } catch (const InputError& e) {
    rethrow_at_sweep(e, spec, point, src);
  }
  check_replication(spec, kind, src, point, config);
}

// The network a point would build, checked against the limits from its size alone.
void check_network_size(const ExperimentSpec& spec, const YamlSource& src, std::span<const std::string> allowed,
                        const SweepPoint& point) {
  const YAML::Node config = checked_config(spec, src, allowed, point);
  try {
    const YAML::Node machine = std::as_const(config)["machine"];
    const YAML::Node top = std::as_const(config)["topology"];
    if (machine && machine.IsMap() && machine["topology"] && machine["topology"].IsMap())
      (void)check_topology(src, machine["topology"], "machine.topology");
    else if (top && top.IsMap())
      (void)check_topology(src, top, "topology");
  } catch (const InputError& e) {
    rethrow_at_sweep(e, spec, point, src);
  }
}

// Calls `visit` on the points checked before the work: all of a small sweep; of a
// large one, each value of each key with the other keys of its block at their first value.
template <class Visit>
void for_each_checked_point(const SweepPoints& points, Visit&& checked) {
  // A hidden hook for the interruption tests (issue #42): with MPNSIM_TEST_MARKERS set, a line
  // on stderr says that the checks have begun, so that a test signals then, not after a guess.
  if (std::getenv("MPNSIM_TEST_MARKERS") != nullptr) std::fprintf(stderr, "mpnsim: checking the points of the sweep\n");
  // Each check re-reads the file: a long sweep takes minutes, so SIGINT is polled at each.
  auto visit = [&](const SweepPoint& point) {
    poll_interruption();
    checked(point);
  };
  if (points.size() <= kCheckEveryPoint) {
    for (const auto& point : points) visit(point);
    return;
  }
  for (std::size_t b = 0; b < points.blocks().size(); ++b) {
    const SweepBlock& block = points.blocks()[b];
    std::vector<std::uint64_t> indices(block.axes.size(), 0);
    visit(points.at(b, indices));
    for (std::size_t k = 0; k < block.axes.size(); ++k) {
      const std::uint64_t n = block.axes[k].size();
      const std::uint64_t samples = std::min<std::uint64_t>(n, kCheckEveryPoint);
      for (std::uint64_t j = 1; j < samples; ++j) {
        // Evenly spaced over 0..n-1, both ends included (every value when n is small).
        indices[k] = samples == n ? j
                                  : static_cast<std::uint64_t>(static_cast<unsigned __int128>(j) * (n - 1) /
                                                               (samples - 1));
        visit(points.at(b, indices));
      }
      indices[k] = 0;
    }
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
  // Sizes first: the full checks of some kinds build each point's network, so a sweep whose
  // last point is too large would otherwise build every smaller one before refusing it
  // (hypercube dimensions 1 to 22: 37 s and 4 GB).
  // Only when the sweep changes the network: each check re-reads the file for its point.
  const auto network_key = [](const std::string& k) {
    return k == "topology" || k.rfind("topology.", 0) == 0 || k == "machine" || k.rfind("machine.", 0) == 0;
  };
  if (std::any_of(spec.swept_keys.begin(), spec.swept_keys.end(), network_key))
    for_each_checked_point(spec.points, [&](const SweepPoint& point) {
      check_network_size(spec, src, allowed_keys, point);
    });
  else
    check_network_size(spec, src, allowed_keys, spec.points[0]);
  PointCheckSummary summary;
  summary.every_point = spec.points.size() <= kCheckEveryPoint;
  for_each_checked_point(spec.points, [&](const SweepPoint& point) {
    check_one(spec, kind, src, allowed_keys, point);
    ++summary.checked;
  });
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
