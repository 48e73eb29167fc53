// Strict, typed reading of one YAML document: every accessor checks the node and places errors at file:line:column.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/input_error.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

// Reading of one YAML document with positions. Every accessor checks type and
// reports errors with the node's position and the full dotted key.
class YamlSource {
 public:
  explicit YamlSource(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const YAML::Node& at, const std::string& key, const std::string& problem) const;

  // Refuses keys of `map` not in `allowed`, suggesting the nearest valid key.
  void check_keys(const YAML::Node& map, const std::string& path,
                  std::span<const std::string> allowed) const;
  void require_map(const YAML::Node& node, const std::string& key) const;

  std::string scalar(const YAML::Node& node, const std::string& key) const;
  // Parses a scalar against a declared parameter (type, range, choices).
  ParamValue param(const YAML::Node& node, const std::string& key, const ParamSpec& spec) const;
  long long integer(const YAML::Node& node, const std::string& key, long long min, long long max) const;
  double number(const YAML::Node& node, const std::string& key, double min, double max) const;
  bool boolean(const YAML::Node& node, const std::string& key) const;

  // The name=value pairs of a mapping (all scalars), for resolve_params, except `skip`.
  std::vector<std::pair<std::string, std::string>> scalar_pairs(
      const YAML::Node& map, const std::string& path, std::span<const std::string> skip) const;
  // resolve_params with each error placed at its key's position in `map`.
  ParamSet params(const YAML::Node& map, const std::string& path, std::span<const ParamSpec> specs,
                  std::span<const std::string> skip) const;

 private:
  std::string file_;
};

}  // namespace mpnsim
