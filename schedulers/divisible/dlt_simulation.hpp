// Plays a divisible-load plan on the engine and compares it with the analytic finish time.
#pragma once

#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

struct DltCheck {
  double T_simulated = 0;           // latest finish among participating processors (with
                                    // solution.compute_end: the end of the last record)
  double max_rel_diff = 0;          // max over participating |finish - T| / T (with
                                    // solution.compute_end: |finish - its end| / T, and the
                                    // last record's end against T)
  std::vector<double> finish;       // simulated finish per processor of the plan's machine
  Timeline timeline;
  TimelineStats stats;
};

DltCheck simulate(const DltSolution& solution);

// The same check's figures, for a caller that needs nothing else (the `dlt` command without
// timeline files): T_simulated, max_rel_diff, finish, and of the stats makespan, messages and
// hops, with the same values; no timeline and no per-processor statistics are kept. When the
// plan is played on its own links, the whole link list of solution.plan_machine is given back
// before the play, which keeps its processors and ports (a d = 20 hypercube's list is 10.5 M
// links, 335 MB).
DltCheck simulate_figures(DltSolution& solution);

}  // namespace mpnsim
