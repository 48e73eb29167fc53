// Experiment kind `online`: a stream of workflows arriving over time, scheduled by an online
// policy on a shared network, checked and replayed on the engine (issue #39).
#pragma once

#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

// A kind of its own rather than `kind: dag`: its input adds `arrivals` and `workflows`, its
// schedulers are the online policies (which see a workflow only once it arrives, a contract the
// DAG schedulers do not keep), and its rows are per workflow. Its machine and per-workflow
// workload are read exactly as `kind: dag` reads them.
class OnlineExperiment : public ExperimentKind {
 public:
  std::string name() const override;
  std::string description() const override;
  std::vector<std::string> keys() const override;
  const std::vector<RowsMode>& rows_modes() const override;
  std::vector<std::string> point_outputs() const override;
  bool draws_per_repetition(const YAML::Node& config, const YamlSource& src) const override;
  std::unique_ptr<PreparedPoint> prepare(const YAML::Node& config, const YamlSource& src,
                                         const OutputSpec& outputs) const override;
};

}  // namespace mpnsim
