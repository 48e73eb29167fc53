// Strategy look-up and applicability checks shared by the YAML kind and the dlt command.
#include "experiments/kinds/divisible/divisible_setup.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"

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

void check_divisible_numbers(const YamlSource& src, const YAML::Node& machine, const std::string& path,
                             const MachineSpec& spec, const YAML::Node& load_node, const std::string& load_key,
                             double load) {
  for (std::size_t i = 0; i < spec.processors.size(); ++i) {
    if (spec.processors[i].w > 0) continue;
    // Where the 0 was written: the processor's own entry, else the value for every processor.
    YAML::Node at = machine;
    std::string key = path;
    if (const YAML::Node list = machine["processors"]; list && list.IsSequence())
      for (std::size_t k = 0; k < list.size(); ++k)
        if (list[k]["id"] && list[k]["w"] && list[k]["id"].as<std::string>() == std::to_string(i)) {
          at = list[k]["w"];
          key = fmt::format("{}.processors[{}].w", path, k);
        }
    if (key == path && machine["processor"] && machine["processor"]["w"]) {
      at = machine["processor"]["w"];
      key = path + ".processor.w";
    }
    src.fail(at, key,
             fmt::format("processor {} has w = 0: a divisible load needs w > 0 on every processor (one that "
                         "computes in no time would take the whole load, and the strategies' fractions are "
                         "undefined)",
                         i));
  }
  double slowest = 0;
  for (const auto& p : spec.processors) slowest = std::max(slowest, p.w * spec.Tcp);
  for (const auto& l : spec.links) slowest = std::max(slowest, l.z * spec.Tcm);
  if (load * slowest > kMaxDivisibleTime)
    src.fail(load_node, load_key,
             fmt::format("load {:g} at up to {:g} per unit (w*Tcp or z*Tcm) takes {:g}: expected at most {:g} "
                         "(the times would overflow); scale the load or the machine down",
                         load, slowest, load * slowest, kMaxDivisibleTime));
}

namespace {

// Peak bytes per node and per link of `mpnsim dlt` (topology, machine, solution, plan and
// timeline alive together), fitted to peak RSS: generic on the 22-cube (4.2 M processors,
// 46 M links) 8.5 GB; mesh on a 3000 x 3000 mesh (9 M, 18 M) 7.5 GB; hypercube-nlf on the
// 16- and 20-cubes 51 MB and 0.70 GB, which the others' rate covers with some room.
struct MemoryRate {
  double per_node;
  double per_link;
};

MemoryRate memory_rate(const std::string& strategy) {
  if (strategy == "generic") return {200, 170};
  if (strategy == "mesh") return {600, 120};
  return {150, 80};
}

}  // namespace

double divisible_memory_estimate(const std::string& strategy, double nodes, double links) {
  const MemoryRate r = memory_rate(strategy);
  return r.per_node * nodes + r.per_link * links;
}

void check_divisible_memory(const YamlSource& src, const YAML::Node& at, const std::string& key,
                            const std::string& strategy, const std::string& network, TopologySize size) {
  const double nodes = static_cast<double>(size.nodes), links = static_cast<double>(size.links);
  const double bytes = divisible_memory_estimate(strategy, nodes, links);
  if (bytes <= kMaxEstimatedBytes) return;
  const MemoryRate r = memory_rate(strategy);
  src.fail(at, key,
           fmt::format("strategy '{}' on {} ({:.0f} processors, {:.0f} links) would take about {} of memory "
                       "(about {:.0f} bytes a processor and {:.0f} a link); at most {} is allowed: a smaller "
                       "network",
                       strategy, network, nodes, links, bytes_text(bytes), r.per_node, r.per_link,
                       bytes_text(kMaxEstimatedBytes)));
}

void check_divisible_solution(const YamlSource& src, const YAML::Node& at, const std::string& key,
                              const DltSolution& solution) {
  auto finite = [](double x) { return std::isfinite(x); };
  if (finite(solution.T) && finite(solution.T1) && std::all_of(solution.alpha.begin(), solution.alpha.end(), finite))
    return;
  src.fail(at, key,
           fmt::format("strategy '{}' finds a finish time of {} on this machine: not a finite number (the "
                       "machine's times and the load are too far apart for double precision); scale them "
                       "toward 1",
                       solution.strategy, solution.T));
}

}  // namespace mpnsim
