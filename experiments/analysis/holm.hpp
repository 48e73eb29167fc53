// Holm's step-down correction of p-values for multiple comparisons.
#pragma once

#include <span>
#include <vector>

namespace mpnsim {

// Holm (1979), "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6:65-70.
// With the m p-values sorted p(1) <= ... <= p(m), the adjusted p(k) is
// max over j <= k of min(1, (m - j + 1) p(j)): monotone in the order of the raw p-values and
// capped at 1. Results are in the order of the input. Equal p-values get equal adjusted values.
// Throws std::invalid_argument on a p-value outside [0, 1] (NaN included).
std::vector<double> holm_adjust(std::span<const double> p_values);

}  // namespace mpnsim
