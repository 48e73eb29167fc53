// An experiment file as read: kind, base configuration, sweep points, seed, outputs (SPEC §6).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/compare_spec.hpp"
#include "experiments/config/output_spec.hpp"
#include "experiments/config/sweep_points.hpp"

namespace mpnsim {

// A command-line override of a YAML value: `key` is a dotted path. In a suite,
// EXPERIMENT.KEY aims at one experiment; a plain KEY at every experiment whose
// kind takes it.
struct Override {
  std::string key;
  std::string value;
  std::string flag = "--set";  // how it was given, for messages: --set, --seed, --repetitions
  std::string text() const;    // "--set topology.depth=3", "--seed 7"
};

// The experiment file without its comments (comment_free_text), parsed once and read by
// point_config for every point; `reading` is held while a point is copied out of it, so that
// threads preparing points read it one at a time (yaml-cpp's nodes are not made for
// concurrent use).
struct PointDocument {
  YAML::Node doc;
  mutable std::mutex reading;
};

struct ExperimentSpec {
  std::string file;
  std::string name;
  std::string description;
  std::string kind;
  YAML::Node root;                       // the experiment's mapping
  std::vector<std::string> swept_keys;   // CSV columns, in order of first appearance
  SweepPoints points;                    // at least one (empty assignments when nothing is swept), made on demand
  int repetitions = 1;
  std::uint64_t seed = 1;
  OutputSpec outputs;
  std::vector<CompareSpec> compare;  // `compare:`, one per comparison; empty without one
  // What point_config needs to rebuild a point's configuration from scratch.
  std::shared_ptr<const std::string> source_text;  // the file as read
  std::shared_ptr<const PointDocument> point_doc;  // the same without its comments, parsed once
  int suite_index = -1;                            // position in `experiments:` (-1: not a suite)
  std::vector<Override> overrides;          // from the command line, those aimed at this experiment
};

// A file holds one experiment, or a suite (`experiments:` list) sharing a name.
struct ExperimentFile {
  std::string file;
  std::string name;
  std::string description;
  bool suite = false;
  std::vector<ExperimentSpec> experiments;
};


// The top-level keys an experiment kind takes (the common ones included), or
// nothing for a kind it does not know; used to aim overrides.
using KindKeys = std::function<std::optional<std::vector<std::string>>(const std::string& kind)>;

// Reads and checks the file's structure (top-level keys, sweep, outputs).
// Kind-specific keys are checked later, per point, by the kind. Throws
// InputError. Overrides replace YAML values (and sweeps of the same key), and
// each replacement is logged; with `kind_keys`, an override no experiment takes
// is refused. The sweep is counted, not expanded.
ExperimentFile load_experiment_file(const std::string& path, const std::vector<Override>& overrides,
                                    const KindKeys& kind_keys = {});

// The configuration of one point: the experiment's mapping with the point's
// assignments applied, less its `sweep:` (the point's values stand in its place).
// It is a copy of the file's one parse (copy_with_marks: positions in the file are
// the same) of the mapping and of the point's values alone, so that points do not
// share yaml-cpp's node memory (which grows with every node made from it) and a
// point costs the size of its configuration, not of the file: a sweep of thousands
// of values is checked in time linear in them.
YAML::Node point_config(const ExperimentSpec& spec, const SweepPoint& point);

// Keys every experiment accepts, whatever its kind.
const std::vector<std::string>& common_experiment_keys();

}  // namespace mpnsim
