// The short names of an experiment's variants (the values of a swept key), as legends and tables show them.
#pragma once

#include <map>
#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/sweep_points.hpp"
#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

// The name of one swept value (issue #37): a scalar is its own text ("heft"); a mapping is its
// `label:` when it has one, else its values joined by '/' in the order written, nested mappings
// included ({name: heft, comm: contention} -> "heft/contention"); with `keyed`, every value but a
// `name` or `kind` is written KEY=VALUE ("heft/comm=contention"), which tells apart mappings whose
// values alone coincide. A sequence is its flow text ("[1, 2]"). Never a mapping's YAML text.
std::string variant_name(const YAML::Node& value, bool keyed = false);

// The names of the values a swept key takes in an experiment, by the text results.csv gives them
// (Assignment::text). Distinct values get distinct names: where two short names coincide, the
// mappings among them are written keyed, and where even that coincides, as their text. A value
// the key does not take (a range's number, a value computed from the results) is its own name.
// Built from the sweep's blocks, not from its points: a sweep of 10^7 points costs its lists.
class VariantNames {
 public:
  VariantNames() = default;
  VariantNames(const SweepPoints& points, const std::string& key);
  std::string operator()(const std::string& text) const;

 private:
  std::map<std::string, std::string> names_;  // text -> name, for the values whose name is not their text
};

// The `label:` of each swept mapping of `sweep` is checked: one line of text, at most 100
// characters, and no two values of one key with the same label. `path` is the sweep's dotted key.
// Throws InputError.
void check_variant_labels(const YamlSource& src, const SweepPoints& points, const std::string& path);

// A swept mapping's `label:` is the variant's name, not a parameter: it is taken out of the
// point's copy of the value (in place) before the kind reads it.
void remove_variant_label(YAML::Node value);

}  // namespace mpnsim
