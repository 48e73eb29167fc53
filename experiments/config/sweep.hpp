// Reading a `sweep:` (one block or a list of blocks of lists and ranges), and assignment into YAML trees.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/sweep_points.hpp"
#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

// The values of a range "start:stop:step", all of them (SweepRange gives them
// one at a time). Throws std::invalid_argument on a malformed or empty range.
std::vector<std::string> expand_range(const std::string& text);

// Reads a sweep: one mapping key -> list | range | single value, or a list of
// such blocks. The points are counted from the sizes of the lists and ranges,
// and refused beyond kMaxSweepPoints with the count, before any point is made.
// Keys in `not_sweepable` are refused. `keys` receives the swept keys in order
// of first appearance. Throws InputError.
SweepPoints read_sweep(const YamlSource& src, const YAML::Node& sweep, const std::string& path,
                       std::span<const std::string> not_sweepable, std::vector<std::string>& keys);

// `{files: "DIR/PATTERN"}`: the regular files of DIR (relative to `base_dir`) whose names match
// PATTERN (fnmatch; wildcards in the file name only), sorted by name, as paths written relative
// to `base_dir` like the pattern. No match, no folder or a bad pattern is refused at `where`.
// Sweeps use it (base: the experiment file's folder), and kind: online's `workload: {files: ...}`.
std::vector<std::string> matching_files(const YamlSource& src, const YAML::Node& pattern_node, const std::string& where,
                                        const std::string& base_dir);

// Sets `key` (dotted path) to `value` in `root`, in place, creating the
// mappings on the path that are missing (a non-mapping on the path is replaced).
void set_path(YAML::Node root, const std::string& key, const YAML::Node& value);

}  // namespace mpnsim
