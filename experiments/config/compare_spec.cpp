// Reading of the `compare:` block, checked against the experiment's sweep before any work.
#include "experiments/config/compare_spec.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mpnsim {

namespace {

const std::vector<std::string> kCompareKeys{"by", "over", "metrics", "ratio_to"};
const std::vector<std::string> kMetricKeys{"name", "better"};

}  // namespace

CompareSpec read_compare_spec(const YamlSource& src, const YAML::Node& node, const std::string& path,
                              const std::vector<std::string>& swept_keys) {
  CompareSpec spec;
  if (!node.IsDefined() || node.IsNull()) return spec;
  src.require_map(node, path);
  src.check_keys(node, path, kCompareKeys);
  spec.enabled = true;
  spec.at = node;
  if (!node["by"]) src.fail(node, path + ".by", "required: the swept key whose values are the variants");
  spec.by = src.scalar(node["by"], path + ".by");
  if (std::find(swept_keys.begin(), swept_keys.end(), spec.by) == swept_keys.end()) {
    const std::string near = nearest_name(spec.by, swept_keys);
    src.fail(node["by"], path + ".by",
             fmt::format("'{}' is not swept{}; swept keys: {}", spec.by,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                         swept_keys.empty() ? std::string("none") : fmt::format("{}", fmt::join(swept_keys, ", "))));
  }
  if (const YAML::Node over = node["over"]) {
    if (!over.IsScalar() && !over.IsSequence())
      src.fail(over, path + ".over", "expected a list of swept keys whose values are instances: [workload.file]");
    const std::vector<YAML::Node> keys = over.IsScalar() ? std::vector<YAML::Node>{over}
                                                         : std::vector<YAML::Node>(over.begin(), over.end());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::string where = over.IsScalar() ? path + ".over" : fmt::format("{}.over[{}]", path, i);
      const std::string key = src.scalar(keys[i], where);
      if (key == spec.by)
        src.fail(keys[i], where,
                 fmt::format("'{}' is `by`: its values are the variants, they cannot also be instances", key));
      if (std::find(swept_keys.begin(), swept_keys.end(), key) == swept_keys.end()) {
        const std::string near = nearest_name(key, swept_keys);
        src.fail(keys[i], where,
                 fmt::format("'{}' is not swept{}; `over` takes swept keys whose values are instances to pool, "
                             "swept keys: {}",
                             key, near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                             swept_keys.empty() ? std::string("none") : fmt::format("{}", fmt::join(swept_keys, ", "))));
      }
      if (std::find(spec.over.begin(), spec.over.end(), key) != spec.over.end())
        src.fail(keys[i], where, fmt::format("'{}' is already in `over`", key));
      spec.over.push_back(key);
    }
  }
  if (const YAML::Node r = node["ratio_to"]) {
    spec.ratio_to = src.scalar(r, path + ".ratio_to");
    if (spec.ratio_to != "best" && spec.ratio_to != "optimum" && spec.ratio_to != "bound")
      src.fail(r, path + ".ratio_to",
               "expected best (each instance's best variant), optimum (the `optimal` scheduler's proven "
               "optimum) or bound (the instance's lower_bound)");
  }
  const YAML::Node metrics = node["metrics"];
  if (!metrics) src.fail(node, path + ".metrics", "required: a list of numeric result columns to compare");
  if (!metrics.IsSequence() || metrics.size() == 0)
    src.fail(metrics, path + ".metrics", "expected a list of metrics: [makespan, {name: speedup, better: higher}]");
  for (std::size_t i = 0; i < metrics.size(); ++i) {
    const YAML::Node m = metrics[i];
    const std::string where = fmt::format("{}.metrics[{}]", path, i);
    CompareMetric metric;
    metric.at = m;
    if (m.IsMap()) {
      src.check_keys(m, where, kMetricKeys);
      if (!m["name"]) src.fail(m, where + ".name", "required: the result column");
      metric.name = src.scalar(m["name"], where + ".name");
      if (m["better"]) {
        metric.better = src.scalar(m["better"], where + ".better");
        if (metric.better != "lower" && metric.better != "higher")
          src.fail(m["better"], where + ".better", "expected lower or higher");
      }
    } else {
      metric.name = src.scalar(m, where);
    }
    if (metric.name.empty()) src.fail(m, where, "expected a result column's name");
    for (const auto& earlier : spec.metrics)
      if (earlier.name == metric.name) src.fail(m, where, fmt::format("'{}' is already compared", metric.name));
    spec.metrics.push_back(std::move(metric));
  }
  return spec;
}

}  // namespace mpnsim
