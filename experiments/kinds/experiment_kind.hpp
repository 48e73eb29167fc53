// What an experiment kind (topology, plan, divisible, ...) provides to the runner.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/kinds/result_column.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

// A file a point produces besides its CSV row (a timeline, a Gantt chart).
struct Artifact {
  std::string filename;  // relative to the experiment's output directory, inside a subdirectory
  std::string content;
  bool staged = false;   // already written to the staged output (content dropped)
};

using MetricRow = std::vector<std::pair<std::string, ParamValue>>;

// What one run of a point gives: metric name -> value, in the order they
// should appear. `metrics` is the point's summary (summary.json); when `rows`
// is not empty, results.csv gets those rows instead (one per layer, say), each
// with the point's identification and swept parameters.
struct PointResult {
  MetricRow metrics;
  std::vector<MetricRow> rows;
  std::vector<Artifact> artifacts;
  // What the user should know before reading the results (a strategy that used fewer
  // processors than the network has); said in the log. Empty when there is nothing to say.
  std::string notice;
};

// The rows results.csv gets from one run: its table rows, or its summary row when it has none.
inline std::vector<MetricRow> results_csv_rows(const PointResult& r) {
  return r.rows.empty() ? std::vector<MetricRow>{r.metrics} : r.rows;
}

// A point whose input has been fully checked; running it cannot fail on input.
class PreparedPoint {
 public:
  virtual ~PreparedPoint() = default;
  // Called concurrently for different repetitions: must not modify shared state.
  virtual PointResult run(std::uint64_t seed, int repetition, int point_index) const = 0;
};

class ExperimentKind {
 public:
  virtual ~ExperimentKind() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // Top-level keys this kind accepts besides the common ones.
  virtual std::vector<std::string> keys() const = 0;
  // Its `rows:` modes with the columns each writes to results.csv (besides the identification
  // columns and the swept keys); the first is the default.
  virtual const std::vector<RowsMode>& rows_modes() const = 0;
  // The per-point files of `outputs:` it can write: some of "timeline", "gantt", "trace".
  virtual std::vector<std::string> point_outputs() const = 0;
  // Checks a point's configuration completely and prepares it. Throws InputError.
  virtual std::unique_ptr<PreparedPoint> prepare(const YAML::Node& config, const YamlSource& src,
                                                 const OutputSpec& outputs) const = 0;
  // Checks a point's configuration before any work, without keeping anything:
  // what `validate` and `run` do to the points of a sweep first. A kind whose
  // preparing builds something large (a network) checks here against declared
  // limits and size estimates instead of building. Throws InputError. The
  // default prepares the point and drops it.
  virtual void check(const YAML::Node& config, const YamlSource& src, const OutputSpec& outputs) const {
    (void)prepare(config, src, outputs);
  }
  // Whether the runs of a point differ from one repetition to the next because its input is drawn
  // from the seed (a random tree or graph), for a configuration `check` accepted. When it does
  // not, every repetition repeats one deterministic run: one instance, which a comparison must
  // not count as many (point_checks.cpp refuses such repetitions). The default, for the kinds
  // whose runs never draw (topology, plan, divisible), is false; a kind that draws says so.
  virtual bool draws_per_repetition(const YAML::Node& config, const YamlSource& src) const {
    (void)config;
    (void)src;
    return false;
  }
};

// Every kind, registered in register_kinds.cpp.
const std::vector<std::unique_ptr<ExperimentKind>>& experiment_kinds();
const ExperimentKind* find_experiment_kind(const std::string& name);
// The top-level keys an experiment of kind `name` takes (the common ones and the kind's), or
// nullopt for no such kind: what load_experiment_file needs to aim --set overrides.
std::optional<std::vector<std::string>> experiment_kind_keys(const std::string& name);
// The mode called `name` among the kind's rows modes, or nullptr.
const RowsMode* find_rows_mode(const ExperimentKind& kind, const std::string& name);
// Which way the kind's column `column` is better, as its declaration says (in any rows mode);
// nothing for a column that is not a metric.
std::optional<Better> declared_direction(const ExperimentKind& kind, std::string_view column);

}  // namespace mpnsim
