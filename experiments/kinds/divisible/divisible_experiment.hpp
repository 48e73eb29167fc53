// Experiment kind `divisible`: a divisible-load strategy, analytic against simulated (SPEC §3).
#pragma once

#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

class DivisibleExperiment : public ExperimentKind {
 public:
  std::string name() const override;
  std::string description() const override;
  std::vector<std::string> keys() const override;
  const std::vector<RowsMode>& rows_modes() const override;  // in divisible_columns.cpp
  std::vector<std::string> point_outputs() const override;
  // True with `random_machine:` (random_machine.hpp): each repetition is a fresh instance.
  bool draws_per_repetition(const YAML::Node& config, const YamlSource& src) const override;
  std::unique_ptr<PreparedPoint> prepare(const YAML::Node& config, const YamlSource& src,
                                         const OutputSpec& outputs) const override;
};

}  // namespace mpnsim
