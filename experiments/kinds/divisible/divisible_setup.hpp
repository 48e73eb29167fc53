// Reading a divisible-load set-up (strategy and its parameters, load, source) from YAML.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "experiments/config/machine_config.hpp"
#include "experiments/config/yaml_source.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

struct DivisibleSetup {
  MachineConfig machine;
  const DivisibleStrategyEntry* strategy = nullptr;
  ParamSet params;
  double load = 1.0;
  int source = 0;
};

// The strategy entry called `name`, or an InputError at `at` listing the valid names.
const DivisibleStrategyEntry& find_strategy_or_fail(const YamlSource& src, const YAML::Node& at,
                                                    const std::string& key, const std::string& name);

// Checks that the strategy applies to the topology family (InputError at `at` otherwise).
void check_strategy_topology(const YamlSource& src, const YAML::Node& at, const std::string& key,
                             const DivisibleStrategyEntry& strategy, const Topology& topology);

// The number rules of a divisible load beyond the machine's own (machine_config.hpp), shared
// by the YAML kind and the dlt command so that validate refuses what a run would: every
// processor computes (w > 0: one that computes in no time leaves the strategies' fractions
// undefined), the load times the slowest time per unit stays below kMaxDivisibleTime, and every
// processor's w*Tcp*load is at least kMinDivisibleTime (issue #40: w = 1e-300 or load = 1e-300
// reached an internal consistency check). InputError at the key: processors[i].w or
// processor.w of `machine` (path `path`), or `load`.
inline constexpr double kMaxDivisibleTime = 1e300;
inline constexpr double kMinDivisibleTime = 1e-150;
void check_divisible_numbers(const YamlSource& src, const YAML::Node& machine, const std::string& path,
                             const MachineSpec& spec, const YAML::Node& load_node, const std::string& load_key,
                             double load);

// Bytes `strategy` takes at peak to solve and play a load on a network of `nodes` and `links`
// (measured; see the .cpp), and the refusal (InputError at `key`, with the estimate) when that
// is above kMaxEstimatedBytes (config/work_limits.hpp).
double divisible_memory_estimate(const std::string& strategy, double nodes, double links);
void check_divisible_memory(const YamlSource& src, const YAML::Node& at, const std::string& key,
                            const std::string& strategy, const std::string& network, TopologySize size);

// The star strategies' linear programs (star-multi-installment, star-sequential with results)
// estimated before solving (schedulers/divisible/star_lp_estimate.hpp): "" when they fit
// kMaxEstimatedSteps and kMaxEstimatedBytes, else the refusal with the estimate, and in
// `param` the parameter it grows with ("installments" or "results").
std::string divisible_lp_problem(const DivisibleStrategyEntry& strategy, const ParamSet& params,
                                 const MachineSpec& spec, int source, std::string& param);

// `compute: false` on entries of a machine's `processors:` list: DLT's non-computing centre.
// strip_compute_flags gives the machine node without those keys, for read_machine (a new node
// only when there are some; every other entry and value is the same node, with its line
// marks), and collects them. source_computes refuses (InputError at the key) a processor other
// than the source that does not compute, or a strategy that does not honour it (only
// star-multi-installment and star-sequential do: their programs drop the centre's share).
struct NonComputing {
  long id = -1;
  YAML::Node at;
  std::string key;
};
YAML::Node strip_compute_flags(const YamlSource& src, const YAML::Node& machine, const std::string& path,
                               std::vector<NonComputing>& flags);
bool source_computes(const YamlSource& src, const std::vector<NonComputing>& flags,
                     const DivisibleStrategyEntry& strategy, int source);

// A solution with a finish time or a load that is not a finite number is refused (InputError
// at `key`), before anything is simulated or drawn.
void check_divisible_solution(const YamlSource& src, const YAML::Node& at, const std::string& key,
                              const DltSolution& solution);

}  // namespace mpnsim
