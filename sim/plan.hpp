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
  // hop: one hop of a message over the link processor -> to (adjacent), for plans that
  // choose their own routes; a send takes the engine's route. wait: `amount` time units that
  // hold no resource (a release time: what comes after it starts no sooner); processor -1.
  enum class Op : std::uint8_t { compute, send, hop, wait };
  double amount = 0;
  int processor = 0;       // compute: where; send, hop: source
  int to = 0;              // send: destination; hop: the neighbour it goes to
  std::uint32_t name = 0;  // 0: none; else Plan::names[name - 1], which becomes the timeline tag
  Op op = Op::compute;
  bool continues = false;  // hop: after[0] is the previous hop of the same message
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
  // One hop u -> v (adjacent). `previous`: the hop before it in the same message, or -1
  // for a message's first hop; it comes first in the hop's "after" list. Named by set_name.
  int add_hop(int u, int v, double amount, int previous, DependencyList after = {});
  // A wait of `amount` time units that holds no processor, link or port: with no "after"
  // list, the actions after it start no sooner than `amount` (a release time).
  int add_wait(double amount, std::string name = {}, DependencyList after = {});
  // A name many actions share, kept once (add_compute and add_send keep one per
  // action): give its id to each with set_name. 0 for "".
  std::uint32_t add_name(std::string name);
  void set_name(int action, std::uint32_t name) { actions[static_cast<std::size_t>(action)].name = name; }
  // The name of action i ("" when it has none).
  std::string_view name(int i) const;
};

// Throws std::invalid_argument when an action names a processor outside
// [0, processors), has a negative or non-finite amount, depends on a missing
// action, continues a message from an action that is not a hop ending where it
// starts, or when the dependencies form a cycle (the cycle's names are given).
// (Whether a hop's ends are adjacent is checked by play(), which knows the links.)
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
// them (a DAG replay names every action), and freeing its actions before the engine runs
// (the player keeps its own compact copy): afterwards the plan is empty.
PlanOutcome play(Plan&& plan, Machine& machine);

}  // namespace mpnsim
