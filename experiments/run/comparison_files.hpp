// The files of an experiment's `compare:` blocks: comparison, pairwise, ranks and control tables, Markdown, LaTeX, plots.
#pragma once

#include <string>
#include <vector>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

// Pairs the runs of `spec` into instances and writes the files of each of its comparisons under
// `prefix` (the experiment's folder in a suite), in the comparison's folder when it has a name:
// comparison.csv, pairwise.csv, ranks.csv (mean ranks, Friedman, Nemenyi), vs_control.csv (with
// `control:`), comparison.md, comparison.tex, and per metric a performance profile and per metric
// and group a critical-difference diagram (cd*.gp, .png, .svg). An instance is a set of runs that differ only in the value of
// the `by` keys: the same repetition and the same value of every other swept key (and, for a metric
// that has one value per row rather than per run, the same row). The values of the compare.over
// keys are instances too, pooled with the repetitions; the other swept keys become columns:
// variants are compared within each of their combinations. Each staged file's name is appended to
// `written`. A metric's direction is its `better:`, else the one `kind` declares for the
// column (both checked before the work: experiments/run/output_checks.cpp). Profile plots are
// drawn when `draw_plots`; a plot gnuplot fails on is added to `problems`. Throws InputError
// for a metric that is not a numeric column of every run, and std::runtime_error for an
// instance a variant did not run.
void write_comparison(const ExperimentSpec& spec, const ExperimentKind& kind, const std::vector<RunRecord>& runs,
                      OutputDirectory& out, const std::string& prefix, bool draw_plots,
                      std::vector<std::string>& written, std::vector<std::string>& problems);

}  // namespace mpnsim
