// Divisible-load strategies and task schedulers by name, registered in register_all.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "schedulers/divisible/divisible_load.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

struct DivisibleStrategyEntry {
  std::string name;         // e.g. "hypercube-nlf"
  std::string description;  // one line, citing the source
  std::vector<ParamSpec> params;
  // Topology families the strategy is defined on (empty: any topology).
  std::vector<std::string> topologies;
  // Throws std::invalid_argument (or ParamError) with a readable reason when
  // the input does not fit the strategy (wrong topology, heterogeneous machine
  // where a closed form needs a homogeneous one, ...).
  std::function<DltSolution(const DltInput&)> solve;
};

// Every divisible-load strategy, in the order `mpnsim list` prints them.
const std::vector<DivisibleStrategyEntry>& divisible_strategies();
const DivisibleStrategyEntry* find_divisible_strategy(const std::string& name);

// A name/description/parameters view of every strategy and scheduler, for listings.
struct SchedulerEntry {
  std::string name;
  std::string kind;  // "divisible" (strategy), "tree" (task trees), "dag" (task DAGs) or "online" (workflow streams)
  std::string description;
  std::vector<ParamSpec> params;
};
std::vector<SchedulerEntry> scheduler_registry();

// The listings of task-tree and DAG schedulers, each defined beside its own
// registry (schedulers/tree/register_tree_schedulers.cpp, schedulers/dag/register_dag_schedulers.cpp).
std::vector<SchedulerEntry> tree_scheduler_listing();
std::vector<SchedulerEntry> dag_scheduler_listing();
std::vector<SchedulerEntry> online_policy_listing();  // schedulers/online/register_online_policies.cpp

}  // namespace mpnsim
