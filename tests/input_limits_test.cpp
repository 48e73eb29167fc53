// Regression tests of issue #21, input side: number rules up front, mpnsim's words for library errors,
// pipes as experiment files, interruption of long work, time and memory estimates.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const char* kDivisible = R"(name: nlf
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
  processor: {w: 1}
  link: {z: 0.5, S: 0}
strategy: {name: hypercube-nlf}
load: 1000
)";

// V1: a ratio that scales the data past the model's arithmetic was found only after the work (exit 1).
TEST(InputNumbers, EcRatioOutOfRangeIsRefusedByValidate) {
  TempDir dir("in-ec");
  const std::string f = dir.file("d.yaml", R"(name: d
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 20}
scheduler: {name: heft}
ec_ratio: 1e308
)");
  const auto v = run_mpnsim("validate " + f);
  EXPECT_EQ(v.exit_code, 2) << v.output;
  EXPECT_TRUE(contains(v.output, "d.yaml:6:11: 'ec_ratio': expected a number in [1e-06, 1000000]")) << v.output;
  const auto r = run_mpnsim("run " + f + " -q -o " + (dir.path() / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

// Found by the experiment_yaml fuzz campaign: an ec_ratio no graph of the workload can reach on
// the machine (a one-processor hypercube has no links) passed validate and failed at the first
// run. Each way a ratio cannot be reached is now refused by validate at the key, and what
// validate accepts runs.
TEST(InputNumbers, EcRatioNoGraphCanReachIsRefusedByValidate) {
  TempDir dir("in-ec-reach");
  auto file = [&](const std::string& name, const std::string& machine, const std::string& workload) {
    return dir.file(name, "name: e\nkind: dag\nmachine: " + machine + "\nworkload: " + workload +
                              "\nscheduler: {name: heft}\nec_ratio: 1\n");
  };
  const std::string cube = "{topology: {kind: hypercube, dim: 2}}";
  const std::string random = "{kind: random-dag, tasks: 12}";
  struct Case {
    std::string file, expected;
  };
  dir.file("zero.dot", "digraph g { node [size=2]; a -> b [size=0]; a -> c [size=0] }\n");
  const std::vector<Case> refused{
      {file("single.yaml", "{topology: {kind: hypercube, dim: 0}}", random),
       "single.yaml:6:11: 'ec_ratio': ec_ratio 1 needs links that take time per unit of data"},
      {file("free.yaml", "{topology: {kind: hypercube, dim: 2}, link: {z: 0}}", random),
       "free.yaml:6:11: 'ec_ratio': ec_ratio 1 needs links that take time per unit of data"},
      {file("one.yaml", cube, "{kind: random-dag, tasks: 1}"), "a random-dag of 1 task has none"},
      {file("nodata.yaml", cube, "{kind: random-dag, tasks: 12, data_min: 0, data_max: 1}"),
       "with data_min 0 a graph can draw no data at all"},
      {file("startup.yaml", "{topology: {kind: hypercube, dim: 2}, link: {S: 5}}", random),
       "a graph's mean execution time can be as low as 1 (exec_min x mean w x Tcp), and the ratio needs it above "
       "ec_ratio x S = 5"},
      {file("zero.yaml", cube, "{kind: dot, file: zero.dot}"), "needs edges carrying data"},
  };
  for (const auto& c : refused) {
    const auto v = run_mpnsim("validate " + c.file);
    EXPECT_EQ(v.exit_code, 2) << c.file << "\n" << v.output;
    EXPECT_TRUE(contains(v.output, c.expected)) << c.file << "\n" << v.output;
  }
  // The same workloads where the ratio can be reached validate and run.
  for (const std::string& workload : {random, std::string("{kind: random-dag, tasks: 2, data_min: 1, data_max: 1}")}) {
    const std::string f = file("ok.yaml", "{topology: {kind: hypercube, dim: 2}, link: {S: 0.5}}", workload);
    const auto v = run_mpnsim("validate " + f);
    EXPECT_EQ(v.exit_code, 0) << v.output;
    const auto r = run_mpnsim("run " + f + " -q -o " + (dir.path() / "out").string());
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::filesystem::remove_all(dir.path() / "out");
  }
}

// V2, V3: Tcp = 1e308 and w = 0 on a divisible experiment ran with exit 0 and wrote inf,
// -nan and negative fractions. Both are refused by validate, at their key.
TEST(InputNumbers, MachineNumbersThatBreakTheArithmeticAreRefusedUpFront) {
  TempDir dir("in-machine");
  const std::string f = dir.file("nlf.yaml", kDivisible);
  const auto ok = run_mpnsim("validate " + f);
  ASSERT_EQ(ok.exit_code, 0) << ok.output;
  const auto tcp = run_mpnsim("validate " + f + " --set machine.Tcp=1e308");
  EXPECT_EQ(tcp.exit_code, 2) << tcp.output;
  EXPECT_TRUE(contains(tcp.output, "'machine.Tcp': expected a number in (0, 1e+150], got '1e308'")) << tcp.output;
  const auto w = run_mpnsim("validate " + f + " --set machine.processor.w=0");
  EXPECT_EQ(w.exit_code, 2) << w.output;
  EXPECT_TRUE(contains(w.output, "'machine.processor.w': processor 0 has w = 0: a divisible load needs w > 0"))
      << w.output;
  const auto run = run_mpnsim("run " + f + " -q --set machine.processor.w=0 -o " + (dir.path() / "o").string());
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "o" / "results.csv"));
  // Each factor within range, their product not: w*Tcp is refused at Tcp.
  const auto product = run_mpnsim("validate " + f + " --set machine.Tcp=1e100 --set machine.processor.w=1e100");
  EXPECT_EQ(product.exit_code, 2) << product.output;
  EXPECT_TRUE(contains(product.output, "w*Tcp of processor 0 (1e+100 * 1e+100) = 1e+200: expected at most 1e+150"))
      << product.output;
  // The load times the slowest time per unit, at the load.
  const auto load = run_mpnsim("validate " + f + " --set load=1e300 --set machine.Tcp=1e10");
  EXPECT_EQ(load.exit_code, 2) << load.output;
  EXPECT_TRUE(contains(load.output, "'load': load 1e+300 at up to 1e+10 per unit")) << load.output;
}

