// The one place where online policies are registered by name.
#include "schedulers/online/online_policies.hpp"

#include <stdexcept>

#include "schedulers/dag/comm_model.hpp"
#include "schedulers/registry.hpp"

namespace mpnsim {

namespace {

OnlinePolicyEntry with_comm_params(OnlinePolicyEntry e) {
  for (const ParamSpec& p : comm_params()) e.params.push_back(p);
  return e;
}

// A deque: registering a policy leaves the entries a set-up points to where they are.
std::deque<OnlinePolicyEntry>& registry() {
  static std::deque<OnlinePolicyEntry> entries = [] {
    std::deque<OnlinePolicyEntry> v;
    for (auto& e : {fifo_policy(), online_heft_policy(), fdws_policy(), rank_hybd_policy(), owm_policy(),
                    online_min_min_policy(), online_max_min_policy()})
      v.push_back(with_comm_params(e));
    return v;
  }();
  return entries;
}

}  // namespace

const std::deque<OnlinePolicyEntry>& online_policies() { return registry(); }

void register_online_policy(OnlinePolicyEntry entry) {
  if (find_online_policy(entry.name) != nullptr)
    throw std::invalid_argument("an online policy named '" + entry.name + "' is already registered");
  registry().push_back(with_comm_params(std::move(entry)));
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
