// Sweep values: YAML lists and start:stop:step ranges, and their cartesian products.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

// The values of a range "start:stop:step" (stop included when reached within
// rounding; step defaults to 1). Integers stay integers. Throws
// std::invalid_argument with the reason on a malformed or empty range.
std::vector<std::string> expand_range(const std::string& text);

// Expands one sweep block (mapping key -> list | range | single value) into
// its cartesian product; the first key varies slowest.
// `block_index` is recorded in each assignment (-1 when the sweep is one mapping).
std::vector<SweepPoint> expand_block(const YamlSource& src, const YAML::Node& block, int block_index);

// Sets `key` (dotted path) to `value` in `root`, in place, creating the
// mappings on the path that are missing (a non-mapping on the path is replaced).
void set_path(YAML::Node root, const std::string& key, const YAML::Node& value);

}  // namespace mpnsim
