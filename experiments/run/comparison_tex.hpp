// comparison.tex: a booktabs LaTeX table per metric and group, to paste into a paper.
#pragma once

#include <string>
#include <vector>

#include "experiments/run/comparison_result.hpp"

namespace mpnsim {

// A LaTeX document fragment: one `table` per result, with a booktabs `tabular` of the variants'
// mean ± 95 % interval, mean rank, wins/ties/losses and (with a control) the Holm-adjusted p
// against it; the best mean, the best mean rank and the most wins in bold. Every name and value
// from the input goes through latex_text. Needs \usepackage{booktabs} in the preamble.
std::string comparison_tex(const std::string& experiment, const std::string& by, const std::vector<std::string>& group_keys,
                           const std::vector<std::string>& variants, const std::string& control,
                           const std::vector<GroupResult>& results);

}  // namespace mpnsim
