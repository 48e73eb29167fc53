// The `compare:` block of an experiment: which swept key names the variants, and which metrics to compare.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

struct CompareMetric {
  std::string name;    // a numeric result column
  std::string better;  // "lower" or "higher"; empty: the column's own direction
  YAML::Node at;       // where it was written, for errors found later
};

struct CompareSpec {
  bool enabled = false;
  std::string by;  // the swept key whose values are the variants
  // Swept keys whose values are instances, pooled with the repetitions (a set of graph files,
  // network sizes) rather than separate groups.
  std::vector<std::string> over;
  std::vector<CompareMetric> metrics;
  // What each value's ratio is taken to: "best" (the best variant of the instance), "optimum"
  // (the `optimal` variant's value where its run proved it: column optimal) or "bound" (the
  // largest lower_bound of the instance's runs). DAG makespans only for the last two.
  std::string ratio_to = "best";
  YAML::Node at;
};

// Reads `compare: {by: KEY, over: [KEY, ...], metrics: [NAME | {name: NAME, better: lower | higher}, ...],
// ratio_to: best | optimum | bound}`.
// `by` must be one of `swept_keys` (with the nearest suggested) and be swept over at least two
// values; each `over` key (optional: a key or a list) must be swept too, be neither `by` nor
// named twice; a metric may be named once. Throws InputError at the offending key.
CompareSpec read_compare_spec(const YamlSource& src, const YAML::Node& node, const std::string& path,
                              const std::vector<std::string>& swept_keys);

}  // namespace mpnsim