// V4: an infinite finish time drove the Gantt writer to bad_alloc.
TEST(InputNumbers, DltWithAnInfiniteFinishTimeIsRefusedBeforeDrawing) {
  TempDir dir("in-v4");
  const std::string svg = (dir.path() / "g.svg").string();
  const auto r = testing::run_mpnsim_capped(
      "dlt --strategy hypercube-nlf --topology hypercube --dim 2 --Tcp 1e308 --load 1000 --gantt " + svg, 60, 1024);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "'machine.Tcp': expected a number in (0, 1e+150], got '1e+308'")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(svg));
}

// A truncated slice: the JSON library's "[json.exception.parse_error.101] ..." was shown as is.
TEST(InputWords, ATruncatedSliceIsReportedInMpnsimsWords) {
  TempDir dir("in-slice");
  const std::string f = dir.file("nlf.yaml", kDivisible);
  const std::string out = (dir.path() / "out").string();
  const auto shard = run_mpnsim("run " + f + " -q --shard 0/2 -o " + out);
  ASSERT_EQ(shard.exit_code, 0) << shard.output;
  const std::string slice = out + "/slice-0-of-2.json";
  const std::string text = testing::read_file(slice);
  std::ofstream(slice, std::ios::trunc) << text.substr(0, text.size() / 2);
  const auto r = run_mpnsim("merge " + f + " " + slice + " -o " + (dir.path() / "m").string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(contains(r.output, "json.exception")) << r.output;
  EXPECT_TRUE(contains(r.output, "expected the JSON records a `mpnsim run --shard` slice holds, but the text ends "
                                 "inside them"))
      << r.output;
}

// yaml-cpp reports nesting past its depth limit as "bad file".
TEST(InputWords, TooDeepYamlIsReportedInMpnsimsWords) {
  TempDir dir("in-deep");
  const std::string f = dir.file("deep.yaml", "name: deep\nkind: topology\nx: " + std::string(3000, '[') + "\n");
  const auto r = run_mpnsim("validate " + f);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(contains(r.output, "bad file")) << r.output;
  EXPECT_TRUE(contains(r.output, "expected mappings and lists nested fewer than")) << r.output;
  const auto m = run_mpnsim("dlt --strategy generic --machine " + f);
  EXPECT_EQ(m.exit_code, 2) << m.output;
  EXPECT_FALSE(contains(m.output, "bad file")) << m.output;
}

// R6: `mpnsim validate <(cat f.yaml)` said "no such experiment file"; a FIFO is read once.
TEST(InputFiles, ValidateAndRunReadAPipe) {
  TempDir dir("in-fifo");
  const std::string f = dir.file("nlf.yaml", kDivisible);
  const std::string fifo = (dir.path() / "pipe.yaml").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto v = testing::run_mpnsim_env("cat " + f + " > " + fifo + " &", "validate " + fifo);
  EXPECT_EQ(v.exit_code, 0) << v.output;
  EXPECT_TRUE(contains(v.output, "ok (1 experiment(s), 1 run(s))")) << v.output;
  const std::string out = (dir.path() / "out").string();
  v = testing::run_mpnsim_env("cat " + f + " > " + fifo + " &", "run -q " + fifo + " -o " + out);
  EXPECT_EQ(v.exit_code, 0) << v.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/results.csv"));
  // A directory or a device is still refused.
  const auto d = run_mpnsim("validate /dev/null");
  EXPECT_EQ(d.exit_code, 2) << d.output;
  EXPECT_TRUE(contains(d.output, "expected an experiment file (a regular file or a pipe)")) << d.output;
}

// Runs `mpnsim ARGS` (with `env` before it) under a CPU cap, waits until its stderr shows
// `marker` (a line the run writes once it has reached the work that SIGINT must stop), then
// sends SIGINT; the exit code (128 + the signal when a signal ended it, as the shell says) and
// the run's stderr in `output`. No clock: the wait polls for the line, and a run that ends
// before writing it gets no signal (its own exit code then fails the test). Only the exit code
// is asserted: a point that did not poll would run into the CPU cap (SIGXCPU), not exit 130.
int interrupted_exit(const std::string& env, const std::string& args, int cpu_seconds, const std::string& marker,
                     std::string& output) {
  const std::string cmd = "err=$(mktemp); ulimit -t " + std::to_string(cpu_seconds) + "; " + env + " " +
                          std::string(MPNSIM_BINARY) + " " + args + " 2>\"$err\" & pid=$!; " +
                          "until grep -qF -- '" + marker + "' \"$err\"; do kill -0 $pid 2>/dev/null || break; " +
                          "sleep 0.01; done; kill -INT $pid 2>/dev/null; wait $pid; rc=$?; cat \"$err\"; "
                          "rm -f \"$err\"; echo rc=$rc";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) output += buf.data();
  pclose(pipe);
  const auto at = output.rfind("rc=");
  return at == std::string::npos ? -1 : std::stoi(output.substr(at + 3));
}

