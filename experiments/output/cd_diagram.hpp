// The critical-difference diagram of Demšar (2006) as a gnuplot script: mean ranks on an axis, CD bar, groups.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace mpnsim {

// A gnuplot script that draws `stem`.png and `stem`.svg: the axis of ranks 1..k (best on the
// left), each variant's mean rank marked and joined by an elbow line to its name (the better half
// on the left, the rest on the right, with the rank beside the name), the critical difference `cd`
// as a bar above the axis, and a thick bar under the axis across each group of `groups`
// (nemenyi_groups: variants no pair of which the Nemenyi test tells apart). Names go through
// gnuplot_string and are printed noenhanced, so any text shows as written. `title` heads the plot.
// Demšar, "Statistical comparisons of classifiers over multiple data sets", JMLR 7 (2006), Fig. 1.
std::string cd_diagram_script(const std::string& stem, const std::string& title, const std::vector<std::string>& names,
                              std::span<const double> mean_ranks, double cd,
                              const std::vector<std::vector<std::size_t>>& groups);

}  // namespace mpnsim
