// Help texts built from the registries, so that `--help` and `mpnsim list` name every registered scheduler.
#pragma once

#include <string>

namespace mpnsim {

// "lps, hlf, ..., bsa": every registered DAG or task-tree scheduler, in registry order.
std::string dag_scheduler_names();
std::string tree_scheduler_names();

// The dag command's one-line description and its --scheduler help.
std::string dag_command_description();
std::string dag_scheduler_option_help();
// The tree command's footer: its groups (the schedulers named) and its examples.
std::string tree_command_footer();

}  // namespace mpnsim
