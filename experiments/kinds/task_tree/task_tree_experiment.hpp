// Experiment kind `task_tree`: trees unfolding level by level under a dynamic scheduler (SPEC §4).
#pragma once

#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

class TaskTreeExperiment : public ExperimentKind {
 public:
  std::string name() const override;
  std::string description() const override;
  std::vector<std::string> keys() const override;
  const std::vector<RowsMode>& rows_modes() const override;  // in task_tree_columns.cpp
  std::vector<std::string> point_outputs() const override;
  bool draws_per_repetition(const YAML::Node& config, const YamlSource& src) const override;
  std::unique_ptr<PreparedPoint> prepare(const YAML::Node& config, const YamlSource& src,
                                         const OutputSpec& outputs) const override;
  // Checks without building the network (its size against the limits).
  void check(const YAML::Node& config, const YamlSource& src, const OutputSpec& outputs) const override;
};

}  // namespace mpnsim
