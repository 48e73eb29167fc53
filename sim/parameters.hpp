// Declared, typed parameters of models (topologies, strategies, schedulers, workloads).
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace mpnsim {

enum class ParamType { integer, real, boolean, text, ports };

// One parameter as a model declares it: `mpnsim list` prints this, and the
// YAML loader and the CLI check input against it.
struct ParamSpec {
  std::string name;
  ParamType type = ParamType::real;
  std::string default_value;  // as text; empty = required
  std::string description;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices;  // for text parameters: the allowed values (empty = any)
};

// ports: 0 means "all" (see kAllPorts).
using ParamValue = std::variant<std::int64_t, double, bool, std::string>;

// A parameter that is unknown, missing or of the wrong type or range.
class ParamError : public std::invalid_argument {
 public:
  ParamError(std::string key, std::string problem)
      : std::invalid_argument(key + ": " + problem), key_(std::move(key)), problem_(std::move(problem)) {}
  const std::string& key() const { return key_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string key_;
  std::string problem_;
};

class ParamSet {
 public:
  std::int64_t integer(std::string_view name) const;
  double real(std::string_view name) const;  // integers convert
  bool boolean(std::string_view name) const;
  const std::string& text(std::string_view name) const;
  bool has(std::string_view name) const { return values_.find(name) != values_.end(); }
  void set(std::string name, ParamValue value) { values_[std::move(name)] = std::move(value); }
  const std::map<std::string, ParamValue, std::less<>>& values() const { return values_; }

 private:
  const ParamValue& get(std::string_view name) const;
  std::map<std::string, ParamValue, std::less<>> values_;
};

// "integer", "number", ... as a user would read it, with the range when there is one.
std::string describe_type(const ParamSpec& spec);
std::string to_text(const ParamValue& value);

// Parses `text` as a value of `spec`'s type and checks its range and choices.
ParamValue parse_param(const ParamSpec& spec, std::string_view text);

// Checks the given name=value pairs against the declaration and fills in
// defaults. Unknown names are refused with the nearest declared name suggested.
ParamSet resolve_params(std::span<const ParamSpec> specs,
                        const std::vector<std::pair<std::string, std::string>>& given);

// The candidate closest to `word` by edit distance, or "" when none is close.
std::string nearest_name(std::string_view word, std::span<const std::string> candidates);

}  // namespace mpnsim
