// Bar and box plots of one value per category (a variant, a text column), rendered by gnuplot.
#pragma once

#include <string>
#include <vector>

#include "experiments/config/output_spec.hpp"

namespace mpnsim {

// What is drawn for one category and one series: computed from the rows by the caller, written
// into the script as numbers, so that gnuplot never reads a text column of results.csv.
struct CategoryCell {
  std::size_t category = 0, series = 0;
  std::size_t count = 0;  // rows; a cell without rows is not drawn
  double mean = 0;
  double ci95 = 0;  // half-width of the 95 % interval of the mean; 0 when undefined (one row): no bar
  double q1 = 0, median = 0, q3 = 0, low_whisker = 0, high_whisker = 0;
  std::vector<double> outliers;
};

struct CategoryPlotData {
  std::vector<std::string> categories;  // tick labels along x, in order
  std::vector<std::string> series;      // legend titles, side by side in each category; one "" without series
  std::vector<CategoryCell> cells;
};

// The gnuplot script of a `kind: bar` or `kind: box` plot into <plot.name>.png and .svg. Bars are
// the means from 0, with the 95 % interval of each mean as an error bar when plot.errorbars; boxes
// span the quartiles, with the median as a thick line, the mean as a cross, whiskers to the most
// extreme values within 1.5 IQR, and the values beyond as circles. Each series has its own
// colour and its own fill (solid, hatched, crosshatched: curve_style), so that grey-scale print
// still tells them apart; the legend stands outside the plot. Every text goes through gnuplot_string.
std::string category_plot_script(const PlotSpec& plot, const CategoryPlotData& data, const std::string& note = "");

}  // namespace mpnsim
