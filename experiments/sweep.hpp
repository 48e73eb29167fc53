// Sweep values: YAML lists and start:stop:step ranges, and their cartesian products.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/experiment_spec.hpp"
#include "experiments/input_error.hpp"

namespace mpnsim {

// The values of a range "start:stop:step" (stop included when reached within
// rounding; step defaults to 1). Integers stay integers. Throws
// std::invalid_argument with the reason on a malformed or empty range.
std::vector<std::string> expand_range(const std::string& text);

// Expands one sweep block (mapping key -> list | range | single value) into
// its cartesian product; the first key varies slowest.
std::vector<SweepPoint> expand_block(const YamlSource& src, const YAML::Node& block);

// Sets `key` (dotted path) to `value` in `root`, copying every mapping on the
// path so that `root`'s original nodes are never modified.
YAML::Node with_assignment(const YAML::Node& root, const std::string& key, const YAML::Node& value);

}  // namespace mpnsim
