// A divisible-load strategy solved and simulated, and its report (JSON, table, CSV rows).
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "experiments/kinds/experiment_kind.hpp"
#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

struct DivisibleResult {
  std::string network;  // the input topology's name
  DltSolution solution;
  DltCheck check;
  double load = 1.0;    // V: alpha is reported as a fraction of it, amount as load units
};

// Solves with the strategy and plays the plan on the engine. Throws
// std::invalid_argument when the input does not fit the strategy.
DivisibleResult solve_and_simulate(const DivisibleStrategyEntry& strategy, const DltInput& input);
// The first half: the solution alone (`check` left empty), for a caller that frees the input
// before it plays the plan.
DivisibleResult solve_divisible(const DivisibleStrategyEntry& strategy, const DltInput& input);

// Keys: strategy, network, load, processors, participating, alpha (fractions of the load),
// amount (load units), alpha_layer, amount_layer, T_analytic, T_simulated, max_rel_diff,
// speedup, utilization, best_dim, max_feasible_dim, figures, notes.
nlohmann::ordered_json divisible_json(const DivisibleResult& r);
// The same JSON, as `out << std::setw(2) << divisible_json(r)` writes it, with the per-processor
// arrays streamed (the `dlt` command: 2^20 processors make three arrays of 2^20 numbers).
void write_divisible_json(const DivisibleResult& r, std::ostream& out);
// A human-readable table of the same.
std::string divisible_table(const DivisibleResult& r);

// The summary row of an experiment point.
MetricRow divisible_metrics(const DivisibleResult& r);
// One row per layer (layer, alpha_layer, amount_layer, ...) or per processor (processor,
// alpha, amount, finish); alpha is a fraction of the load, amount in load units.
std::vector<MetricRow> divisible_layer_rows(const DivisibleResult& r);
std::vector<MetricRow> divisible_processor_rows(const DivisibleResult& r);

// When the strategy leaves processors out (a hypercube reduced to a sub-cube, a subtree not
// worth its startup): "2 of 4096 processors take part: dimension reduced from 12 to 1 ..."
// (without `why`, only how many take part: for a Gantt chart); empty when every processor takes part.
std::string divisible_reduction(const DltSolution& s, bool why = true);

}  // namespace mpnsim
