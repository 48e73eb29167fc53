// The input of every paired comparison: one metric's values[instance][variant], checked complete.
#pragma once

#include <vector>

namespace mpnsim {

// values[i][v] is variant v's value of one metric on instance i. An instance is one set of runs
// that differ only in the variant, so the matrix must be complete: every row has one value per
// variant and every value is finite.
using ValueMatrix = std::vector<std::vector<double>>;

// Throws std::invalid_argument, naming the instance and variant, when the matrix has no
// instance, no variant, rows of different lengths, or a NaN or infinite value. Missing runs are
// refused rather than dropped: dropping one variant's run would unpair the instance for all.
void check_value_matrix(const ValueMatrix& values);

}  // namespace mpnsim
