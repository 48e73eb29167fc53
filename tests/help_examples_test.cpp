// The command-line help is tested: its scheduler lists come from the registries, and every
// `Examples:` line of every subcommand's --help runs on files the repository ships (issue #23).
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "experiments/cli/commands.hpp"
#include "experiments/cli/registry_help.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;

const std::vector<std::string> kSubcommands{"run", "validate", "list", "topo", "dlt", "dag", "tree"};

// The example commands of a --help text: the `  mpnsim ...` lines after a line "Examples:",
// without their trailing `# comment`, as arguments after `mpnsim`.
std::vector<std::string> help_examples(const std::string& help) {
  std::vector<std::string> out;
  std::istringstream in(help);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Examples:") {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.rfind("  mpnsim ", 0) != 0) {
      inside = false;
      continue;
    }
    std::string args = line.substr(std::string("  mpnsim ").size());
    if (const auto hash = args.find(" #"); hash != std::string::npos) args = args.substr(0, hash);
    while (!args.empty() && args.back() == ' ') args.pop_back();
    out.push_back(args);
  }
  return out;
}

TEST(HelpExamples, ExtractorFindsTheExampleLines) {
  const auto found = help_examples("Usage: x\nExamples:\n  mpnsim topo let --depth 2   # the summary\n"
                                   "  mpnsim list\nDiameter and ...\n  mpnsim not-an-example\n");
  EXPECT_EQ(found, (std::vector<std::string>{"topo let --depth 2", "list"}));
}

TEST(HelpExamples, EveryExampleOfEveryHelpRunsOnShippedFiles) {
  // From a scratch directory that sees the repository's folders as its root does, so that
  // what the examples write (g.svg, results/...) stays there.
  testing::ScratchRepo dir("help-examples");
  int examples = 0;
  for (const auto& command : kSubcommands) {
    const auto help = run_mpnsim(command + " --help");
    ASSERT_EQ(help.exit_code, 0) << command << "\n" << help.output;
    for (const auto& args : help_examples(help.output)) {
      const auto r = testing::run_in(dir.path(), std::string(MPNSIM_BINARY) + " " + args + " > /dev/null", 300);
      EXPECT_EQ(r.exit_code, 0) << "mpnsim " << command << " --help: mpnsim " << args << "\n" << r.output;
      ++examples;
    }
  }
  EXPECT_GE(examples, 18);
}

TEST(HelpText, SchedulerListsComeFromTheRegistries) {
  // A registered variant appears in dag --help, tree --help and the dag kind of `mpnsim list`.
  if (find_dag_scheduler("help-test-dag-variant") == nullptr) {
    DagSchedulerEntry extra = *find_dag_scheduler("heft");
    extra.name = "help-test-dag-variant";
    register_dag_scheduler(extra);
  }
  if (find_tree_scheduler("help-test-tree-variant") == nullptr) {
    TreeSchedulerEntry extra = *find_tree_scheduler("ml");
    extra.name = "help-test-tree-variant";
    register_tree_scheduler(extra);
  }
  EXPECT_NE(dag_command_description().find("help-test-dag-variant"), std::string::npos);
  EXPECT_NE(dag_scheduler_option_help().find("help-test-dag-variant"), std::string::npos);
  EXPECT_NE(tree_command_footer().find("help-test-tree-variant"), std::string::npos);
  std::ostringstream list;
  list_command(list);
  std::string dag_kind;
  for (const auto& k : experiment_kinds())
    if (k->name() == "dag") dag_kind = k->description();
  EXPECT_NE(dag_kind.find("help-test-dag-variant"), std::string::npos) << dag_kind;
  for (const auto& e : dag_schedulers()) EXPECT_NE(dag_kind.find(e.name), std::string::npos) << e.name;
  // The program's own help names every built-in scheduler.
  const std::string dag_help = run_mpnsim("dag --help").output;
  const std::string tree_help = run_mpnsim("tree --help").output;
  // (Not the variants other tests of this process register, which the program does not have.)
  const std::set<std::string> registered_here{"help-test-dag-variant", "help-test-tree-variant",
                                              "listing-test-variant", "heft-append", "ml-sticky"};
  for (const auto& e : dag_schedulers()) {
    if (registered_here.count(e.name)) continue;
    EXPECT_NE(dag_help.find(e.name), std::string::npos) << e.name;
  }
  for (const auto& e : tree_schedulers()) {
    if (registered_here.count(e.name)) continue;
    EXPECT_NE(tree_help.find(" " + e.name), std::string::npos) << e.name;
  }
}

TEST(HelpText, ListNamesEveryMachineAndExperimentKeyAndBothPortDefaults) {
  const auto r = run_mpnsim("list");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* key : {"Tcp", "Tcm", "outputs", "compare", "sweep", "repetitions", "seed"})
    EXPECT_NE(r.output.find(std::string("  ") + key + " "), std::string::npos) << key << "\n" << r.output;
  // Ports: 1 in a machine mapping, all in the dag kind and `mpnsim dag`.
  EXPECT_NE(r.output.find("dag experiments and `mpnsim dag`: all"), std::string::npos) << r.output;
  // The dag kind reads WfCommons too.
  EXPECT_NE(r.output.find("WfCommons"), std::string::npos);
}

TEST(HelpText, SeedHelpHasNoStrayColonAndTopoUsageNamesTheFamily) {
  for (const char* command : {"dag", "tree"}) {
    const std::string help = run_mpnsim(std::string(command) + " --help").output;
    EXPECT_EQ(help.find("seed: (default"), std::string::npos) << help;
    EXPECT_NE(help.find("as an experiment's seed (default 1)"), std::string::npos) << help;
  }
  const std::string topo = run_mpnsim("topo --help").output;
  EXPECT_NE(topo.find("topo FAMILY [--PARAM VALUE ...] [OPTIONS]"), std::string::npos) << topo;
}

}  // namespace
}  // namespace mpnsim
