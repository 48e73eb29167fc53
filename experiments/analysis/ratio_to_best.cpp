// Ratios to the best variant per instance, with the zero and tie conventions of the header.
#include "experiments/analysis/ratio_to_best.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <stdexcept>
#include <string>

namespace mpnsim {

double ratio_to_best(Better better, double value, double best) {
  assert(value >= 0 && best >= 0);
  // Checked first so a value within tolerance of the best scores exactly 1 and counts at tau = 1
  // in a performance profile, like the `best` column counts it.
  if (values_tied(value, best)) return 1.0;
  const double worse = better == Better::lower ? value : best;
  const double better_one = better == Better::lower ? best : value;
  if (better_one == 0) return std::numeric_limits<double>::infinity();
  return worse / better_one;
}

double best_value(Better better, std::span<const double> row) {
  assert(!row.empty());
  return better == Better::lower ? *std::min_element(row.begin(), row.end())
                                 : *std::max_element(row.begin(), row.end());
}

bool ratios_defined(const ValueMatrix& values) {
  for (const auto& row : values)
    for (double v : row)
      if (v < 0) return false;
  return true;
}

ValueMatrix ratios_to_best(Better better, const ValueMatrix& values) {
  check_value_matrix(values);
  ValueMatrix ratios(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& row = values[i];
    for (std::size_t v = 0; v < row.size(); ++v) {
      if (row[v] < 0) {
        throw std::invalid_argument("ratio to best: instance " + std::to_string(i) + ", variant " +
                                    std::to_string(v) + " is negative (" + std::to_string(row[v]) +
                                    "); ratios need a metric whose values are >= 0");
      }
    }
    const double best = best_value(better, row);
    ratios[i].reserve(row.size());
    for (double v : row) ratios[i].push_back(ratio_to_best(better, v, best));
  }
  return ratios;
}

}  // namespace mpnsim