// K6: a one-point experiment of ~30 s (ETF on 20 000 tasks) ran on after SIGINT. The signal
// goes once the runner says it starts the experiment's points.
TEST(Interruption, ALongPointStopsAtTheSignal) {
  TempDir dir("in-k6");
  const std::string f = dir.file("etf.yaml", R"(name: etf
kind: dag
machine: {topology: {kind: hypercube, dim: 3}}
workload: {kind: random-dag, tasks: 20000}
scheduler: {name: etf}
)");
  std::string output;
  const int rc = interrupted_exit("", "run -j 1 " + f + " -o " + (dir.path() / "out").string(), 20,
                                  "etf: 1 point(s) x 1 repetition(s)", output);
  EXPECT_EQ(rc, 130) << output;
  EXPECT_TRUE(contains(output, "etf: 1 point(s) x 1 repetition(s)")) << output;
  EXPECT_TRUE(contains(output, "interrupted")) << output;
}

// K7: the checks of a sweep of 6000 values ran on for 81 s after SIGINT. The signal goes once
// the checks say they have begun (MPNSIM_TEST_MARKERS, experiments/run/point_checks.cpp).
TEST(Interruption, TheChecksOfALongSweepStopAtTheSignal) {
  TempDir dir("in-k7");
  std::string loads;
  for (int i = 1; i <= 6000; ++i) loads += (i > 1 ? ", " : "") + std::to_string(i);
  const std::string f = dir.file("sweep.yaml", std::string(kDivisible) + "sweep:\n  load: [" + loads + "]\n");
  std::string output;
  const int rc = interrupted_exit("MPNSIM_TEST_MARKERS=1", "run -q " + f + " -o " + (dir.path() / "out").string(), 20,
                                  "checking the points of the sweep", output);
  EXPECT_EQ(rc, 130) << output;
  EXPECT_TRUE(contains(output, "checking the points of the sweep")) << output;
  EXPECT_TRUE(contains(output, "interrupted")) << output;
}

