// Ranks of the variants within each instance, 1 for the best, tied values sharing their mid-rank.
#pragma once

#include <span>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"
#include "experiments/analysis/value_matrix.hpp"

namespace mpnsim {

// The rank of each value of one instance's row: 1 for the best value in direction `better`, k
// for the worst. Values tied within the project tolerance (values_tied) share the mean of the
// ranks they cover (mid-ranks: two values tied for best both get 1.5), so every row's ranks sum
// to k(k+1)/2. A tie group holds the values tied with its best member, so it cannot drift along a
// chain of values each within the tolerance of the next. Results are in the order of `row`.
std::vector<double> mid_ranks(Better better, std::span<const double> row);

// ranks[i][v] = mid_ranks of instance i's row; checks the matrix (check_value_matrix).
ValueMatrix rank_matrix(Better better, const ValueMatrix& values);

// The mean over the instances of each variant's rank (Demšar 2006, §3.2.2: R_j).
std::vector<double> mean_ranks(const ValueMatrix& ranks);

}  // namespace mpnsim
