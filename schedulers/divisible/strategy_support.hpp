// Small helpers shared by divisible-load strategies (machine adjustments, link lookup).
#pragma once

#include "sim/machine_spec.hpp"

namespace mpnsim {

// A copy of `m` with every communication time multiplied by 1 + beta: seed 004
// §2 folds the return of results (beta times the data received) into the cost
// of each transmission.
MachineSpec with_result_return(const MachineSpec& m, double beta);

// Sets processor p's send ports (1 = one-port, kAllPorts = all-port).
void set_send_ports(MachineSpec& m, int p, int ports);

// The link between a and b; throws std::invalid_argument if there is none.
const LinkSpec& link_between(const MachineSpec& m, int a, int b);

// True when every processor has the same w and every link the same z and S.
bool is_homogeneous(const MachineSpec& m);

}  // namespace mpnsim
