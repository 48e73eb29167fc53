// Tests of `mpnsim tree` and the task_tree experiment kind: outputs, trees shared by schedulers, input errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "experiments/kinds/task_tree/task_tree_setup.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;

TEST(TreeCommand, JsonPrintsThePerLevelRowsOfSpecSection4) {
  const auto r = run_mpnsim(
      "tree --topology let --depth 2 --scheduler mds --workload complete --arity 3 --depth 5 --format json -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["network"], "let(depth=2)");
  EXPECT_NE(j["lif_convention"].get<std::string>().find("max(1, tasks / N)"), std::string::npos);
  const auto& levels = j["levels"];
  ASSERT_EQ(levels.size(), 6u);
  const std::vector<double> lif{0.00, 0.00, 33.33, 11.11, 3.70, 1.23};
  for (std::size_t k = 0; k < levels.size(); ++k) {
    for (const char* key : {"level", "tasks", "loads", "lif", "moved", "violations"})
      EXPECT_TRUE(levels[k].contains(key)) << key;
    EXPECT_NEAR(levels[k]["lif"].get<double>(), lif[k], 0.005);
    EXPECT_EQ(levels[k]["violations"], 0);
  }
  EXPECT_EQ(levels[4]["loads"], (std::vector<int>{14, 14, 14, 13, 13, 13}));
}

TEST(TreeCommand, ExecutionAndFlagsGroupedByPosition) {
  // --depth and --arity follow the topology, then the workload.
  const auto r = run_mpnsim("tree --topology tree --arity 2 --depth 2 --scheduler rr --workload complete --arity 3 "
                            "--depth 3 --grain 1 --S 0.1 --C 0.5 --format json -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["network"], "tree(arity=2,depth=2)");
  EXPECT_EQ(j["workload"], "complete(arity=3 depth=3)");
  EXPECT_GT(j["execution"]["makespan"].get<double>(), 0);
  EXPECT_GT(j["execution"]["messages"].get<int>(), 0);
}

TEST(TreeCommand, InputErrorsSuggestAndExitTwo) {
  auto r = run_mpnsim("tree --topology let --scheduler mdss --workload complete");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'mds'"), std::string::npos) << r.output;
  r = run_mpnsim("tree --depth 3 --topology let --scheduler mds --workload complete");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--workload.depth"), std::string::npos) << r.output;
  r = run_mpnsim("tree --topology let --scheduler mds --workload complete --fanuot 2");
  EXPECT_EQ(r.exit_code, 2);
  // Neither complete trees nor anything else takes it: unknown, and what each group takes is listed.
  EXPECT_NE(r.output.find("--fanuot: unknown flag"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the workload takes --arity --depth"), std::string::npos) << r.output;
  r = run_mpnsim("tree --topology let --scheduler mds");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--workload"), std::string::npos) << r.output;
}

TEST(TaskTreeKind, SameTreesForEverySchedulerAndPerLevelRows) {
  testing::TempDir dir("task-tree-kind");
  const std::string yaml = dir.file("t.yaml", R"(name: t
kind: task_tree
topology: {kind: let, depth: 2}
scheduler: mds
workload: {kind: random, spawn: 0.9, fanout: 3, depth: 6}
trees: 5
seed: 11
sweep:
  scheduler: [mds, rr, gm]
  topology: [{kind: let, depth: 2}, {kind: hypercube, dim: 3}]
)");
  const auto r = run_mpnsim("run " + yaml + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = testing::read_file(dir.path() / "out" / "results.csv");
  EXPECT_NE(csv.find("level,trees,tasks,ideal,lif,lif_ci95"), std::string::npos) << csv.substr(0, 300);
  // The `tasks` column (mean tasks per level) is the same for every point: the same five trees.
  std::map<std::string, std::set<std::string>> tasks_by_level;
  auto split = [](const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) cells.push_back(std::exchange(cell, {}));
      else cell += c;
    }
    cells.push_back(cell);
    return cells;
  };
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  const auto header = split(line);
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const std::size_t level = column("level"), tasks = column("tasks");
  ASSERT_LT(tasks, header.size());
  while (std::getline(in, line)) {
    const auto cells = split(line);
    ASSERT_EQ(cells.size(), header.size());
    tasks_by_level[cells[level]].insert(cells[tasks]);
  }
  EXPECT_GE(tasks_by_level.size(), 5u);
  for (const auto& [level, values] : tasks_by_level) EXPECT_EQ(values.size(), 1u) << "level " << level;
  const auto summary = nlohmann::json::parse(testing::read_file(dir.path() / "out" / "summary.json"));
  EXPECT_EQ(summary["results"][0]["metrics"]["trees"], 5);
  EXPECT_EQ(summary["results"][0]["metrics"]["violations"], 0);
}

// A tree file is read once, when the set-up is read: every run shares that tree, so the file
// may even be gone by then.
TEST(TaskTreeKind, TreeFileIsReadOnceAndShared) {
  testing::TempDir dir("tree-file-once");
  const std::string file = dir.file("t.txt", "-1\n0\n0\n1\n");
  YAML::Node node(YAML::NodeType::Map);
  node["kind"] = "tree-file";
  node["file"] = file;
  const TreeWorkloadChoice c = read_tree_workload(YamlSource("command line"), node, "workload");
  std::filesystem::remove(file);
  const auto first = workload_tree(c, 1), second = workload_tree(c, 2);
  EXPECT_EQ(first.get(), second.get());
  ASSERT_EQ(first->size(), 4);
  EXPECT_EQ(first->parent(3), 1);
  EXPECT_EQ(first->levels(), 3);
}

TEST(TaskTreeKind, BadTreeFileStopsBeforeAnyWorkWithFileAndLine) {
  testing::TempDir dir("task-tree-file");
  dir.file("bad.txt", "-1\n0\nzero\n");
  const std::string yaml = dir.file("t.yaml", R"(name: t
kind: task_tree
topology: {kind: let, depth: 2}
scheduler: {name: mds, iterations: 2}
workload: {kind: tree-file, file: bad.txt}
)");
  auto r = run_mpnsim("validate " + yaml);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.txt:3: expected the index of task 2's parent"), std::string::npos) << r.output;
  dir.file("good.txt", "-1\n0\n0\n1\n");
  r = run_mpnsim("validate " + yaml + " --set workload.file=good.txt");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  r = run_mpnsim("validate " + yaml + " --set scheduler.name=gn");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'gm'"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + yaml + " --set scheduler.iterations=0");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace mpnsim
