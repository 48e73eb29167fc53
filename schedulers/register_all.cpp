// The one place where divisible-load strategies are registered by name, and the listing of all schedulers.
#include "schedulers/divisible/strategies.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

const std::vector<DivisibleStrategyEntry>& divisible_strategies() {
  static const std::vector<DivisibleStrategyEntry> entries{
      hypercube_allport_strategy(), hypercube_nlf_strategy(), hypercube_llf_strategy(),
      mesh_layered_strategy(),      mesh_strategy(),          two_root_strategy(),
      star_sequential_strategy(),   star_concurrent_strategy(), chain_strategy(),
      generic_strategy(),           star_multi_installment_strategy(),
  };
  return entries;
}

const DivisibleStrategyEntry* find_divisible_strategy(const std::string& name) {
  for (const auto& e : divisible_strategies())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<SchedulerEntry> scheduler_registry() {
  std::vector<SchedulerEntry> out;
  for (const auto& e : divisible_strategies())
    out.push_back({e.name, "divisible", e.description, e.params});
  for (auto& e : tree_scheduler_listing()) out.push_back(std::move(e));
  for (auto& e : dag_scheduler_listing()) out.push_back(std::move(e));
  for (auto& e : online_policy_listing()) out.push_back(std::move(e));
  return out;
}

}  // namespace mpnsim
