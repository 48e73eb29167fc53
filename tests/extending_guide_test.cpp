// The examples of docs/extending.md, compiled into this test binary only: the two scheduler variants
// behave as the guide says, and the guide's comparison experiment runs with them beside built-ins.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/run/runner.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "schedulers/tree/tree_placement.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/task_graph.hpp"
#include "workloads/tree/tree_generators.hpp"

#include "dag_test_support.hpp"
#include "test_support.hpp"
#include "tree_test_support.hpp"

namespace mpnsim {

// docs/examples/ml_sticky.cpp and docs/examples/heft_append.cpp.
TreeSchedulerEntry ml_sticky_scheduler();
DagSchedulerEntry heft_append_scheduler();

namespace {

// The guide's registration, done once per test process (the registry refuses a name twice). A user
// who followed the guide has the variants built in already: then they are only looked up, so the
// suite stays green after the guide is followed.
void register_guide_examples() {
  static const bool done = [] {
    if (find_tree_scheduler("ml-sticky") == nullptr) register_tree_scheduler(ml_sticky_scheduler());
    if (find_dag_scheduler("heft-append") == nullptr) register_dag_scheduler(heft_append_scheduler());
    return true;
  }();
  (void)done;
}

TEST(ExtendingGuide, ASuiteBuiltWithTheGuidesVariantsStaysGreen) {
  // As register_tree_schedulers.cpp and register_dag_schedulers.cpp do once the guide is followed:
  // the variants are registered before any test asks for them.
  if (find_tree_scheduler("ml-sticky") == nullptr) register_tree_scheduler(ml_sticky_scheduler());
  if (find_dag_scheduler("heft-append") == nullptr) register_dag_scheduler(heft_append_scheduler());
  EXPECT_NO_THROW(register_guide_examples());
  int sticky = 0, append = 0;
  for (const auto& e : tree_schedulers()) sticky += e.name == "ml-sticky";
  for (const auto& e : dag_schedulers()) append += e.name == "heft-append";
  EXPECT_EQ(sticky, 1);
  EXPECT_EQ(append, 1);
}

TreePlacement place(const TaskTree& tree, const Topology& topology, const std::string& scheduler,
                    const std::vector<std::pair<std::string, std::string>>& params = {}) {
  register_guide_examples();
  return testing::place(tree, topology, scheduler, params);
}

TEST(ExtendingGuide, RegisteredVariantsAreFoundAndNamesAreNotTakenTwice) {
  register_guide_examples();
  EXPECT_NE(find_tree_scheduler("ml-sticky"), nullptr);
  EXPECT_NE(find_dag_scheduler("heft-append"), nullptr);
  EXPECT_THROW(register_tree_scheduler(ml_sticky_scheduler()), std::invalid_argument);
  EXPECT_THROW(register_dag_scheduler(heft_append_scheduler()), std::invalid_argument);
}

TEST(ExtendingGuide, MlStickyWithALargeSlackKeepsEveryTaskAtHome) {
  // Nothing moves, so all of level k's 3^k tasks are on P0: with N = 6, ideal = max(1, 3^k / 6)
  // and LIF = (3^k - ideal) / ideal: 200 % at level 1, 500 % from level 2 on.
  const TreePlacement r = place(complete_tree(3, 3), linearly_extensible_tree(2), "ml-sticky", {{"slack", "1000"}});
  ASSERT_EQ(r.levels.size(), 4u);
  const std::vector<double> lif{0, 200, 500, 500};
  for (std::size_t k = 0; k < r.levels.size(); ++k) {
    EXPECT_EQ(r.levels[k].moved, 0) << "level " << k;
    EXPECT_NEAR(r.levels[k].lif, lif[k], 1e-9) << "level " << k;
  }
}

TEST(ExtendingGuide, MlStickyWithSlackZeroKeepsTiesAtHome) {
  // Level 1 of a ternary tree on LET-6, by hand: the first task stays on P0 (every load is 0,
  // no target is lighter), the second goes to P0's first target (0 < 1), the third to its
  // second (0 < 1 on both others). ML proper puts the first two on the targets and the third,
  // a three-way tie at 1, on L: the same loads with two moves as well, but in another order.
  const TreePlacement sticky = place(complete_tree(3, 1), linearly_extensible_tree(2), "ml-sticky");
  EXPECT_EQ(sticky.levels[1].moved, 2);
  EXPECT_EQ(sticky.levels[1].loads, (std::vector<int>{1, 1, 1, 0, 0, 0}));
  // Level 2 of the same tree (9 tasks, 3 per processor P0-P2): each parent keeps its first
  // child, so at least 3 of the 9 stay home, where ML keeps only what ties leave.
  const TreePlacement deeper = place(complete_tree(3, 2), linearly_extensible_tree(2), "ml-sticky");
  EXPECT_LE(deeper.levels[2].moved, 6);
  EXPECT_EQ(deeper.levels[2].tasks, 9);
}

// Whether some task of `schedule` starts on its processor before a task placed earlier there,
// tasks being placed in `order`: what insertion into idle gaps does, and appending never does.
bool inserts_into_gaps(const Schedule& schedule, const std::vector<int>& order) {
  std::vector<double> last_start(static_cast<std::size_t>(schedule.processors), -1);
  for (int t : order) {
    const TaskPlacement& at = schedule.tasks[static_cast<std::size_t>(t)];
    double& last = last_start[static_cast<std::size_t>(at.processor)];
    if (at.start < last) return true;
    last = at.start;
  }
  return false;
}

TEST(ExtendingGuide, HeftAppendNeverInsertsWhereHeftDoes) {
  register_guide_examples();
  const Topology cube = hypercube(2);
  int heft_inserted = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    RandomDagParams params;
    params.tasks = 30;
    params.seed = seed;
    const testing::ProblemBox box(generate_random_dag(params), testing::dag_machine(cube, 0.5, 0));
    const DagProblem problem = box.problem();
    // Both take tasks by decreasing upward rank, ties in topological order.
    const std::vector<int> topo = topological_order(problem.graph);
    const std::vector<double> rank = upward_ranks(problem, topo);
    std::vector<int> order = topo;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(b)];
    });
    const Schedule append = find_dag_scheduler("heft-append")->schedule(problem, {});
    EXPECT_TRUE(check_schedule(problem, append).valid()) << "seed " << seed;
    EXPECT_FALSE(inserts_into_gaps(append, order)) << "seed " << seed;
    const Schedule heft = find_dag_scheduler("heft")->schedule(problem, {});
    heft_inserted += inserts_into_gaps(heft, order);
    EXPECT_LE(heft.makespan(), append.makespan() * 1.5) << "seed " << seed;
  }
  // The graphs do exercise the difference: HEFT fills a gap on some of them.
  EXPECT_GT(heft_inserted, 0);
}

