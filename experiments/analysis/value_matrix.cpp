// Checks that a values[instance][variant] matrix is complete enough to pair variants on.
#include "experiments/analysis/value_matrix.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mpnsim {

void check_value_matrix(const ValueMatrix& values) {
  if (values.empty()) throw std::invalid_argument("comparison: no instance to compare variants on");
  const std::size_t variants = values.front().size();
  if (variants == 0) throw std::invalid_argument("comparison: no variant to compare");
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i].size() != variants) {
      throw std::invalid_argument("comparison: instance " + std::to_string(i) + " has " +
                                  std::to_string(values[i].size()) + " values, expected one per variant (" +
                                  std::to_string(variants) + ")");
    }
    for (std::size_t v = 0; v < variants; ++v) {
      if (!std::isfinite(values[i][v])) {
        throw std::invalid_argument("comparison: instance " + std::to_string(i) + ", variant " +
                                    std::to_string(v) + " has no finite value (" + std::to_string(values[i][v]) +
                                    "); every variant must be measured on every instance");
      }
    }
  }
}

}  // namespace mpnsim
