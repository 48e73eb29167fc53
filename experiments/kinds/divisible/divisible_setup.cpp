// Strategy look-up and applicability checks shared by the YAML kind and the dlt command.
#include "experiments/kinds/divisible/divisible_setup.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mpnsim {

const DivisibleStrategyEntry& find_strategy_or_fail(const YamlSource& src, const YAML::Node& at,
                                                    const std::string& key, const std::string& name) {
  if (const DivisibleStrategyEntry* e = find_divisible_strategy(name)) return *e;
  std::vector<std::string> names;
  for (const auto& e : divisible_strategies()) names.push_back(e.name);
  const std::string near = nearest_name(name, names);
  src.fail(at, key,
           fmt::format("unknown strategy '{}'{}; expected one of: {}", name,
                       near.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", near),
                       fmt::join(names, ", ")));
}

void check_strategy_topology(const YamlSource& src, const YAML::Node& at, const std::string& key,
                             const DivisibleStrategyEntry& strategy, const Topology& topology) {
  const auto& ok = strategy.topologies;
  if (ok.empty() || std::find(ok.begin(), ok.end(), topology.kind()) != ok.end()) return;
  src.fail(at, key,
           fmt::format("strategy '{}' is defined on {} networks, not on {} (the 'generic' strategy "
                       "works on any network)", strategy.name, fmt::join(ok, ", "), topology.name()));
}

}  // namespace mpnsim
