// Line plots rendered by gnuplot from results.csv; the script is kept beside the plot.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "experiments/config/experiment_spec.hpp"

namespace mpnsim {

// One curve: the series value and the points (CSV column `point`) whose rows carry it, and its
// title in the legend when that is not the value (a variant's name: experiments/config/variant_name).
struct PlotSeries {
  std::string value;
  std::vector<std::size_t> points;
  std::string title = {};
};

// The gnuplot script that draws `plot` from `csv_name` (in the same directory)
// into <plot.name>.png and <plot.name>.svg; one curve per series (in
// first-appearance order), repetitions averaged per x. Rows are picked by the
// series column's text, or by point number when the text holds a comma, a
// quote or a control character (gnuplot's strcol does not read quoted CSV fields, and the
// CSV shows control characters as \xHH text, as the curves' titles do). Each curve has its
// own colour, dash and point type (curve_style), earlier ones wider, so that coinciding curves
// stay visible. With plot.errorbars, each x gets a bar of the mean of <y>_ci95.
// A non-empty `note` is a second line under the title: what a reader must know before
// reading the curves (a strategy that left processors out at some points).
//
// When results.csv has no <y>_ci95 column, the caller computes the intervals over the rows
// of each curve that share an x (the repetitions) and passes them as `intervals`, one list per
// curve in the order of `series` (one list when there is no series column): the script then
// draws those means and bars as written, to the last digit.
struct PlotInterval {
  double x = 0, mean = 0, ci95 = 0;  // ci95 0 where one row gives the mean: no bar
};
std::string gnuplot_script(const PlotSpec& plot, const std::string& csv_name,
                           const std::vector<PlotSeries>& series, const std::string& note = "",
                           const std::vector<std::vector<PlotInterval>>* intervals = nullptr);

// `s` as a gnuplot double-quoted string literal that reads back as `s`, whatever it holds:
// quote and backslash escaped; control characters (line breaks above all, which would end the
// command), backquotes (which gnuplot would run as a shell command) and '@', '$' written as
// octal escapes. Every text of a script goes through it.
std::string gnuplot_string(const std::string& s);

// `s` with each control character written as results.csv writes it, \xHH text
// (CsvWriter::escape): how legends and tick labels show a value read from the file.
std::string shown_as_in_csv(const std::string& s);

// True when a gnuplot executable is on PATH.
bool gnuplot_available();

// Runs gnuplot on `script_name` inside `dir`. Returns false (with the reason in
// `error`) when gnuplot fails.
bool run_gnuplot(const std::filesystem::path& dir, const std::string& script_name, std::string& error);

}  // namespace mpnsim
