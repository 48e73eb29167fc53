// An interrupted run keeps its finished runs; --resume computes only the others and writes the same bytes.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/run/runner.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

namespace fs = std::filesystem;

// Every file under `root`, relative, with its bytes.
std::map<std::string, std::string> tree_of(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out[fs::relative(e.path(), root).string()] = read_file(e.path());
  return out;
}

void expect_same_tree(const fs::path& a, const fs::path& b) {
  const auto x = tree_of(a), y = tree_of(b);
  EXPECT_GT(x.size(), 1u);
  for (const auto& [name, bytes] : x) {
    ASSERT_TRUE(y.count(name)) << name << " is missing from " << b;
    EXPECT_EQ(bytes, y.at(name)) << name;
  }
  for (const auto& [name, bytes] : y) EXPECT_TRUE(x.count(name)) << name << " is only in " << b;
}

std::size_t lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

std::string quickstart() { return std::string(MPNSIM_SOURCE_DIR) + "/experiments/quickstart.yaml"; }

TEST(Resume, AnInterruptedRunResumesIntoTheBytesOfAnUninterruptedOne) {
  TempDir dir("resume");
  const fs::path clean = dir.path() / "clean", out = dir.path() / "out";
  ASSERT_EQ(run_mpnsim("run " + quickstart() + " -q -o " + clean.string()).exit_code, 0);

  // Interrupted after 50 of the quickstart's 97 runs, in the middle of its third experiment.
  const ExperimentFile file = load_experiment_file(quickstart(), {});
  const std::vector<PreparedExperiment> prepared = prepare_experiments(file);
  std::atomic<int> finished{0};
  RunOptions options;
  options.output_dir = out.string();
  options.jobs = 1;
  options.progress = false;
  options.after_run = [&] {  // as SIGINT would, once 50 runs are recorded
    if (++finished >= 50) run_interrupted().store(true);
  };
  EXPECT_THROW(run_experiments(file, prepared, options), RunInterrupted);
  run_interrupted().store(false);
  EXPECT_FALSE(fs::exists(out)) << "the output directory must be left as it was (absent)";
  const fs::path area = staging_area(out);
  ASSERT_TRUE(fs::exists(area / "journal.jsonl"));
  EXPECT_EQ(lines_of(area / "journal.jsonl"), 51u);  // the input's line, then one per finished run

  const auto r = run_mpnsim("run " + quickstart() + " --resume -j 2 -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("50 of 97 run(s) were done, 47 to go"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(area)) << "the staging area is removed once the results are in place";
  expect_same_tree(clean, out);
}

TEST(Resume, ARunWithoutResumeStartsAfreshAndOtherInputIsRefused) {
  TempDir dir("afresh");
  const std::string file = dir.file("e.yaml", "name: t\nkind: topology\ntopology: {kind: let}\n"
                                              "sweep:\n  topology.depth: \"1:6\"\n");
  const fs::path out = dir.path() / "out";
  const ExperimentFile f = load_experiment_file(file, {});
  const std::vector<PreparedExperiment> prepared = prepare_experiments(f);
  std::atomic<int> finished{0};
  RunOptions options;
  options.output_dir = out.string();
  options.jobs = 1;
  options.progress = false;
  options.after_run = [&] {
    if (++finished >= 2) run_interrupted().store(true);
  };
  EXPECT_THROW(run_experiments(f, prepared, options), RunInterrupted);
  run_interrupted().store(false);
  ASSERT_TRUE(fs::exists(staging_area(out)));

  // Other input (a --set) does not match what was kept.
  auto r = run_mpnsim("run " + file + " --resume --set topology.depth=3 -o " + out.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("made from other input"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(staging_area(out))) << "a refused resume keeps what was kept";

  r = run_mpnsim("run " + file + " -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("resuming"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(staging_area(out)));

  // Nothing to resume: a warning, then a run from the start.
  r = run_mpnsim("run " + file + " --resume -o " + out.string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("nothing to resume"), std::string::npos) << r.output;
}

TEST(Resume, SigintToARunningProcessLeavesTheOutputAsItWasAndResumes) {
  TempDir dir("sigint");
  // About a second of work on one core: 24 runs of 20 random trees of some thousand tasks.
  const std::string file = dir.file("slow.yaml",
                                    "name: slow\nkind: task_tree\ntopology: {kind: let, depth: 3}\nscheduler: mds\n"
                                    "workload: {kind: random, spawn: 0.95, fanout: 3, depth: 14}\ntrees: 20\n"
                                    "rows: summary\nrepetitions: 2\n"
                                    "sweep:\n  scheduler: [mds, rr, ml, dem, hbm, gm]\n  workload.depth: [13, 14]\n");
  const fs::path clean = dir.path() / "clean", out = dir.path() / "out";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + clean.string()).exit_code, 0);
  // An earlier run's output, which the interrupted run must leave as it was.
  const std::string earlier = dir.file("earlier.yaml", "name: slow\nkind: topology\ntopology: {kind: let}\n");
  ASSERT_EQ(run_mpnsim("run " + earlier + " -q -o " + out.string()).exit_code, 0);
  const auto before = tree_of(out);

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::string o = out.string();
    execl(MPNSIM_BINARY, MPNSIM_BINARY, "run", file.c_str(), "-q", "-j", "1", "-o", o.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // Once some runs are in the journal, Ctrl-C. The run is stopped (SIGSTOP) where it was seen
  // with unfinished runs, so the signal always lands mid-run, however fast the machine: a run
  // that ended first fails the test rather than skipping it (issue #42).
  const fs::path journal = staging_area(out) / "journal.jsonl";
  int status = 0;
  bool ended = false, caught = false;
  while (!ended && !caught) {
    if (lines_of(journal) >= 2) {
      kill(child, SIGSTOP);
      waitpid(child, &status, WUNTRACED);
      ended = !WIFSTOPPED(status);
      caught = !ended;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a poll, not a deadline
      ended = waitpid(child, &status, WNOHANG) == child;
    }
  }
  if (caught) {
    kill(child, SIGINT);
    kill(child, SIGCONT);
    waitpid(child, &status, 0);
  }
  ASSERT_TRUE(caught) << "the run ended before it could be stopped";
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_EQ(tree_of(out), before) << "Ctrl-C changed the output directory";
  const std::size_t kept = lines_of(journal) - 1;
  EXPECT_GE(kept, 1u);

  const auto r = run_mpnsim("run " + file + " --resume -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find(std::to_string(kept) + " of 24 run(s) were done"), std::string::npos) << r.output;
  expect_same_tree(clean, out);
}

}  // namespace
}  // namespace mpnsim
