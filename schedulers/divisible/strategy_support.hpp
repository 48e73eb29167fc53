// Small helpers shared by divisible-load strategies (machine adjustments, link lookup).
#pragma once

#include "schedulers/divisible/equal_finish_solver.hpp"
#include "sim/machine_spec.hpp"
#include "sim/parameters.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

// A copy of `m` with every communication time multiplied by 1 + beta: seed 004
// §2 folds the return of results (beta times the data received) into the cost
// of each transmission.
MachineSpec with_result_return(const MachineSpec& m, double beta);

// Sets processor p's send ports (1 = one-port, kAllPorts = all-port).
void set_send_ports(MachineSpec& m, int p, int ports);

// The link between a and b; throws std::invalid_argument if there is none.
const LinkSpec& link_between(const MachineSpec& m, int a, int b);

// The `participation` parameter of strategies built on the equal-finish solver: `optimal`
// (the best participating set for the send order) or `negative-only` (every processor
// unless its share comes out negative: the reading before issue #25).
ParamSpec participation_param();
ParticipationRule participation_rule(const ParamSet& params);

// The `results` (none, fifo, lifo, best) and `delta` (result units per load unit)
// parameters of the star strategies that collect results.
std::vector<ParamSpec> results_params();
// The return rule's name, after refusing a delta given without results (it would be ignored).
std::string results_choice(const ParamSet& params);

// Throws std::invalid_argument unless every processor but `centre` is linked to it.
void require_star_around(const Topology& t, int centre);
// The children of the centre in send order: by index, or by increasing z of their link
// (ties by index) with `fastest_link`.
std::vector<int> star_send_order(const Topology& t, const MachineSpec& m, int centre, bool fastest_link);

// True when every processor has the same w and every link the same z and S.
bool is_homogeneous(const MachineSpec& m);

}  // namespace mpnsim
