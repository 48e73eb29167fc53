// Errors in user input, located at file:line:column with the key and what was expected.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "sim/parameters.hpp"

namespace mpnsim {

class InputError : public std::runtime_error {
 public:
  // `mark` may be null (a value made by a sweep); the position is then omitted.
  InputError(const std::string& file, const YAML::Mark& mark, const std::string& key,
             const std::string& problem);
  int line() const { return line_; }      // 1-based, 0 when unknown
  int column() const { return column_; }  // 1-based, 0 when unknown
  const std::string& key() const { return key_; }
  const std::string& problem() const { return problem_; }  // the message without position and key

 private:
  int line_ = 0;
  int column_ = 0;
  std::string key_;
  std::string problem_;
};

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

std::string join_path(const std::string& path, const std::string& key);

}  // namespace mpnsim
