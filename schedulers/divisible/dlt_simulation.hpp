// Plays a divisible-load plan on the engine and compares it with the analytic finish time.
#pragma once

#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

struct DltCheck {
  double T_simulated = 0;           // latest finish among participating processors
  double max_rel_diff = 0;          // max over participating |finish - T| / T
  std::vector<double> finish;       // simulated finish per processor of the plan's machine
  Timeline timeline;
  TimelineStats stats;
};

DltCheck simulate(const DltSolution& solution);

}  // namespace mpnsim
