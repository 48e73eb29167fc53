// Reading of the `compare:` blocks, checked against the experiment's sweep before any work.
#include "experiments/config/compare_spec.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>

#include <fmt/format.h>

namespace mpnsim {

namespace {

const std::vector<std::string> kCompareKeys{"name", "by", "over", "metrics", "control", "ratio_to"};
const std::vector<std::string> kMetricKeys{"name", "better"};

std::string swept_list(const std::vector<std::string>& swept_keys) {
  return swept_keys.empty() ? std::string("none") : fmt::format("{}", fmt::join(swept_keys, ", "));
}

// A swept key of `by` or `over`, with the nearest swept key suggested when it is not one.
std::string swept_key(const YamlSource& src, const YAML::Node& node, const std::string& where,
                      const std::vector<std::string>& swept_keys, const std::string& role) {
  const std::string key = src.scalar(node, where);
  if (std::find(swept_keys.begin(), swept_keys.end(), key) == swept_keys.end()) {
    const std::string near = nearest_name(key, swept_keys);
    src.fail(node, where,
             fmt::format("'{}' is not swept{}; {}swept keys: {}", key,
                         near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near), role,
                         swept_list(swept_keys)));
  }
  return key;
}

// A key or a list of keys, as written.
std::vector<std::pair<YAML::Node, std::string>> key_list(const YAML::Node& node, const std::string& where) {
  std::vector<std::pair<YAML::Node, std::string>> out;
  if (node.IsScalar()) return {{node, where}};
  for (std::size_t i = 0; i < node.size(); ++i) out.emplace_back(node[i], fmt::format("{}[{}]", where, i));
  return out;
}

CompareSpec read_one(const YamlSource& src, const YAML::Node& node, const std::string& path,
                     const std::vector<std::string>& swept_keys, bool in_list) {
  CompareSpec spec;
  src.require_map(node, path);
  src.check_keys(node, path, kCompareKeys);
  spec.at = node;
  spec.path = path;
  if (const YAML::Node n = node["name"]) {
    spec.name = src.scalar(n, path + ".name");
    const bool portable = !spec.name.empty() && spec.name.size() <= 100 &&
                          std::all_of(spec.name.begin(), spec.name.end(), [](unsigned char c) {
                            return std::isalnum(c) || c == '-' || c == '_';
                          });
    if (!portable)
      src.fail(n, path + ".name",
               fmt::format("'{}' is not a folder name: use letters, digits, '-' and '_' (at most 100)", spec.name));
  } else if (in_list) {
    src.fail(node, path + ".name", "required in a list of comparisons: the folder its files go into, beside results.csv");
  }

  const YAML::Node by = node["by"];
  if (!by) src.fail(node, path + ".by", "required: the swept key whose values are the variants");
  if (!by.IsScalar() && !(by.IsSequence() && (by.size() == 1 || by.size() == 2)))
    src.fail(by, path + ".by",
             "expected a swept key, or two for a factorial design: [scheduler.name, scheduler.comm] (per value of "
             "the first, compare the values of the second)");
  for (const auto& [key_node, where] : key_list(by, path + ".by")) {
    const std::string key = swept_key(src, key_node, where, swept_keys, "");
    if (std::find(spec.by.begin(), spec.by.end(), key) != spec.by.end())
      src.fail(key_node, where, fmt::format("'{}' is already in `by`", key));
    spec.by.push_back(key);
  }
  if (const YAML::Node over = node["over"]) {
    if (!over.IsScalar() && !over.IsSequence())
      src.fail(over, path + ".over", "expected a list of swept keys whose values are instances: [workload.file]");
    for (const auto& [key_node, where] : key_list(over, path + ".over")) {
      const std::string key = src.scalar(key_node, where);
      if (std::find(spec.by.begin(), spec.by.end(), key) != spec.by.end())
        src.fail(key_node, where,
                 fmt::format("'{}' is {}`by`: its values are the variants, they cannot also be instances", key,
                             spec.by.size() > 1 ? "in " : ""));
      swept_key(src, key_node, where, swept_keys, "`over` takes swept keys whose values are instances to pool, ");
      if (std::find(spec.over.begin(), spec.over.end(), key) != spec.over.end())
        src.fail(key_node, where, fmt::format("'{}' is already in `over`", key));
      spec.over.push_back(key);
    }
  }
  if (const YAML::Node c = node["control"]) {
    spec.control = src.scalar(c, path + ".control");
    if (spec.control.empty()) src.fail(c, path + ".control", "expected a value of the `by` key: the baseline");
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

// The texts a key takes in the sweep's blocks; of a range, its first `range_limit` values.
std::set<std::string> swept_values(const SweepPoints& points, const std::string& key, std::uint64_t range_limit) {
  std::set<std::string> values;
  for (const auto& block : points.blocks())
    for (const auto& axis : block.axes) {
      if (axis.key != key) continue;
      if (axis.range)
        for (std::uint64_t i = 0; i < std::min(range_limit, axis.range->size()); ++i) values.insert(axis.range->value(i));
      else if (axis.listed.empty())
        values.insert(axis.single_text);
      else
        values.insert(axis.texts.begin(), axis.texts.end());
    }
  return values;
}

}  // namespace

std::string CompareSpec::by_text() const { return fmt::format("{}", fmt::join(by, "/")); }

std::vector<CompareSpec> read_compare_specs(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                            const std::vector<std::string>& swept_keys) {
  std::vector<CompareSpec> specs;
  if (!node.IsDefined() || node.IsNull()) return specs;
  if (!node.IsSequence()) {
    specs.push_back(read_one(src, node, path, swept_keys, false));
    return specs;
  }
  if (node.size() == 0) src.fail(node, path, "expected a comparison, or a list of them each with a name");
  for (std::size_t i = 0; i < node.size(); ++i) {
    const std::string where = fmt::format("{}[{}]", path, i);
    CompareSpec spec = read_one(src, node[i], where, swept_keys, true);
    for (const auto& earlier : specs)
      if (earlier.name == spec.name)
        src.fail(node[i]["name"], where + ".name",
                 fmt::format("'{}' already names {}: each comparison writes its own folder", spec.name, earlier.path));
    specs.push_back(std::move(spec));
  }
  return specs;
}

void check_compare_values(const YamlSource& src, const CompareSpec& cmp, const SweepPoints& points,
                          const std::string& kind) {
  const YAML::Node by = cmp.at["by"];
  for (std::size_t i = 0; i < cmp.by.size(); ++i) {
    // A range's values are distinct, so its first two are enough to count two.
    const auto values = swept_values(points, cmp.by[i], 2);
    if (values.size() < 2)
      src.fail(by.IsSequence() ? by[i] : by, by.IsSequence() ? fmt::format("{}.by[{}]", cmp.path, i) : cmp.path + ".by",
               fmt::format("'{}' takes {} value(s) in the sweep; a comparison needs at least two", cmp.by[i],
                           values.size()));
  }
  if (!cmp.control.empty()) {
    const std::string& key = cmp.by.back();
    const auto values = swept_values(points, key, std::numeric_limits<std::uint64_t>::max());
    if (!values.count(cmp.control))
      src.fail(cmp.at["control"], cmp.path + ".control",
               fmt::format("'{}' is not a value of '{}'{}; its values: {}", cmp.control, key,
                           cmp.by.size() == 2 ? fmt::format(" (the second key of `by`, whose values are compared per "
                                                            "value of '{}')",
                                                            cmp.by.front())
                                              : std::string(),
                           fmt::join(values, ", ")));
  }
  const auto variants = swept_values(points, cmp.by.back(), std::numeric_limits<std::uint64_t>::max());
  if (cmp.ratio_to == "optimum" && cmp.by.size() > 1)
    src.fail(cmp.at["ratio_to"], cmp.path + ".ratio_to",
             "optimum takes the value of the variant 'optimal', which needs a single `by` key");
  if (cmp.ratio_to == "optimum" && !variants.count("optimal"))
    src.fail(cmp.at["ratio_to"], cmp.path + ".ratio_to",
             fmt::format("optimum is the value of the variant 'optimal' (the exact scheduler), which '{}' never "
                         "takes in the sweep: add optimal to its values, or use ratio_to: best or bound",
                         cmp.by.back()));
  if (cmp.ratio_to != "best" && kind != "dag")
    src.fail(cmp.at["ratio_to"], cmp.path + ".ratio_to",
             fmt::format("{} needs the columns optimal and lower_bound of kind dag; kind {} compares to the best "
                         "(ratio_to: best)",
                         cmp.ratio_to, kind));
}

}  // namespace mpnsim
