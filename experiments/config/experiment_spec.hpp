// An experiment file as read: kind, base configuration, sweep points, seed, outputs (SPEC §6).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/compare_spec.hpp"

namespace mpnsim {

// A command-line override of a YAML value: `key` is a dotted path.
struct Override {
  std::string key;
  std::string value;
};

struct PlotSpec {
  std::string name;    // file stem: <name>.png, <name>.svg, <name>.gp
  std::string x, y;    // CSV columns
  std::string series;  // CSV column giving one curve per value ("" = one curve)
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
};

struct OutputSpec {
  bool csv = true;
  bool summary = true;
  bool timeline = false;  // per-point timeline CSV, for kinds that simulate
  bool gantt = false;     // per-point Gantt chart (SVG), for kinds that simulate
  bool trace = false;     // per-point Chrome trace JSON (Perfetto), for kinds that simulate
  std::vector<PlotSpec> plots;
};

// One value a sweep gives to one key. `value` keeps its position in the file
// where it has one; `origin` is the sweep entry it came from, for errors.
struct Assignment {
  std::string key;   // dotted path, e.g. "topology.depth"
  YAML::Node value;
  std::string text;  // as written in the CSV
  YAML::Node origin;
  // Where the value stands in the file, so that each point can take it from a
  // fresh parse: sweep block (-1: the sweep is a single mapping), position in
  // the key's list (-1: the entry itself), and whether it was made by a range.
  int block = -1;
  int index = -1;
  bool from_range = false;
};

struct SweepPoint {
  std::vector<Assignment> assignments;
  std::string label() const;  // "topology.depth=3, machine.link.z=0.1"
};

struct ExperimentSpec {
  std::string file;
  std::string name;
  std::string description;
  std::string kind;
  YAML::Node root;                       // the experiment's mapping
  std::vector<std::string> swept_keys;   // CSV columns, in order of first appearance
  std::vector<SweepPoint> points;        // at least one (empty assignments when nothing is swept)
  int repetitions = 1;
  std::uint64_t seed = 1;
  OutputSpec outputs;
  CompareSpec compare;  // `compare:`; compare.enabled is false without one
  // What point_config needs to rebuild a point's configuration from scratch.
  std::shared_ptr<const std::string> source_text;  // the file as read
  int suite_index = -1;                            // position in `experiments:` (-1: not a suite)
  std::vector<Override> overrides;          // from the command line
};

// A file holds one experiment, or a suite (`experiments:` list) sharing a name.
struct ExperimentFile {
  std::string file;
  std::string name;
  std::string description;
  bool suite = false;
  std::vector<ExperimentSpec> experiments;
};


// Reads and checks the file's structure (top-level keys, sweep, outputs).
// Kind-specific keys are checked later, per point, by the kind. Throws
// InputError. Overrides replace YAML values (and sweeps of the same key), and
// each replacement is logged.
ExperimentFile load_experiment_file(const std::string& path, const std::vector<Override>& overrides);

// The configuration of one point: the experiment's mapping with the point's
// assignments applied. It is built from a fresh parse of the file, so that
// points do not share yaml-cpp's node memory (which grows with every node made
// from it and made sweeps of thousands of points quadratic); positions in the
// file are the same.
YAML::Node point_config(const ExperimentSpec& spec, const SweepPoint& point);

// Keys every experiment accepts, whatever its kind.
const std::vector<std::string>& common_experiment_keys();

}  // namespace mpnsim
