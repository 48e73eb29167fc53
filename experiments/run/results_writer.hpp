// What an experiment's records become in its output directory: results.csv, summary.json, plots, artifacts.
#pragma once

#include <string>
#include <vector>

#include "experiments/output/output_directory.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

// Files written, in order, and what went wrong after the work that leaves the results usable
// (a plot gnuplot could not draw, a plotted column no run gave a value).
struct WriteReport {
  std::vector<std::string> written;
  std::vector<std::string> problems;
};

// Writes the experiment's files under `prefix` (its directory in a suite, "" otherwise) from
// `records`, which are complete and in (point, repetition) order. Artifacts already staged
// by the run are only listed. `draw_plots` is false when gnuplot is not installed: the scripts
// are still written.
void write_experiment_results(const PreparedExperiment& pe, const std::vector<RunRecord>& records,
                              OutputDirectory& out, const std::string& prefix, bool draw_plots, WriteReport& report);

}  // namespace mpnsim
