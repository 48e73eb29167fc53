// The one place where online policies are registered by name.
#include "schedulers/online/online_policies.hpp"

#include "schedulers/dag/comm_model.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

const std::vector<OnlinePolicyEntry>& online_policies() {
  static const std::vector<OnlinePolicyEntry> entries = [] {
    std::vector<OnlinePolicyEntry> v{fifo_policy(),     online_heft_policy(),    fdws_policy(),
                                     rank_hybd_policy(), owm_policy(),           online_min_min_policy(),
                                     online_max_min_policy()};
    for (auto& e : v)
      for (const ParamSpec& p : comm_params()) e.params.push_back(p);
    return v;
  }();
  return entries;
}

const OnlinePolicyEntry* find_online_policy(const std::string& name) {
  for (const auto& e : online_policies())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<SchedulerEntry> online_policy_listing() {
  std::vector<SchedulerEntry> out;
  for (const auto& e : online_policies()) out.push_back({e.name, "online", e.description, e.params});
  return out;
}

}  // namespace mpnsim
