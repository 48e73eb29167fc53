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

}  // namespace mpnsim