// The cells of one CSV line, quoted cells ("a, b" with "" for a quote) unquoted.
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// Reads the column `name` of every row of a CSV file written by the runner.
std::vector<std::string> column(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csv_cells(line);
  const auto at = std::find(header.begin(), header.end(), name);
  EXPECT_NE(at, header.end()) << name;
  const auto index = static_cast<std::size_t>(at - header.begin());
  std::vector<std::string> out;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = csv_cells(line);
    if (index < cells.size()) out.push_back(cells[index]);
  }
  return out;
}

TEST(ExtendingGuide, TheGuideShowsTheFilesTheSuiteCompiles) {
  // Every long code block of docs/extending.md is one of docs/examples/, verbatim, so the guide
  // cannot drift from the code this suite builds and runs.
  const std::string root = MPNSIM_SOURCE_DIR;
  const std::string guide = testing::read_file(root + "/docs/extending.md");
  const std::vector<std::string> examples{testing::read_file(root + "/docs/examples/ml_sticky.cpp"),
                                          testing::read_file(root + "/docs/examples/heft_append.cpp"),
                                          testing::read_file(root + "/docs/examples/compare_variants.yaml")};
  std::set<std::size_t> shown;
  for (std::size_t at = guide.find("```"); at != std::string::npos; at = guide.find("```", at)) {
    const std::size_t body = guide.find('\n', at) + 1;
    const std::size_t end = guide.find("```", body);
    ASSERT_NE(end, std::string::npos);
    const std::string block = guide.substr(body, end - body);
    if (std::count(block.begin(), block.end(), '\n') >= 10) {
      const auto it = std::find(examples.begin(), examples.end(), block);
      EXPECT_NE(it, examples.end()) << "a block of docs/extending.md is not an example file:\n" << block;
      if (it != examples.end()) shown.insert(static_cast<std::size_t>(it - examples.begin()));
    }
    at = end + 3;
  }
  EXPECT_EQ(shown.size(), examples.size());
}

