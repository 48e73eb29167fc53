// Plan construction, and a Plan validated and played by the plan player (sim/plan_player.hpp).
#include "sim/plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "sim/plan_player.hpp"

namespace mpnsim {

namespace {

std::uint32_t keep_name(std::vector<std::string>& names, std::string&& name) {
  if (name.empty()) return 0;
  names.push_back(std::move(name));
  return static_cast<std::uint32_t>(names.size());
}

}  // namespace

int Plan::add_compute(int processor, double amount, std::string name, DependencyList after) {
  actions.push_back(PlanAction{amount, processor, processor, keep_name(names, std::move(name)),
                               PlanAction::Op::compute, false, std::move(after)});
  return static_cast<int>(actions.size() - 1);
}

int Plan::add_send(int from, int to, double amount, std::string name, DependencyList after) {
  actions.push_back(
      PlanAction{amount, from, to, keep_name(names, std::move(name)), PlanAction::Op::send, false, std::move(after)});
  return static_cast<int>(actions.size() - 1);
}

int Plan::add_hop(int u, int v, double amount, int previous, DependencyList after) {
  DependencyList deps;
  if (previous >= 0) deps.push_back(previous);
  for (int d : after) deps.push_back(d);
  actions.push_back(PlanAction{amount, u, v, 0, PlanAction::Op::hop, previous >= 0, std::move(deps)});
  return static_cast<int>(actions.size() - 1);
}

std::uint32_t Plan::add_name(std::string name) { return keep_name(names, std::move(name)); }

std::string_view Plan::name(int i) const {
  const std::uint32_t id = actions[static_cast<std::size_t>(i)].name;
  return id == 0 ? std::string_view() : std::string_view(names[id - 1]);
}

namespace {

static_assert(sizeof(void*) != 8 || sizeof(PlanAction) == 48);  // as docs/performance.md says

// A Plan as a source of actions for the player (sim/plan_player.hpp).
struct StoredPlan {
  const Plan& plan;
  const PlanAction& at(std::size_t i) const { return plan.actions[i]; }
  std::size_t size() const { return plan.actions.size(); }
  PlanAction::Op op(std::size_t i) const { return at(i).op; }
  int processor(std::size_t i) const { return at(i).processor; }
  int to(std::size_t i) const { return at(i).to; }
  double amount(std::size_t i) const { return at(i).amount; }
  std::uint32_t name(std::size_t i) const { return at(i).name; }
  bool continues(std::size_t i) const { return at(i).continues; }
  std::span<const int> after(std::size_t i, std::vector<int>&) const {
    const DependencyList& a = at(i).after;
    return {a.begin(), a.size()};
  }
  std::string label(std::size_t i) const {
    const std::string_view name = plan.name(static_cast<int>(i));
    return name.empty() ? fmt::format("#{}", i) : std::string(name);
  }
};

using plan_player::ActionState;
using plan_player::CompiledPlan;
using plan_player::HopState;

struct Player {
  Machine& machine;
  std::vector<double>& completed;
  std::vector<ActionState> state;
  std::vector<int> dependents;
  std::vector<HopState> hops;

  void issue(int i) {
    const ActionState& st = state[static_cast<std::size_t>(i)];
    // Its completion will touch the records of its dependents, anywhere in the plan: ask for
    // them now, while it plays, so that they are in the cache by then.
    const std::uint32_t last = state[static_cast<std::size_t>(i) + 1].first;
    for (std::uint32_t k = st.first; k < last; ++k)
      __builtin_prefetch(&state[static_cast<std::size_t>(dependents[k])], 1);
    auto done = [this, i] { complete(i); };
    if (!hops.empty() && hops[static_cast<std::size_t>(i)].hop >= 0) {
      HopState& h = hops[static_cast<std::size_t>(i)];
      if (h.previous < 0) {
        h.message = machine.timeline().new_message();
        h.hop = 0;
      } else {
        h.message = hops[static_cast<std::size_t>(h.previous)].message;
        h.hop = hops[static_cast<std::size_t>(h.previous)].hop + 1;
      }
      machine.hop(st.processor, st.to, st.amount, st.tag, h.message, h.hop, done);
    } else if (st.to >= 0)
      machine.send(st.processor, st.to, st.amount, st.tag, done);
    else
      machine.compute(st.processor, st.amount, st.tag, done);
  }

  void complete(int i) {
    const ActionState& st = state[static_cast<std::size_t>(i)];
    completed[static_cast<std::size_t>(i)] = machine.engine().now();
    const std::uint32_t last = state[static_cast<std::size_t>(i) + 1].first;
    for (std::uint32_t k = st.first; k < last; ++k) {
      const int d = dependents[k];
      if (--state[static_cast<std::size_t>(d)].waiting_on == 0) issue(d);
    }
  }
};

}  // namespace

void validate(const Plan& plan, int processors) { plan_player::validate(StoredPlan{plan}, processors); }

PlanOutcome plan_player::run(CompiledPlan plan, Machine& machine) {
  const std::size_t n = plan.state.size() - 1;
  // Every compute leaves one record and every send at least one (one per hop).
  machine.timeline().reserve(n - plan.sends, plan.sends);
  PlanOutcome outcome;
  outcome.completed.assign(n, std::nan(""));  // NaN: never played
  Player p{machine, outcome.completed, std::move(plan.state), std::move(plan.dependents), std::move(plan.hops)};
  for (std::size_t i = 0; i < n; ++i)
    if (p.state[i].waiting_on == 0) p.issue(static_cast<int>(i));
  machine.engine().run();
  return outcome;
}

// The plan's names become the timeline's tags as they are, one for one: no
// look-up of each action's name (tags are only ever read back as names, so two
// equal names under two tags print the same).
PlanOutcome play(const Plan& plan, Machine& machine) {
  validate(plan, machine.size());
  const std::uint32_t first_tag = machine.timeline().add_tags(plan.names);
  return plan_player::run(plan_player::compile(StoredPlan{plan}, machine, first_tag), machine);
}

PlanOutcome play(Plan&& plan, Machine& machine) {
  validate(plan, machine.size());  // before the names go: its messages use them
  const std::uint32_t first_tag = machine.timeline().add_tags(std::move(plan.names));
  CompiledPlan compiled = plan_player::compile(StoredPlan{plan}, machine, first_tag);
  // The player keeps its own compact copy: the run's peak then holds one copy of the plan, not two.
  std::vector<PlanAction>().swap(plan.actions);
  return plan_player::run(std::move(compiled), machine);
}

}  // namespace mpnsim
