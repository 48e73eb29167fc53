// Sorting an experiment's runs into the groups, instances and variants of a comparison.
#include "experiments/run/comparison_values.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "experiments/config/input_error.hpp"
#include "schedulers/dag/dag_schedulers.hpp"

namespace mpnsim {

namespace {

std::optional<double> numeric(const ParamValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  return std::nullopt;
}

const ParamValue* find_value(const MetricRow& row, const std::string& name) {
  for (const auto& [k, v] : row)
    if (k == name) return &v;
  return nullptr;
}

// A result column read as true or false: `optimal` is text ("true"), or a boolean.
bool truthy(const ParamValue* v) {
  if (!v) return false;
  if (const auto* b = std::get_if<bool>(v)) return *b;
  if (const auto* t = std::get_if<std::string>(v)) return *t == "true";
  if (const auto x = numeric(*v)) return *x != 0;
  return false;
}

// The text a point gives to a swept key ("" when the point's block does not sweep it).
std::string assigned(const SweepPoint& point, const std::string& key) {
  for (const auto& a : point.assignments)
    if (a.key == key) return a.text;
  return "";
}

std::vector<std::string> variant_parts(const SweepPoint& point, const CompareSpec& cmp) {
  std::vector<std::string> parts;
  for (const auto& key : cmp.by) {
    parts.push_back(assigned(point, key));
    if (parts.back().empty()) return {};
  }
  return parts;
}

}  // namespace

std::string variant_of(const SweepPoint& point, const CompareSpec& cmp) {
  return fmt::format("{}", fmt::join(variant_parts(point, cmp), "/"));
}

ComparisonVariants comparison_variants(const ExperimentSpec& spec, const CompareSpec& cmp) {
  ComparisonVariants v;
  for (const auto& point : spec.points) {
    const auto parts = variant_parts(point, cmp);
    if (parts.empty()) continue;
    const std::string name = fmt::format("{}", fmt::join(parts, "/"));
    if (std::find(v.names.begin(), v.names.end(), name) != v.names.end()) continue;
    v.names.push_back(name);
    v.parts.push_back(parts);
  }
  return v;
}

std::vector<std::string> comparison_group_keys(const ExperimentSpec& spec, const CompareSpec& cmp) {
  std::vector<std::string> keys;
  for (const auto& k : spec.swept_keys)
    if (std::find(cmp.by.begin(), cmp.by.end(), k) == cmp.by.end() &&
        std::find(cmp.over.begin(), cmp.over.end(), k) == cmp.over.end())
      keys.push_back(k);
  return keys;
}

MetricValues gather_metric_values(const ExperimentSpec& spec, const CompareSpec& cmp, const CompareMetric& m,
                                  const ExperimentKind& kind, const std::vector<RunRecord>& runs,
                                  const std::vector<std::string>& group_keys) {
  const YamlSource src(spec.file);
  const std::string key = cmp.path + ".metrics";
  MetricValues mv;
  mv.name = m.name;
  if (!m.better.empty()) {
    mv.better = m.better == "higher" ? Better::higher : Better::lower;
  } else if (const auto known = declared_direction(kind, m.name)) {
    mv.better = *known;
  } else {
    src.fail(m.at, key, fmt::format("'{}' has no known direction: write {{name: {}, better: lower | higher}}", m.name, m.name));
  }
  for (const auto& run : runs) {
    const SweepPoint& point = spec.points[run.point];
    const std::string variant = variant_of(point, cmp);
    if (variant.empty()) continue;  // a sweep block that does not vary `by`
    std::vector<std::string> group;
    for (const auto& k : group_keys) group.push_back(assigned(point, k));
    std::vector<std::string> over;
    for (const auto& k : cmp.over) over.push_back(assigned(point, k));
    if (!mv.values.count(group)) mv.groups.push_back(group);
    auto& instances = mv.values[group];
    auto put = [&](std::size_t row, const ParamValue& v) {
      const auto x = numeric(v);
      if (!x) src.fail(m.at, key, fmt::format("'{}' is not a numeric result column", m.name));
      instances[{over, run.repetition, row}][variant] = *x;
      if (cmp.ratio_to == "best") return;
      auto [at, added] = mv.reference[group].try_emplace(InstanceKey{over, run.repetition, row},
                                                         cmp.ratio_to == "bound" ? 0.0 : std::nan(""));
      if (cmp.ratio_to == "optimum") {
        if (variant == "optimal") at->second = truthy(find_value(run.result.metrics, "optimal")) ? *x : std::nan("");
      } else if (const ParamValue* b = find_value(run.result.metrics, "lower_bound")) {
        if (const auto lb = numeric(*b)) at->second = std::max(at->second, *lb);
      }
    };
    if (const ParamValue* v = find_value(run.result.metrics, m.name)) {
      put(0, *v);
      continue;
    }
    bool found = false;
    for (std::size_t r = 0; r < run.result.rows.size(); ++r)
      if (const ParamValue* v = find_value(run.result.rows[r], m.name)) {
        put(r, *v);
        found = mv.per_row = true;
      }
    if (!found)
      src.fail(m.at, key,
               fmt::format("no result column '{}' in the runs of point {} ({})", m.name, run.point, point.label()));
  }
  return mv;
}

std::vector<std::string> mixed_comm_models(const ExperimentSpec& spec, const CompareSpec& cmp,
                                           const std::vector<RunRecord>& runs, const std::vector<std::string>& group_keys) {
  if (spec.kind != "dag") return {};
  // The comm of each point, from its configuration: written, or the scheduler's declared default.
  std::map<std::vector<std::string>, std::set<std::string>> by_group;
  std::set<std::size_t> seen;
  for (const auto& run : runs) {
    if (!seen.insert(run.point).second) continue;
    const SweepPoint& point = spec.points[run.point];
    if (variant_of(point, cmp).empty()) continue;
    const YAML::Node scheduler = point_config(spec, point)["scheduler"];
    std::string comm;
    if (scheduler.IsMap() && scheduler["comm"] && scheduler["comm"].IsScalar()) {
      comm = scheduler["comm"].Scalar();
    } else {
      const std::string name = scheduler.IsMap() && scheduler["name"] && scheduler["name"].IsScalar()
                                   ? scheduler["name"].Scalar()
                                   : scheduler.IsScalar() ? scheduler.Scalar() : std::string();
      if (const DagSchedulerEntry* e = find_dag_scheduler(name))
        for (const auto& p : e->params)
          if (p.name == "comm") comm = p.default_value;
    }
    if (comm.empty()) continue;  // a scheduler without the parameter
    std::vector<std::string> group;
    for (const auto& k : group_keys) group.push_back(assigned(point, k));
    by_group[group].insert(comm);
  }
  for (const auto& [group, comms] : by_group)
    if (comms.size() > 1) return {comms.begin(), comms.end()};
  return {};
}

}  // namespace mpnsim
