// Strategy look-up and applicability checks shared by the YAML kind and the dlt command.
#include "experiments/kinds/divisible/divisible_setup.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"
#include "schedulers/divisible/star_lp_estimate.hpp"

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
  // Where processor i's w was written: its own entry, else the value for every processor.
  auto w_at = [&](std::size_t i) {
    std::pair<YAML::Node, std::string> at{machine, path};
    if (const YAML::Node list = machine["processors"]; list && list.IsSequence())
      for (std::size_t k = 0; k < list.size(); ++k)
        if (list[k]["id"] && list[k]["w"] && list[k]["id"].as<std::string>() == std::to_string(i))
          at = {list[k]["w"], fmt::format("{}.processors[{}].w", path, k)};
    if (at.second == path && machine["processor"] && machine["processor"]["w"])
      at = {machine["processor"]["w"], path + ".processor.w"};
    return at;
  };
  for (std::size_t i = 0; i < spec.processors.size(); ++i) {
    if (spec.processors[i].w > 0) continue;
    const auto [at, key] = w_at(i);
    src.fail(at, key,
             fmt::format("processor {} has w = 0: a divisible load needs w > 0 on every processor (one that "
                         "computes in no time would take the whole load, and the strategies' fractions are "
                         "undefined)",
                         i));
  }
  double slowest = 0, slowest_cpu = 0;
  for (const auto& p : spec.processors) slowest_cpu = std::max(slowest_cpu, p.w * spec.Tcp);
  slowest = slowest_cpu;
  for (const auto& l : spec.links) slowest = std::max(slowest, l.z * spec.Tcm);
  if (load * slowest > kMaxDivisibleTime)
    src.fail(load_node, load_key,
             fmt::format("load {:g} at up to {:g} per unit (w*Tcp or z*Tcm) takes {:g}: expected at most {:g} "
                         "(the times would overflow); scale the load or the machine down",
                         load, slowest, load * slowest, kMaxDivisibleTime));
  // Too small is refused as well: the fractions and times of such a load fall toward the
  // denormal range, where they lose the precision that the check against the engine needs.
  if (load * slowest_cpu < kMinDivisibleTime && slowest_cpu * std::max(load, 1.0) >= kMinDivisibleTime)
    src.fail(load_node, load_key,
             fmt::format("load {:g} takes {:g} on the slowest processor (w*Tcp = {:g}): expected at least {:g} "
                         "(times this small lose their precision); scale the load or the machine up",
                         load, load * slowest_cpu, slowest_cpu, kMinDivisibleTime));
  for (std::size_t i = 0; i < spec.processors.size(); ++i) {
    const double t = spec.processors[i].w * spec.Tcp * load;
    if (t >= kMinDivisibleTime) continue;
    const auto [at, key] = w_at(i);
    src.fail(at, key,
             fmt::format("processor {} computes the load {:g} in w*Tcp*load = {:g}: expected at least {:g} (times "
                         "this small lose their precision; a processor that much faster than the rest would take "
                         "the whole load); scale w up",
                         i, load, t, kMinDivisibleTime));
  }
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

namespace {
// The time of one step of kMaxEstimatedSteps (config/work_limits.hpp: 10^8 a second).
constexpr double kStepsPerSecond = 1e8;
}  // namespace

std::string divisible_lp_problem(const DivisibleStrategyEntry& strategy, const ParamSet& params,
                                 const MachineSpec& spec, int source, std::string& param) {
  bool startups = false;
  for (const auto& l : spec.links) startups = startups || ((l.a == source || l.b == source) && l.startup > 0);
  const StarLpWork w = star_lp_work(strategy.name, params, spec.size() - 1, startups);
  const double steps = w.seconds() * kStepsPerSecond;
  if (w.programs == 0 || (steps <= kMaxEstimatedSteps && w.bytes <= kMaxEstimatedBytes)) return "";
  param = w.driver;
  const bool search = w.driver == "results";
  return fmt::format(
      "{} would solve {}{:.3g} linear program(s) of {:.0f} messages ({} workers x {} installments, about {:.3g} "
      "non-zeros), about {:.3g} s and {} each: about {:.3g} s in all{}; at most {:.0f} s and {} are allowed: {}",
      strategy.name, search ? "at worst " : "", w.programs, w.messages, spec.size() - 1,
      w.messages / std::max(1, spec.size() - 1), w.nonzeros, w.seconds_each, bytes_text(w.bytes), w.seconds(),
      search ? " (the branch and bound over return orders of results: best, in its worst case)" : "",
      kMaxEstimatedSteps / kStepsPerSecond, bytes_text(kMaxEstimatedBytes),
      search ? "results fifo or lifo, fewer workers or fewer installments" : "fewer installments or workers");
}

YAML::Node strip_compute_flags(const YamlSource& src, const YAML::Node& machine, const std::string& path,
                               std::vector<NonComputing>& flags) {
  const YAML::Node list = machine.IsMap() ? machine["processors"] : YAML::Node();
  if (!list || !list.IsSequence()) return machine;
  bool any = false;
  for (std::size_t k = 0; k < list.size(); ++k) any = any || (list[k].IsMap() && list[k]["compute"]);
  if (!any) return machine;
  YAML::Node out(YAML::NodeType::Map), entries(YAML::NodeType::Sequence);
  for (auto kv : machine) out[kv.first.Scalar()] = kv.second;
  const ParamSpec spec{"compute", ParamType::boolean, "true", "", 0, 0, {}};
  for (std::size_t k = 0; k < list.size(); ++k) {
    const YAML::Node e = list[k];
    if (!e.IsMap() || !e["compute"]) {
      entries.push_back(e);
      continue;
    }
    const std::string key = fmt::format("{}.processors[{}].compute", path, k);
    const bool computes = std::get<bool>(src.param(e["compute"], key, spec));
    long id = -1;
    if (e["id"] && e["id"].IsScalar()) {
      try {
        id = e["id"].as<long>();
      } catch (const YAML::Exception&) {
      }
    }
    if (!computes) flags.push_back({id, e["compute"], key});
    YAML::Node copy(YAML::NodeType::Map);
    for (auto kv : e)
      if (kv.first.Scalar() != "compute") copy[kv.first.Scalar()] = kv.second;
    entries.push_back(copy);
  }
  out["processors"] = entries;
  return out;
}

bool source_computes(const YamlSource& src, const std::vector<NonComputing>& flags,
                     const DivisibleStrategyEntry& strategy, int source) {
  for (const NonComputing& f : flags) {
    if (strategy.name != "star-multi-installment" && strategy.name != "star-sequential")
      src.fail(f.at, f.key,
               fmt::format("strategy '{}' gives every processor a share: compute: false (a non-computing centre) is "
                           "honoured by star-multi-installment and star-sequential only",
                           strategy.name));
    if (f.id != source)
      src.fail(f.at, f.key,
               fmt::format("processor {} does not compute, but only the source (processor {}) may: a worker that "
                           "does not compute is one to leave out of the network",
                           f.id, source));
  }
  return flags.empty();
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
