// The numbers of a bar or box plot, computed from an experiment's records: per category and series.
#pragma once

#include <vector>

#include "experiments/output/category_plot.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

// The values of `plot.y` grouped by the value of `plot.x` (the categories, in the order the runs
// first give them) and of `plot.series` (side by side), over every row of every run: the
// repetitions, and the points that differ in keys the plot does not show. A swept key's values
// are named as legends name variants (VariantNames: a label, or heft/contention, never a mapping's
// YAML). Each cell gets the mean and its 95 % Student-t interval, and the box of its values. Rows
// without a finite number in y are left out, as a line plot leaves them out.
CategoryPlotData category_data(const ExperimentSpec& spec, const PlotSpec& plot, const std::vector<RunRecord>& records);

}  // namespace mpnsim
