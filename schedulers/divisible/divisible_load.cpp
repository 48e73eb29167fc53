// Derived figures of a divisible-load solution.
#include "schedulers/divisible/divisible_load.hpp"

#include <algorithm>

namespace mpnsim {

int DltSolution::participating_count() const {
  return static_cast<int>(std::count(participating.begin(), participating.end(), true));
}

double DltSolution::utilization() const {
  const int n = participating_count();
  return n > 0 ? speedup() / n : 0;
}

}  // namespace mpnsim
