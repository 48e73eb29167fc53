// Divisible-load strategies: analytic fractions and finish time, and the plan that realises them (SPEC §3).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/machine_spec.hpp"
#include "sim/parameters.hpp"
#include "sim/plan.hpp"
#include "topologies/topology.hpp"

namespace mpnsim {

// What a strategy is asked to distribute, and over what.
struct DltInput {
  const Topology& topology;
  const MachineSpec& machine;  // per-processor w, co-processor, ports; per-link z, S; Tcp, Tcm
  double load = 1.0;           // V, in load units
  int source = 0;              // the originator, holding the whole load at time 0
  const ParamSet& params;      // the strategy's own declared parameters
  // The caller's `machine` itself, when the caller needs it no more: a strategy
  // whose plan machine is the input machine may move it from here instead of
  // copying it (a d = 20 hypercube's links are 335 MB). Left empty then.
  MachineSpec* machine_to_take = nullptr;
  // False: the source only distributes and takes no share (DLT's non-computing centre,
  // `compute: false` in a machine file). Only the star strategies with a linear program
  // honour it; the callers refuse it for the others.
  bool source_computes = true;
  // The caller's `topology` itself, when the caller reads nothing of it but its name and size
  // after the solve: a strategy that has checked the network may replace it with a network of
  // the same name and size without links, before it builds its plan (a d = 20 hypercube's links
  // and neighbour lists are about 200 MB, and were held beside the machine and the plan at the
  // `dlt` command's peak).
  Topology* topology_to_free = nullptr;
};

// `alpha`, `participating` and the plan are indexed by the processors of
// `plan_machine`, so that the simulated finish of each can be compared with T.
struct DltSolution {
  std::string strategy;
  // Load of each processor (sums to V); 0 for processors that do not take part.
  std::vector<double> alpha;
  std::vector<bool> participating;
  // Per-processor load of each layer, for layered strategies (layer 0 = the originator).
  std::vector<double> alpha_layer;
  // Processors in each layer (parallel to alpha_layer; empty when not given).
  std::vector<double> layer_size;
  // Analytic finish time: every participating processor stops computing at T.
  double T = 0;
  // When processors stop computing before T (results still travel back to the source
  // after it, as in star-sequential's result collection): each processor's analytic end of
  // computing, and T is then the end of the last message. Empty: every participant ends at T.
  std::vector<double> compute_end;
  // Time for the originator alone (V * w_source * Tcp): speedup = T1 / T.
  double T1 = 0;
  // The distribution plan and the machine it is played on. This is the input
  // machine, except for strategies whose model is an abstraction of a network
  // (mesh-layered plays on the chain of equivalent layers it describes).
  Plan plan;
  MachineSpec plan_machine;
  std::optional<int> best_dim;          // dimension with the best speedup (hypercube strategies)
  std::optional<int> max_feasible_dim;  // largest dimension with every alpha >= 0
  // Further figures a strategy reports (alpha_hat_inf, the mesh bound's gap, ...).
  std::vector<std::pair<std::string, double>> figures;
  // Plain sentences on what was done: processors left out, dimensions reduced, model caveats.
  std::vector<std::string> notes;

  int participating_count() const;
  double speedup() const { return T > 0 ? T1 / T : 0; }
  double utilization() const;  // speedup / participating processors
};

}  // namespace mpnsim