TEST(ExtendingGuide, TheGuidesRegistrationLinesAreTheRegistrationFiles) {
  // The short blocks show where a variant goes: every line of them but the variant's own is a
  // line of a registration file as it is, and the files say where the declarations go.
  const std::string root = MPNSIM_SOURCE_DIR;
  const std::string guide = testing::read_file(root + "/docs/extending.md");
  const std::string files = testing::read_file(root + "/schedulers/tree/register_tree_schedulers.cpp") +
                            testing::read_file(root + "/schedulers/dag/register_dag_schedulers.cpp");
  int checked = 0;
  for (std::size_t at = guide.find("```cpp\n"); at != std::string::npos; at = guide.find("```cpp\n", at)) {
    const std::size_t body = at + 7;
    const std::size_t end = guide.find("```", body);
    ASSERT_NE(end, std::string::npos);
    const std::string block = guide.substr(body, end - body);
    at = end + 3;
    if (std::count(block.begin(), block.end(), '\n') >= 10) continue;
    std::istringstream lines(block);
    for (std::string line; std::getline(lines, line);) {
      if (line.find("your variant") != std::string::npos) continue;
      EXPECT_NE(files.find(line + "\n"), std::string::npos) << "not in a registration file: " << line;
      ++checked;
    }
  }
  EXPECT_GE(checked, 2);
  EXPECT_EQ(files.find("Your own variants (docs/extending.md)") != std::string::npos, true);
}

TEST(ExtendingGuide, TheGuidesComparisonRunsWithTheVariantsBesideBuiltIns) {
  register_guide_examples();
  testing::TempDir dir("guide-run");
  const ExperimentFile file = load_experiment_file(std::string(MPNSIM_SOURCE_DIR) + "/docs/examples/compare_variants.yaml", {});
  const auto prepared = prepare_experiments(file);
  RunOptions options;
  options.output_dir = (dir.path() / "out").string();
  options.jobs = 2;
  options.progress = false;
  run_experiments(file, prepared, options);

  const auto trees = column(testing::read_file(dir.path() / "out" / "trees" / "results.csv"), "scheduler");
  EXPECT_EQ(std::set<std::string>(trees.begin(), trees.end()).size(), 4u);
  const auto dags = column(testing::read_file(dir.path() / "out" / "dags" / "results.csv"), "scheduler.name");
  EXPECT_EQ(std::set<std::string>(dags.begin(), dags.end()),
            (std::set<std::string>{"heft", "heft-append", "lps"}));
  // Each experiment's compare: block compares the variants over its 20 trees or 10 graphs.
  const auto tree_variants = column(testing::read_file(dir.path() / "out" / "trees" / "comparison.csv"), "instances");
  EXPECT_EQ(tree_variants, std::vector<std::string>(8, "20"));  // 4 variants x (peak_lif, mean_lif)
  const auto dag_variants = column(testing::read_file(dir.path() / "out" / "dags" / "comparison.csv"), "variant");
  EXPECT_EQ(dag_variants, (std::vector<std::string>{"heft", "heft-append", "lps"}));
}

}  // namespace
}  // namespace mpnsim
