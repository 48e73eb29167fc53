// Tests of `workload: {files: ...}` in kind: online: each workflow's graph drawn from a set of
// files with the stream's seed, and every bad file refused at its line and key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "test_support.hpp"
#include "experiments/config/input_error.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "experiments/kinds/online/online_run.hpp"
#include "experiments/kinds/online/online_setup.hpp"

namespace mpnsim {
namespace {

// A chain of n tasks as DOT: the set's files differ by their task count.
std::string chain(int n) {
  std::string out = "digraph g {\n";
  for (int i = 0; i < n; ++i) out += fmt::format("  t{} [size={}];\n", i, i + 1);
  for (int i = 0; i + 1 < n; ++i) out += fmt::format("  t{} -> t{} [size=1];\n", i, i + 1);
  return out + "}\n";
}

const testing::TempDir& dir() {
  static const testing::TempDir d = [] {
    testing::TempDir t("online-graph-files");
    std::filesystem::create_directories(t.path() / "set");
    t.file("set/two.dot", chain(2));
    t.file("set/three.dot", chain(3));
    t.file("set/five.dot", chain(5));
    t.file("set/notes.txt", "not a graph\n");
    t.file("bad.dot", "digraph g {\n  a [size=1];\n  a -> \n");
    t.file("nodata.dot", "digraph g {\n  a [size=1];\n  b [size=1];\n  a -> b [size=0];\n}\n");
    return t;
  }();
  return d;
}

const std::string kHead = "machine: {topology: {kind: hypercube, dim: 2}}\narrivals: {kind: fixed, interval: 1}\n"
                          "scheduler: {name: fifo, comm: contention}\n";

OnlineSetup setup_of(const std::string& yaml) {
  const YamlSource src((dir().path() / "x.yaml").string());
  return read_online_setup(src, YAML::Load(yaml), dir().path().string());
}

// The refusal of a configuration: "key:line", or "" when it reads.
std::string refusal(const std::string& yaml, std::string* why = nullptr) {
  try {
    setup_of(yaml);
  } catch (const InputError& e) {
    if (why) *why = e.what();
    return fmt::format("{}:{}", e.key(), e.line());
  }
  return "";
}

const std::string kWfcommons = std::string(MPNSIM_SOURCE_DIR) + "/tests/data/wfcommons/blast-chameleon-small-001.wfformat-1.5.json";

TEST(OnlineGraphFiles, EachWorkflowDrawsAFileOfTheSet) {
  const OnlineSetup s = setup_of(kHead + "workflows: 60\nworkload: {files: [set/two.dot, set/three.dot, set/five.dot]}\n");
  ASSERT_EQ(s.graph_files.files.size(), 3U);
  const std::map<std::string, int> sizes{{"set/two.dot", 2}, {"set/three.dot", 3}, {"set/five.dot", 5}};
  const WorkflowStream a = make_stream(s, 11, 0);
  ASSERT_EQ(a.workflows(), 60);
  std::map<std::string, int> drawn;
  for (int w = 0; w < a.workflows(); ++w) {
    ASSERT_TRUE(sizes.count(a.names[static_cast<std::size_t>(w)])) << a.names[static_cast<std::size_t>(w)];
    EXPECT_EQ(a.size(w), sizes.at(a.names[static_cast<std::size_t>(w)])) << w;  // the graph is the file named
    ++drawn[a.names[static_cast<std::size_t>(w)]];
  }
  EXPECT_EQ(drawn.size(), 3U);  // every file drawn (each misses 60 draws with probability (2/3)^60)
  // The same seed and repetition: the same draws; another repetition: other draws.
  const WorkflowStream b = make_stream(s, 11, 0), c = make_stream(s, 11, 1);
  EXPECT_EQ(a.names, b.names);
  EXPECT_NE(a.names, c.names);
  // A workflow's draw is its own: a shorter stream is a prefix of the longer one.
  const OnlineSetup shorter = setup_of(kHead + "workflows: 7\nworkload: {files: [set/two.dot, set/three.dot, set/five.dot]}\n");
  const WorkflowStream d = make_stream(shorter, 11, 0);
  for (int w = 0; w < d.workflows(); ++w) EXPECT_EQ(d.names[static_cast<std::size_t>(w)], a.names[static_cast<std::size_t>(w)]);
}

TEST(OnlineGraphFiles, DrawsAreUniformOverTheListAndAFileListedTwiceIsDrawnTwiceAsOften) {
  const OnlineSetup s = setup_of(kHead + "workflows: 1\nworkload: {files: [set/two.dot, set/two.dot, set/five.dot]}\n");
  std::vector<int> count(3, 0);
  const int n = 30000;
  for (int w = 0; w < n; ++w) ++count[s.graph_files.draw(5, w)];
  // Each index 1/3: the standard error of a count is sqrt(n/3 * 2/3) = 82; 5 of them.
  for (int c : count) EXPECT_NEAR(c, n / 3.0, 410.0);
}

TEST(OnlineGraphFiles, APatternTakesTheMatchingFilesOfAFolderAndFormatsMayMix) {
  const OnlineSetup s = setup_of(kHead + "workflows: 4\nworkload: {files: \"set/*.dot\"}\n");
  EXPECT_EQ(s.graph_files.files, (std::vector<std::string>{"set/five.dot", "set/three.dot", "set/two.dot"}));
  const OnlineSetup mixed = setup_of(kHead + "workflows: 20\nworkload: {files: [set/two.dot, \"" + kWfcommons + "\"]}\n");
  const WorkflowStream m = make_stream(mixed, 3, 0);
  std::map<std::string, int> drawn;
  for (const std::string& name : m.names) ++drawn[name];
  EXPECT_EQ(drawn.size(), 2U);
  // The run goes through: the plan is checked and equals its replay under contention.
  const OnlineRun r = run_online(mixed, make_stream(mixed, 3, 0), false);
  EXPECT_TRUE(r.validity.valid());
  EXPECT_NEAR(r.replay.makespan, r.makespan, 1e-9 * r.makespan);
}

TEST(OnlineGraphFiles, BadFilesRefusedAtTheirLineAndKey) {
  std::string why;
  // Lines: 1-3 kHead, 4 workflows, 5 onwards the workload.
  const std::string head = kHead + "workflows: 3\n";
  EXPECT_EQ(refusal(head + "workload:\n  files:\n    - set/two.dot\n    - set/missing.dot\n", &why), "workload.files:8");
  EXPECT_NE(why.find("does not exist"), std::string::npos) << why;
  EXPECT_EQ(refusal(head + "workload:\n  files:\n    - set/notes.txt\n", &why), "workload.files:7");
  EXPECT_NE(why.find("extension"), std::string::npos) << why;
  EXPECT_EQ(refusal(head + "workload:\n  files:\n    - set/two.dot\n    - bad.dot\n", &why), "workload.files:8");
  EXPECT_NE(why.find("bad.dot:4: expected a task name"), std::string::npos) << why;  // the reader's own line
  EXPECT_EQ(refusal(head + "workload: {files: []}\n"), "workload.files:5");
  EXPECT_EQ(refusal(head + "workload: {files: \"set/*.stg\"}\n", &why), "workload.files:5");
  EXPECT_NE(why.find("no file"), std::string::npos) << why;
  EXPECT_EQ(refusal(head + "workload: {files: \"nowhere/*.dot\"}\n"), "workload.files:5");
  EXPECT_EQ(refusal(head + "workload: {files: {a: 1}}\n"), "workload.files:5");
  EXPECT_EQ(refusal(head + "workload: {kind: dot, files: [set/two.dot]}\n"), "workload.kind:5");
  EXPECT_EQ(refusal(head + "workload: {files: [set/two.dot], file: set/two.dot}\n"), "workload.file:5");
  // Every file must reach the E/C ratio (a graph without data cannot).
  EXPECT_EQ(refusal(head + "workload: {files: [set/two.dot, nodata.dot]}\nec_ratio: 1\n", &why), "ec_ratio:6");
  EXPECT_NE(why.find("nodata.dot"), std::string::npos) << why;
  // A device is refused before a byte is read (SECURITY.md), even behind a link named .dot.
  std::error_code ec;
  std::filesystem::create_symlink("/dev/zero", dir().path() / "zero.dot", ec);
  if (!ec) {
    EXPECT_EQ(refusal(head + "workload: {files: [zero.dot]}\n"), "workload.files:5");
  }
  // Past one graph's limits: counted as if every workflow drew the largest file.
  // (kMaxDagTasks tasks in all: 4·10^6 workflows of five tasks are past it, of two would not be.)
  static_assert(4'000'000 * 5 > kMaxDagTasks && 4'000'000 * 2 < kMaxDagTasks);
  EXPECT_EQ(refusal(kHead + "workflows: 4000000\nworkload: {files: [set/two.dot, set/five.dot]}\n"), "workflows:4");
}

}  // namespace
}  // namespace mpnsim
