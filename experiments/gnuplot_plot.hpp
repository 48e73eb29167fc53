// Line plots rendered by gnuplot from results.csv; the script is kept beside the plot.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "experiments/experiment_spec.hpp"

namespace mpnsim {

// The gnuplot script that draws `plot` from `csv_name` (in the same directory)
// into <plot.name>.png and <plot.name>.svg; one curve per value of the series
// column (given in first-appearance order), repetitions averaged per x.
std::string gnuplot_script(const PlotSpec& plot, const std::string& csv_name,
                           const std::vector<std::string>& series_values);

// True when a gnuplot executable is on PATH.
bool gnuplot_available();

// Runs gnuplot on `script_name` inside `dir`. Returns false (with the reason in
// `error`) when gnuplot fails.
bool run_gnuplot(const std::filesystem::path& dir, const std::string& script_name, std::string& error);

}  // namespace mpnsim
