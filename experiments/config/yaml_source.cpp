// Strict, typed reading of YAML nodes against declared parameters, with located errors.
#include "experiments/config/yaml_source.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace mpnsim {

void YamlSource::fail(const YAML::Node& at, const std::string& key, const std::string& problem) const {
  throw InputError(file_, at.IsDefined() ? at.Mark() : YAML::Mark::null_mark(), key, problem);
}

void YamlSource::require_map(const YAML::Node& node, const std::string& key) const {
  if (!node.IsMap()) fail(node, key, "expected a mapping (key: value lines)");
}

void YamlSource::check_keys(const YAML::Node& map, const std::string& path,
                            std::span<const std::string> allowed) const {
  require_map(map, path);
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (!it->first.IsScalar()) fail(it->first, path, "keys must be plain names");
    const std::string key = it->first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    const std::string near = nearest_name(key, allowed);
    std::string valid;
    for (std::size_t i = 0; i < allowed.size(); ++i) valid += (i ? ", " : "") + allowed[i];
    fail(it->first, join_path(path, key),
         fmt::format("unknown key{}; expected one of: {}",
                     near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near), valid));
  }
}

std::string YamlSource::scalar(const YAML::Node& node, const std::string& key) const {
  if (!node.IsDefined() || node.IsNull()) fail(node, key, "a value is required here");
  if (!node.IsScalar()) fail(node, key, "expected a single value, not a list or mapping");
  return node.Scalar();
}

ParamValue YamlSource::param(const YAML::Node& node, const std::string& key,
                             const ParamSpec& spec) const {
  const std::string text = scalar(node, key);
  try {
    return parse_param(spec, text);
  } catch (const ParamError& e) {
    fail(node, key, e.problem());
  }
}

long long YamlSource::integer(const YAML::Node& node, const std::string& key, long long min,
                              long long max) const {
  ParamSpec s{key, ParamType::integer, "", "", static_cast<double>(min), static_cast<double>(max), {}};
  return std::get<std::int64_t>(param(node, key, s));
}

double YamlSource::number(const YAML::Node& node, const std::string& key, double min,
                          double max) const {
  ParamSpec s{key, ParamType::real, "", "", min, max, {}};
  const ParamValue v = param(node, key, s);
  return std::get<double>(v);
}

bool YamlSource::boolean(const YAML::Node& node, const std::string& key) const {
  ParamSpec s{key, ParamType::boolean, "", "", 0, 0, {}};
  return std::get<bool>(param(node, key, s));
}

std::vector<std::pair<std::string, std::string>> YamlSource::scalar_pairs(
    const YAML::Node& map, const std::string& path, std::span<const std::string> skip) const {
  require_map(map, path);
  std::vector<std::pair<std::string, std::string>> out;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const std::string key = it->first.Scalar();
    if (std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
    out.emplace_back(key, scalar(it->second, join_path(path, key)));
  }
  return out;
}

ParamSet YamlSource::params(const YAML::Node& map, const std::string& path,
                            std::span<const ParamSpec> specs, std::span<const std::string> skip) const {
  auto pairs = scalar_pairs(map, path, skip);
  try {
    return resolve_params(specs, pairs);
  } catch (const ParamError& e) {
    // Place the error at the offending key's value, or at the mapping when it is missing.
    YAML::Node at = map;
    for (auto it = map.begin(); it != map.end(); ++it)
      if (it->first.Scalar() == e.key()) at.reset(it->second);
    fail(at, join_path(path, e.key()), e.problem());
  }
}

}  // namespace mpnsim
