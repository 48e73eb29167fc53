// Experiment kind `dag`: a task DAG scheduled on a network, checked and replayed on the engine (SPEC §5).
#pragma once

#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

class DagExperiment : public ExperimentKind {
 public:
  std::string name() const override;
  std::string description() const override;
  std::vector<std::string> keys() const override;
  const std::vector<RowsMode>& rows_modes() const override;  // in dag_columns.cpp
  std::vector<std::string> point_outputs() const override;
  bool draws_per_repetition(const YAML::Node& config, const YamlSource& src) const override;
  std::unique_ptr<PreparedPoint> prepare(const YAML::Node& config, const YamlSource& src,
                                         const OutputSpec& outputs) const override;
};

}  // namespace mpnsim
