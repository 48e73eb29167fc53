// The `compare:` blocks of an experiment: which swept keys name the variants, and which metrics to compare.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/sweep_points.hpp"
#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

struct CompareMetric {
  std::string name;    // a numeric result column
  std::string better;  // "lower" or "higher"; empty: the column's own direction
  YAML::Node at;       // where it was written, for errors found later
};

struct CompareSpec {
  // The folder beside results.csv its files go into; empty for a single `compare:` mapping without
  // a name (its files beside results.csv, as before lists were allowed).
  std::string name;
  std::string path = "compare";  // its key in the file, for messages: compare, or compare[1]
  // The swept keys whose values are the variants: one, or two for a factorial design (a variant is
  // then a pair of values, written "a/b", and `control` is a value of the second key).
  std::vector<std::string> by;
  // Swept keys whose values are instances, pooled with the repetitions (a set of graph files,
  // network sizes) rather than separate groups.
  std::vector<std::string> over;
  std::vector<CompareMetric> metrics;
  // The baseline every variant is compared with (Wilcoxon, Holm over these tests only): a value of
  // the (last) `by` key; empty for none.
  std::string control;
  // What each value's ratio is taken to: "best" (the best variant of the instance), "optimum"
  // (the `optimal` variant's value where its run proved it: column optimal) or "bound" (the
  // largest lower_bound of the instance's runs). DAG makespans only for the last two.
  std::string ratio_to = "best";
  YAML::Node at;

  std::string by_text() const;  // "scheduler.name", or "scheduler.name/scheduler.comm"
};

// Reads `compare:`, a mapping or a list of them. Each is
// {name: NAME, by: KEY | [KEY, KEY], over: [KEY, ...], metrics: [NAME | {name: NAME, better: lower | higher}, ...],
//  control: VALUE, ratio_to: best | optimum | bound}; `name` is required in a list, with names
// distinct, made of letters, digits, '-' and '_'. Each `by` key must be one of `swept_keys` (with
// the nearest suggested); each `over` key must be swept too, be no `by` key nor named twice; a
// metric may be named once. Throws InputError at the offending key. No `compare:`: an empty list.
std::vector<CompareSpec> read_compare_specs(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                            const std::vector<std::string>& swept_keys);

// Checks a comparison against the values its keys take in the sweep's blocks: each `by` key takes
// at least two; `control` is one of the (last) key's values; ratio_to optimum needs the variant
// `optimal`, and ratio_to other than best needs kind dag. Throws InputError at the key.
void check_compare_values(const YamlSource& src, const CompareSpec& cmp, const SweepPoints& points,
                          const std::string& kind);

}  // namespace mpnsim
