// The frame every player's main shares (bench/play_plan, bench/play_dag, simgrid_scatter,
// simgrid_dag): timed phases, the result file with the process's peak, errors as exit code 1.
#pragma once

#include <functional>

#include "bench/simgrid/plan_file.hpp"

namespace mpnsim::bench {

// Runs `play` (it reads its input and plays it, timing its phases on the clock), writes what it
// returns to `result_path` and then the process's peak RSS. An exception is printed as
// "NAME: what" on stderr and gives exit code 1; otherwise 0. Usage errors stay with the caller.
int run_player(const char* name, const char* result_path, const std::function<PlayResult(PhaseClock&)>& play);

}  // namespace mpnsim::bench
