// A distribution plan: compute and send actions with "after" dependencies, and its player.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/dependency_list.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

struct PlanAction {
  enum class Op : std::uint8_t { compute, send };
  double amount = 0;
  int processor = 0;       // compute: where; send: source
  int to = 0;              // send: destination
  std::uint32_t name = 0;  // 0: none; else Plan::names[name - 1], which becomes the timeline tag
  Op op = Op::compute;
  DependencyList after;    // indices of actions that must complete first
};

// Names are kept apart from the actions: most large plans (scatters of 10^6
// processors) name nothing, and an inline std::string would take 32 of the
// action's 48 bytes.
struct Plan {
  std::vector<PlanAction> actions;
  std::vector<std::string> names;

  int add_compute(int processor, double amount, std::string name = {}, DependencyList after = {});
  int add_send(int from, int to, double amount, std::string name = {}, DependencyList after = {});
  // A name many actions share, kept once (add_compute and add_send keep one per
  // action): give its id to each with set_name. 0 for "".
  std::uint32_t add_name(std::string name);
  void set_name(int action, std::uint32_t name) { actions[static_cast<std::size_t>(action)].name = name; }
  // The name of action i ("" when it has none).
  std::string_view name(int i) const;
};

// Throws std::invalid_argument when an action names a processor outside
// [0, processors), has a negative or non-finite amount, depends on a missing
// action, or when the dependencies form a cycle (the cycle's names are given).
void validate(const Plan& plan, int processors);

// When each action completed. (When it was issued is the latest completion
// among its "after" list, or 0; when it started is in the machine's timeline.)
struct PlanOutcome {
  std::vector<double> completed;
};

// Plays the plan on the machine: an action is issued as soon as everything it
// comes after has completed (actions with no dependency at time 0, in plan
// order; actions released by the same completion in plan order), then runs the
// engine to the end.
PlanOutcome play(const Plan& plan, Machine& machine);
// The same, moving the plan's names into the timeline's tags instead of copying
// them (a DAG replay names every action): afterwards the plan has no names.
PlanOutcome play(Plan&& plan, Machine& machine);

}  // namespace mpnsim
