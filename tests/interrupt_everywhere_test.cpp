// Ctrl-C in every command (issue #40 item 3): dag, dlt, validate and an online stream's run exit 130 with one line and
// write nothing; gnuplot is killed.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "experiments/output/child_process.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "sim/interruption.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::TempDir;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs `mpnsim ARGS` under a CPU cap with MPNSIM_TEST_MARKER set (sim/test_marker.hpp), waits
// for the marker (the handler is in place) and sends SIGINT. No clock: the signal is sent once
// the process says it will answer it, and the flag it sets stays set, so the first poll of the
// work stops it. A loop that never polled runs into the CPU cap instead (exit 137 or SIGXCPU).
testing::CommandResult interrupted_at_marker(const TempDir& dir, const std::string& args, int cpu_seconds = 60) {
  const std::string marker = (dir.path() / "marker").string();
  const std::string cmd = "ulimit -t " + std::to_string(cpu_seconds) + "; MPNSIM_TEST_MARKER='" + marker + "' " +
                          std::string(MPNSIM_BINARY) + " " + args + " > '" + (dir.path() / "log").string() +
                          "' 2>&1 & pid=$!; while [ ! -e '" + marker +
                          "' ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done; kill -INT $pid; wait $pid; "
                          "echo rc=$?; cat '" + (dir.path() / "log").string() + "'";
  testing::CommandResult r = testing::run_shell(cmd);
  const auto at = r.output.find("rc=");
  r.exit_code = at == std::string::npos ? -1 : std::stoi(r.output.substr(at + 3));
  return r;
}

// ETF compares every ready task with every processor after each placement: about 30 s here.
constexpr const char* kLongDag = "dag -q --generate --tasks 20000 --topology hypercube --dim 3 --scheduler etf";

TEST(InterruptEverywhere, DagSaysSoInOneLineAndWritesNoOutputFile) {
  TempDir dir("int-dag");
  const std::string csv = (dir.path() / "schedule.csv").string();
  const auto r = interrupted_at_marker(dir, std::string(kLongDag) + " --schedule " + csv + " --write-dot " +
                                                 (dir.path() / "g.dot").string());
  EXPECT_EQ(r.exit_code, 130) << r.output;
  EXPECT_TRUE(contains(r.output, "dag: interrupted: nothing was written")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(csv));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "g.dot"));
}

// A stream of workflows (kind: online, issue #39) stops at the signal too, and leaves no output folder.
TEST(InterruptEverywhere, AnOnlineStreamWritesNoOutput) {
  TempDir dir("int-online");
  const std::string file = dir.file("s.yaml", R"(name: long-stream
kind: online
machine: {topology: {kind: hypercube, dim: 4}, processor: {send_ports: 1, recv_ports: 1}}
workload: {kind: random-dag, tasks: 100}
arrivals: {kind: fixed, interval: 0}
workflows: 2000
scheduler: {name: fdws, comm: contention}
outputs: {gantt: true}
)");
  const auto out = dir.path() / "out";
  const auto r = interrupted_at_marker(dir, "run -q " + file + " -o " + out.string());
  EXPECT_EQ(r.exit_code, 130) << r.output;
  EXPECT_TRUE(contains(r.output, "interrupted")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out)) << r.output;
}

TEST(InterruptEverywhere, ValidateOfALongSweepStopsAtTheSignal) {
  TempDir dir("int-validate");
  // Every point of a DAG sweep is prepared (its graph generated and checked) before "ok".
  std::string seeds;
  for (int i = 1; i <= 20000; ++i) seeds += (i > 1 ? ", " : "") + std::to_string(i);
  std::ofstream(dir.path() / "e.yaml") << "name: e\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 3}}\n"
                                          "workload: {kind: random-dag, tasks: 2000}\nscheduler: {name: heft}\n"
                                          "sweep:\n  workload.seed: ["
                                       << seeds << "]\n";
  const auto r = interrupted_at_marker(dir, "validate " + (dir.path() / "e.yaml").string());
  EXPECT_EQ(r.exit_code, 130) << r.output;
  EXPECT_TRUE(contains(r.output, "interrupted")) << r.output;
  EXPECT_FALSE(contains(r.output, ": ok (")) << r.output;
}

// The divisible-load program of 8 workers x 1000 installments takes GLPK about 40 s: its simplex
// runs in slices of iterations with a poll between them, so the signal stops it at once. Without
// the polls, the CPU cap kills it.
TEST(InterruptEverywhere, DltStopsInsideTheLinearProgram) {
  TempDir dir("int-dlt");
  const auto r = interrupted_at_marker(
      dir, "dlt --strategy star-multi-installment --topology star --n 9 --w 1 --z 0.5 --installments 1000", 8);
  EXPECT_EQ(r.exit_code, 130) << r.output;
  EXPECT_TRUE(contains(r.output, "dlt: interrupted: nothing was written")) << r.output;
}

// gnuplot (any child) is killed once the flag is set, and waited for.
TEST(InterruptEverywhere, AChildIsKilledWhenTheRunIsInterrupted) {
  TempDir dir("int-child");
  std::atomic<bool> done{false};
  std::thread raiser([&] {
    // Set the flag once the child shows it runs (its file), never by the clock.
    while (!done.load() && !std::filesystem::exists(dir.path() / "started"))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    interruption_requested().store(true);
  });
  const ChildResult r = run_child(dir.path(), "sh", {"-c", "touch started; exec sleep 600"});
  done.store(true);
  raiser.join();
  interruption_requested().store(false);
  EXPECT_TRUE(r.started);
  EXPECT_TRUE(r.interrupted);
}

TEST(InterruptEverywhere, NoGnuplotIsStartedOnceTheRunIsInterrupted) {
  TempDir dir("int-gnuplot");
  std::ofstream(dir.path() / "p.gp") << "set output 'made'\nprint 'ran'\n";
  interruption_requested().store(true);
  std::string error;
  const bool ok = run_gnuplot(dir.path(), "p.gp", error);
  interruption_requested().store(false);
  EXPECT_FALSE(ok);
  EXPECT_EQ(error, "interrupted");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "made"));
}

TEST(InterruptEverywhere, AChildsOutputAndExitCodeAreKept) {
  TempDir dir("int-child-out");
  const ChildResult r = run_child(dir.path(), "sh", {"-c", "pwd; echo oops >&2; exit 3"});
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.interrupted);
  EXPECT_EQ(r.status, 3);
  EXPECT_TRUE(contains(r.output, dir.path().filename().string())) << r.output;
  EXPECT_TRUE(contains(r.output, "oops")) << r.output;
  const ChildResult missing = run_child(dir.path(), "no-such-program-mpnsim", {});
  EXPECT_FALSE(missing.started);
}

}  // namespace
}  // namespace mpnsim