// H9: HEFT and PEFT on 10^6 tasks ran unbounded (their gap search was quadratic at worst).
// The search is now a descent of each processor's idle intervals, T P log T over a graph: 10^6
// tasks on the 8-cube are accepted, and a graph past the bound is refused with its estimate,
// at the size where the search alone tips it over (lps on the same is accepted).
TEST(WorkEstimate, InsertionSchedulersOnHugeGraphsAreRefusedWithTheEstimate) {
  for (const std::string s : {"heft", "peft"}) {
    const auto r = testing::run_mpnsim_capped("dag --generate --tasks 2000000 --max_in 3 --max_out 3 --topology "
                                              "hypercube --dim 11 --scheduler " + s, 60, 2048);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_TRUE(contains(r.output, s + " on 2000000 tasks and 2048 processors would take about 1.1e+11 steps (each "
                                       "task's idle gap is searched on every processor)"))
        << r.output;
  }
  TempDir dir("in-h9");
  const std::string yaml = R"(name: h
kind: dag
machine: {topology: {kind: hypercube, dim: 11}}
workload: {kind: random-dag, tasks: 2000000}
scheduler: {name: SCHEDULER}
)";
  auto with = [&](const std::string& scheduler) {
    std::string text = yaml;
    text.replace(text.find("SCHEDULER"), 9, scheduler);
    return dir.file(scheduler + ".yaml", text);
  };
  const auto v = run_mpnsim("validate " + with("heft"));
  EXPECT_EQ(v.exit_code, 2) << v.output;
  EXPECT_TRUE(contains(v.output, "'scheduler': heft on 2000000 tasks")) << v.output;
  const auto lps = run_mpnsim("validate " + with("lps"));
  EXPECT_EQ(lps.exit_code, 0) << lps.output;
  const auto heft = run_mpnsim("validate " + dir.file("million.yaml", R"(name: m
kind: dag
machine: {topology: {kind: hypercube, dim: 8}}
workload: {kind: random-dag, tasks: 1000000}
scheduler: {name: heft}
)"));
  EXPECT_EQ(heft.exit_code, 0) << heft.output;
}

// R1, R2: 8.5 and 7.5 GB, a raw std::bad_alloc under a 4 GB cap; now refused with the estimate.
TEST(WorkEstimate, DivisibleStrategiesOnHugeNetworksAreRefusedWithTheEstimate) {
  auto r = testing::run_mpnsim_capped("dlt --strategy generic --topology hypercube --dim 22", 60, 4096);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "strategy 'generic' on hypercube (4194304 processors, 46137344 links) would take "
                                 "about"))
      << r.output;
  r = testing::run_mpnsim_capped("dlt --strategy mesh --topology mesh --rows 3000 --cols 3000", 60, 4096);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "strategy 'mesh' on mesh (9000000 processors")) << r.output;
  EXPECT_FALSE(contains(r.output, "bad_alloc")) << r.output;
}

}  // namespace
}  // namespace mpnsim
