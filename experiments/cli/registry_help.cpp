// Help texts of the dag and tree commands, built from the scheduler registries (a variant registered
// in schedulers/dag/register_dag_schedulers.cpp or schedulers/tree/register_tree_schedulers.cpp appears).
#include "experiments/cli/registry_help.hpp"

#include <vector>

#include <fmt/format.h>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/tree/tree_scheduler.hpp"

namespace mpnsim {

std::string dag_scheduler_names() {
  std::vector<std::string> names;
  for (const auto& e : dag_schedulers()) names.push_back(e.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string tree_scheduler_names() {
  std::vector<std::string> names;
  for (const auto& e : tree_schedulers()) names.push_back(e.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string dag_command_description() {
  return fmt::format("one task DAG scheduled on one network ({}): the schedule checked and replayed on the "
                     "engine with link contention",
                     dag_scheduler_names());
}

std::string dag_scheduler_option_help() {
  return fmt::format("one of {} (mpnsim list); every one takes --comm free|contention (messages booked on the "
                     "links: the plan is its replay) and --route engine|earliest",
                     dag_scheduler_names());
}

std::string tree_command_footer() {
  return fmt::format(
      "Groups, in any order, each followed by its own --PARAM VALUE flags (mpnsim list shows them):\n"
      "  --topology KIND     the network (let, debruijn, hypercube, tree, mesh, ...)\n"
      "  --scheduler NAME    {}\n"
      "  --workload KIND     complete (--arity, --depth), random (--spawn, --fanout, --depth),\n"
      "                      tree-file (--file: one parent index per line, or DOT)\n"
      "A flag belongs to the group it follows; --topology.X, --scheduler.X, --workload.X say so anywhere.\n"
      "Examples:\n"
      "  mpnsim tree --topology let --depth 2 --scheduler mds --workload complete --arity 3 --depth 5\n"
      "  mpnsim tree --topology debruijn --order 3 --scheduler rr --workload random --spawn 0.9 "
      "--fanout 2 --depth 10 --seed 7 --format json\n"
      "  mpnsim tree --topology hypercube --dim 3 --scheduler dem --workload complete --arity 2 --depth 6 "
      "--grain 1 --S 0.1 --C 0.5 --gantt tree.svg\n"
      "  mpnsim tree --topology let --depth 2 --scheduler ml --workload tree-file --file docs/examples/tree.txt",
      tree_scheduler_names());
}

}  // namespace mpnsim
