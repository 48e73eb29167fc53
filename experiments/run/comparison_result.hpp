// What one comparison found for one metric in one group of runs: the tables its files are written from.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "experiments/analysis/control_comparison.hpp"
#include "experiments/analysis/friedman_test.hpp"
#include "experiments/analysis/paired_comparison.hpp"

namespace mpnsim {

struct GroupResult {
  std::string metric;
  Better better = Better::lower;
  std::vector<std::string> group;  // the values of the group keys (swept keys neither `by` nor `over`)
  std::size_t instances = 0;
  Comparison comparison;                     // per variant and per pair
  FriedmanTest friedman;                     // mean ranks and the omnibus test
  double nemenyi_cd = 0;                     // critical difference of mean ranks at 0.05
  std::vector<ControlComparison> vs_control;  // empty without `control:`
};

}  // namespace mpnsim
