// What drawing a plot would cost gnuplot, estimated from its curves and the rows of results.csv.
#pragma once

#include <cstdint>
#include <string>

#include "experiments/config/experiment_spec.hpp"

namespace mpnsim {

// The script picks each curve's rows by reading the whole of results.csv once per curve, so
// gnuplot's work is curves x rows: measured here at about 7 us a row read (3000 curves of 3000
// rows: 65 s). Past either limit a plot is refused.
inline constexpr double kPlotSecondsPerRowRead = 7.2e-6;
inline constexpr double kMaxPlotSeconds = 60;
// Past this a legend is a wall of names and the curves one blot, whatever the time.
inline constexpr std::uint64_t kMaxPlotCurves = 1000;

// At most how many curves a plot with series column `series` has: the number of values the
// sweep gives that key (summed over the blocks; a block that does not sweep it gives one), or
// 0 when the series is no swept key (its values come from the results: unknown before them).
std::uint64_t swept_curve_count(const ExperimentSpec& spec, const std::string& series);

// "" when a plot of `curves` curves over `rows` rows is within the limits; otherwise why not,
// with the estimate and what to do instead.
std::string plot_cost_problem(std::uint64_t curves, double rows, const std::string& series);

}  // namespace mpnsim
