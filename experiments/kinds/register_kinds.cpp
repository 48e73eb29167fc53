// The one place where experiment kinds are registered by name.
#include <algorithm>

#include "experiments/kinds/dag/dag_experiment.hpp"
#include "experiments/kinds/divisible/divisible_experiment.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/kinds/online/online_experiment.hpp"
#include "experiments/kinds/plan/plan_experiment.hpp"
#include "experiments/kinds/task_tree/task_tree_experiment.hpp"
#include "experiments/kinds/topology/topology_experiment.hpp"

namespace mpnsim {

const std::vector<std::unique_ptr<ExperimentKind>>& experiment_kinds() {
  static const std::vector<std::unique_ptr<ExperimentKind>> kinds = [] {
    std::vector<std::unique_ptr<ExperimentKind>> v;
    v.push_back(std::make_unique<TopologyExperiment>());
    v.push_back(std::make_unique<PlanExperiment>());
    v.push_back(std::make_unique<DivisibleExperiment>());
    v.push_back(std::make_unique<TaskTreeExperiment>());
    v.push_back(std::make_unique<DagExperiment>());
    v.push_back(std::make_unique<OnlineExperiment>());
    return v;
  }();
  return kinds;
}

const ExperimentKind* find_experiment_kind(const std::string& name) {
  for (const auto& k : experiment_kinds())
    if (k->name() == name) return k.get();
  return nullptr;
}

std::optional<std::vector<std::string>> experiment_kind_keys(const std::string& name) {
  const ExperimentKind* kind = find_experiment_kind(name);
  if (!kind) return std::nullopt;
  std::vector<std::string> keys = common_experiment_keys();
  for (const auto& k : kind->keys()) keys.push_back(k);
  return keys;
}

std::optional<Better> declared_direction(const ExperimentKind& kind, std::string_view column) {
  for (const auto& m : kind.rows_modes())
    if (const ResultColumn* c = find_column(m.columns, column); c && c->better) return c->better;
  return std::nullopt;
}

const RowsMode* find_rows_mode(const ExperimentKind& kind, const std::string& name) {
  for (const auto& m : kind.rows_modes())
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace mpnsim
