// The gnuplot script of a performance profile (Dolan & More 2002): one step curve per variant.
#pragma once

#include <string>
#include <vector>

namespace mpnsim {

// One step curve per variant from `csv` (tau, then one column per variant, `rows` rows below its
// header) on a linear tau axis from 1 to `max_tau`; `variants` are the legend's names (a variant's
// short name: experiments/config/variant_name). Variant `best` (the most wins) is drawn solid
// and thick, the others thinner and dashed; each has its own colour and marks (curve_style), so
// that twelve variants, or grey-scale print, still read. The legend stands outside the plot, on
// its right, with its own width: the plot keeps its size whatever the names.
std::string profile_script(const std::string& stem, const std::string& csv, const std::string& metric,
                           const std::vector<std::string>& variants, const std::string& by, double max_tau,
                           std::size_t best, std::size_t rows = 0);

}  // namespace mpnsim
