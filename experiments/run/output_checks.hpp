// Checks of what an experiment will write, made before any work: outputs its kind can write and plot columns.
#pragma once

#include <string>
#include <vector>

#include "experiments/config/yaml_source.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

// A column of an experiment's results.csv as its points announce it.
struct ExperimentColumn {
  std::string name;
  ColumnType type = ColumnType::numeric;
  bool swept = false;
};

// The rows modes the experiment's points write in: its `rows:` (or the kind's default) and
// every value a sweep gives `rows`.
std::vector<std::string> rows_modes_used(const ExperimentSpec& spec, const ExperimentKind& kind);

// The columns results.csv may have: point, repetition, seed, the swept keys (numeric when
// every value is a number), then the columns the kind declares for those rows modes (some
// of which only some points write: their declaration says when).
std::vector<ExperimentColumn> experiment_columns(const PreparedExperiment& pe);

// Refuses, at the key's file:line:column, per-point outputs (timeline, gantt, trace) the kind
// does not write; plot columns results.csv will not have (with the nearest name, and the rows
// mode that would write it); x and y columns that are not numeric; errorbars where y has no
// interval column <y>_ci95; `compare:` metrics that are not numeric result columns or have no
// direction (neither `better:` nor one the kind declares); and, in a suite, an experiment
// whose directory would take the name of a file of the suite's output. Throws InputError.
void check_experiment_outputs(const PreparedExperiment& pe, const YamlSource& src, bool in_suite);

}  // namespace mpnsim
