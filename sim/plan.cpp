// Plan construction, and a Plan validated and played by the plan player (sim/plan_player.hpp).
#include "sim/plan.hpp"

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

int Plan::add_wait(double amount, std::string name, DependencyList after) {
  actions.push_back(
      PlanAction{amount, -1, -1, keep_name(names, std::move(name)), PlanAction::Op::wait, false, std::move(after)});
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
using plan_player::ActionRecords;

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

}  // namespace

void validate(const Plan& plan, int processors) { plan_player::validate(StoredPlan{plan}, processors); }

// The plan's names become the timeline's tags as they are, one for one: no
// look-up of each action's name (tags are only ever read back as names, so two
// equal names under two tags print the same). A plan without names keeps no tags.
PlanOutcome play(const Plan& plan, Machine& machine) {
  validate(plan, machine.size());
  if (plan.names.empty())
    return plan_player::run(plan_player::compile<ActionRecords<false>>(StoredPlan{plan}, machine, 0), machine);
  const std::uint32_t first_tag = machine.timeline().add_tags(plan.names);
  return plan_player::run(plan_player::compile<ActionRecords<true>>(StoredPlan{plan}, machine, first_tag), machine);
}

PlanOutcome play(Plan&& plan, Machine& machine) {
  validate(plan, machine.size());  // before the names go: its messages use them
  // The player keeps its own compact copy: the run's peak then holds one copy of the plan, not two.
  auto play_compiled = [&](auto compiled) {
    std::vector<PlanAction>().swap(plan.actions);
    return plan_player::run(std::move(compiled), machine);
  };
  if (plan.names.empty()) return play_compiled(plan_player::compile<ActionRecords<false>>(StoredPlan{plan}, machine, 0));
  const std::uint32_t first_tag = machine.timeline().add_tags(std::move(plan.names));
  return play_compiled(plan_player::compile<ActionRecords<true>>(StoredPlan{plan}, machine, first_tag));
}

}  // namespace mpnsim
