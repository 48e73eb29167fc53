// The values a comparison pairs: runs sorted into groups, instances and variants, one metric at a time.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"
#include "experiments/config/experiment_spec.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

// What makes an instance within a group: the values of compare.over, the repetition, the row.
using InstanceKey = std::tuple<std::vector<std::string>, int, std::size_t>;

// One metric's values, by group (the other swept keys' values), instance and variant.
struct MetricValues {
  std::string name;
  Better better = Better::lower;
  bool per_row = false;
  // group -> instance (values of the `over` keys, repetition, row) -> variant -> value
  std::map<std::vector<std::string>, std::map<InstanceKey, std::map<std::string, double>>> values;
  // compare.ratio_to optimum or bound: group -> instance -> what the ratios are taken to (NaN
  // where the exact scheduler did not prove its schedule).
  std::map<std::vector<std::string>, std::map<InstanceKey, double>> reference;
  std::vector<std::vector<std::string>> groups;  // in the order the sweep first gives them
};

// The variants of a comparison in the order the sweep first gives them: each a value of the `by`
// key, or with two keys a pair of values, named "a/b"; `parts` holds the values themselves.
struct ComparisonVariants {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> parts;
};
ComparisonVariants comparison_variants(const ExperimentSpec& spec, const CompareSpec& cmp);

// The variant a point runs ("" when its block does not give every `by` key a value).
std::string variant_of(const SweepPoint& point, const CompareSpec& cmp);

// The swept keys that are neither `by` nor `over`: variants are compared within each of their values.
std::vector<std::string> comparison_group_keys(const ExperimentSpec& spec, const CompareSpec& cmp);

// Sorts the runs' values of `metric` into groups, instances and variants. Its direction is its
// `better:`, else the one `kind` declares. Throws InputError at the metric when a run has no
// numeric column of that name.
MetricValues gather_metric_values(const ExperimentSpec& spec, const CompareSpec& cmp, const CompareMetric& metric,
                                  const ExperimentKind& kind, const std::vector<RunRecord>& runs,
                                  const std::vector<std::string>& group_keys);

// The `comm` values (free, contention) of the DAG schedulers of a comparison when, in some group,
// its variants do not all plan communication the same way; empty when they do, or for other kinds.
// A scheduler's `makespan` is then its own plan's estimate under different models.
std::vector<std::string> mixed_comm_models(const ExperimentSpec& spec, const CompareSpec& cmp,
                                           const std::vector<RunRecord>& runs, const std::vector<std::string>& group_keys);

}  // namespace mpnsim
