// Tests of the compare: block: its files agree with the run's own results.csv, and bad blocks are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "experiments/analysis/wilcoxon.hpp"
#include "experiments/run/comparison_files.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

// A CSV without quoted commas, as rows of name -> cell.
std::vector<std::map<std::string, std::string>> read_csv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream h(line); std::getline(h, line, ',');) header.push_back(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    std::map<std::string, std::string> row;
    std::istringstream c(line);
    for (const auto& name : header) {
      std::string cell;
      std::getline(c, cell, ',');
      row[name] = cell;
    }
    rows.push_back(row);
  }
  return rows;
}

TEST(CompareBlock, FilesAgreeWithResultsCsvOn51GraphsAndThreeSchedulers) {
  TempDir dir("compare51");
  const std::string out = (dir.path() / "out").string();
  const auto r = run_mpnsim("run " + std::string(MPNSIM_SOURCE_DIR) +
                            "/experiments/examples/compare_dag_schedulers.yaml -q -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto results = read_csv(read_file(dir.path() / "out" / "results.csv"));
  const auto comparison = read_csv(read_file(dir.path() / "out" / "comparison.csv"));
  const auto pairwise = read_csv(read_file(dir.path() / "out" / "pairwise.csv"));
  const auto profile = read_csv(read_file(dir.path() / "out" / "profile_makespan.csv"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "comparison.md"));
  const std::vector<std::string> variants{"lps", "hlf", "heft"};

  // makespan[repetition][variant] straight from results.csv.
  std::map<int, std::map<std::string, double>> makespan;
  for (const auto& row : results) makespan[std::stoi(row.at("repetition"))][row.at("scheduler.name")] = std::stod(row.at("makespan"));
  ASSERT_EQ(makespan.size(), 51u);

  // Per variant: mean, best count, wins and losses, by hand from the matrix (lower is better).
  auto tied = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); };
  for (const auto& v : variants) {
    double sum = 0;
    int best = 0, wins = 0, losses = 0;
    for (const auto& [rep, by] : makespan) {
      sum += by.at(v);
      double lowest = by.begin()->second;
      for (const auto& [w, x] : by) lowest = std::min(lowest, x);
      best += tied(by.at(v), lowest);
      for (const auto& [w, x] : by)
        if (w != v && !tied(by.at(v), x)) (by.at(v) < x ? wins : losses) += 1;
    }
    const auto row = std::find_if(comparison.begin(), comparison.end(),
                                  [&](const auto& c) { return c.at("metric") == "makespan" && c.at("variant") == v; });
    ASSERT_NE(row, comparison.end()) << v;
    EXPECT_EQ(row->at("instances"), "51");
    EXPECT_NEAR(std::stod(row->at("mean")), sum / 51, 1e-9 * sum);
    EXPECT_EQ(std::stoi(row->at("best")), best) << v;
    EXPECT_EQ(std::stoi(row->at("wins")), wins) << v;
    EXPECT_EQ(std::stoi(row->at("losses")), losses) << v;
    // The profile at tau = 1 is the share of graphs where the variant is best.
    ASSERT_FALSE(profile.empty());
    EXPECT_EQ(profile.front().at("tau"), "1");
    EXPECT_NEAR(std::stod(profile.front().at(v)), best / 51.0, 1e-12) << v;
  }

  // Each pair: the counts, and the Wilcoxon p of the paired makespans read from results.csv.
  ASSERT_EQ(std::count_if(pairwise.begin(), pairwise.end(), [](const auto& p) { return p.at("metric") == "makespan"; }), 3);
  for (const auto& p : pairwise) {
    if (p.at("metric") != "makespan") continue;
    std::vector<double> a, b;
    int a_better = 0, b_better = 0;
    for (const auto& [rep, by] : makespan) {
      a.push_back(by.at(p.at("variant_a")));
      b.push_back(by.at(p.at("variant_b")));
      if (!tied(a.back(), b.back())) (a.back() < b.back() ? a_better : b_better) += 1;
    }
    EXPECT_EQ(std::stoi(p.at("a_better")), a_better);
    EXPECT_EQ(std::stoi(p.at("b_better")), b_better);
    EXPECT_NEAR(std::stod(p.at("wilcoxon_p")), wilcoxon_signed_rank(a, b).p_value, 1e-12);
    EXPECT_GE(std::stod(p.at("holm_p")), std::stod(p.at("wilcoxon_p")));
  }
}

TEST(CompareBlock, OtherSweptKeysBecomeColumnsAndGroups) {
  TempDir dir("compare-groups");
  const std::string yaml = R"(name: g
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 12, max_in: 2, max_out: 2, exec_min: 1, exec_max: 5, data_min: 1, data_max: 5}
scheduler: {name: lps}
repetitions: 4
sweep:
  scheduler.name: [lps, heft]
  machine.topology.dim: [2, 3]
compare: {by: scheduler.name, metrics: [makespan]}
)";
  const auto r = run_mpnsim("run " + dir.file("g.yaml", yaml) + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto comparison = read_csv(read_file(dir.path() / "out" / "comparison.csv"));
  ASSERT_EQ(comparison.size(), 4u);  // 2 dims x 2 schedulers
  EXPECT_EQ(comparison[0].at("machine.topology.dim"), "2");
  EXPECT_EQ(comparison[3].at("machine.topology.dim"), "3");
  EXPECT_EQ(comparison[0].at("instances"), "4");
}

TEST(CompareBlock, BadBlocksAreRefusedBeforeAnyWork) {
  TempDir dir("compare-bad");
  const std::string head = R"(name: b
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 8}
scheduler: {name: lps}
sweep:
  scheduler.name: [lps, heft]
)";
  auto validate = [&](const std::string& compare) { return run_mpnsim("validate " + dir.file("b.yaml", head + compare)); };
  auto r = validate("compare: {by: scheduler.nam, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("did you mean 'scheduler.name'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("b.yaml:8:"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, metrics: []}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = validate("compare: {by: scheduler.name, metrics: [{name: speedup, better: more}]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("lower or higher"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, metrics: [makespan, makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = validate("compare: {by: scheduler.name, metrics: [makespan], ratio_to: worst}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("expected best"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, metrics: [makespan], ratio_to: optimum}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("'optimal'"), std::string::npos) << r.output;
  const std::string one = R"(name: b
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 8}
scheduler: {name: lps}
sweep:
  scheduler.name: [lps]
compare: {by: scheduler.name, metrics: [makespan]}
)";
  r = run_mpnsim("validate " + dir.file("one.yaml", one));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("at least two"), std::string::npos) << r.output;
}

// ratio_to: optimum and bound, against results.csv: each heuristic's ratio is its makespan over
// the optimal run's on the same graph, and over the graph's largest lower_bound.
TEST(CompareBlock, RatiosToTheOptimumAndToTheBoundAgreeWithResultsCsv) {
  TempDir dir("compare-ratio-to");
  for (const std::string mode : {"optimum", "bound"}) {
    const std::string yaml = dir.file(mode + ".yaml", R"(name: r
kind: dag
machine: {topology: {kind: complete, n: 3}}
workload: {kind: random-dag, tasks: 7}
scheduler: {name: heft}
ec_ratio: 0.5
repetitions: 5
sweep:
  scheduler.name: [optimal, heft, hlf]
compare: {by: scheduler.name, metrics: [makespan], ratio_to: )" + mode + "}\n");
    const std::string out = (dir.path() / mode).string();
    const auto r = run_mpnsim("run " + yaml + " -q -o " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto results = read_csv(read_file(out + "/results.csv"));
    const auto cmp = read_csv(read_file(out + "/comparison.csv"));
    std::map<std::string, std::vector<double>> makespans;
    std::map<std::string, double> optimum, bound;
    for (const auto& row : results) {
      makespans[row.at("scheduler.name")].push_back(std::stod(row.at("makespan")));
      const std::string rep = row.at("repetition");
      bound[rep] = std::max(bound[rep], std::stod(row.at("lower_bound")));
      if (row.at("scheduler.name") == "optimal") {
        ASSERT_EQ(row.at("optimal"), "true");
        optimum[rep] = std::stod(row.at("makespan"));
      }
    }
    for (const auto& row : cmp) {
      const std::string v = row.at("variant");
      double sum = 0;
      int k = 0;
      for (const auto& res : results)
        if (res.at("scheduler.name") == v) {
          const std::string rep = res.at("repetition");
          sum += std::stod(res.at("makespan")) / (mode == "optimum" ? optimum[rep] : bound[rep]);
          ++k;
        }
      EXPECT_NEAR(std::stod(row.at("mean_ratio_to_" + mode)), sum / k, 1e-9 * sum / k) << mode << " " << v;
      EXPECT_EQ(row.at("ratio_instances"), "5");
    }
  }
}

// Three small graphs of different shapes: a benchmark set of files.
const char* kChain = "digraph c { node [size=2]; a -> b [size=3]; b -> c [size=1]; c -> d [size=2]; }\n";
const char* kFork = "digraph f { node [size=1]; r -> a [size=4]; r -> b [size=4]; r -> c [size=4]; a -> z [size=1]; "
                    "b -> z [size=1]; c -> z [size=1]; }\n";
const char* kWide = "digraph w { node [size=3]; a -> c [size=1]; b -> c [size=1]; a -> d [size=2]; b -> d [size=2]; "
                    "c -> e [size=5]; d -> e [size=5]; }\n";

TEST(CompareBlock, RepetitionsOfADeterministicInputAreRefused) {
  TempDir dir("compare-pseudo");
  const std::string dot = dir.file("g.dot", kChain);
  auto experiment = [&](const std::string& workload, const std::string& reps) {
    return "name: p\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 2}}\nworkload: " + workload +
           "\nscheduler: {name: lps}\nrepetitions: " + reps +
           "\nsweep:\n  scheduler.name: [lps, heft]\ncompare: {by: scheduler.name, metrics: [makespan]}\n";
  };
  // One fixed DOT graph, 20 repetitions: 20 identical runs, one instance. Refused before any
  // work, at `repetitions` (line 6), by validate and by run.
  const std::string file = dir.file("p.yaml", experiment("{kind: dot, file: g.dot}", "20"));
  for (const std::string& command : {"validate " + file, "run " + file + " -q -o " + (dir.path() / "out").string()}) {
    const auto r = run_mpnsim(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("p.yaml:6:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("repetitions"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("one instance"), std::string::npos) << r.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out" / "comparison.csv"));
  // Given on the command line, the flag is named.
  auto r = run_mpnsim("validate " + dir.file("q.yaml", experiment("{kind: dot, file: g.dot}", "1")) +
                      " --repetitions 5");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--repetitions"), std::string::npos) << r.output;
  // A generated graph with its own fixed seed is deterministic too.
  r = run_mpnsim("validate " + dir.file("s.yaml", experiment("{kind: random-dag, tasks: 8, seed: 3}", "4")));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  // One repetition of the file, or generated graphs drawn from the seed, are fine.
  r = run_mpnsim("validate " + dir.file("one.yaml", experiment("{kind: dot, file: g.dot}", "1")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  r = run_mpnsim("validate " + dir.file("rnd.yaml", experiment("{kind: random-dag, tasks: 8}", "4")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // Without compare:, repetitions are the user's business.
  r = run_mpnsim("validate " + dir.file("nc.yaml", "name: n\nkind: dag\nmachine: {topology: {kind: hypercube, dim: "
                                                    "2}}\nworkload: {kind: dot, file: g.dot}\nscheduler: {name: "
                                                    "lps}\nrepetitions: 3\n"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(CompareBlock, RepetitionsOfFixedTreesAndDivisibleLoadsAreRefused) {
  TempDir dir("compare-pseudo-kinds");
  const std::string tree = R"(name: t
kind: task_tree
topology: {kind: let, depth: 2}
scheduler: mds
workload: WORKLOAD
repetitions: 3
sweep:
  scheduler: [mds, rr]
compare: {by: scheduler, metrics: [lif]}
)";
  auto with = [&](const std::string& w) {
    std::string t = tree;
    t.replace(t.find("WORKLOAD"), 8, w);
    return t;
  };
  auto r = run_mpnsim("validate " + dir.file("c.yaml", with("{kind: complete, arity: 2, depth: 4}")));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("c.yaml:6:"), std::string::npos) << r.output;
  r = run_mpnsim("validate " + dir.file("r.yaml", with("{kind: random, spawn: 0.9, fanout: 2, depth: 6}")));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const std::string divisible = R"(name: d
kind: divisible
machine: {topology: {kind: hypercube, dim: 2}}
strategy: {name: hypercube-allport}
repetitions: 2
sweep:
  strategy.name: [hypercube-allport, hypercube-nlf]
compare: {by: strategy.name, metrics: [makespan]}
)";
  r = run_mpnsim("validate " + dir.file("d.yaml", divisible));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("d.yaml:5:"), std::string::npos) << r.output;
}

TEST(CompareBlock, OverPoolsSweptFilesIntoOneSetOfInstances) {
  TempDir dir("compare-over");
  dir.file("chain.dot", kChain);
  dir.file("fork.dot", kFork);
  dir.file("wide.dot", kWide);
  const std::string yaml = R"(name: o
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: dot, file: chain.dot}
scheduler: {name: lps}
sweep:
  scheduler.name: [lps, heft]
  workload.file: [chain.dot, fork.dot, wide.dot]
  machine.topology.dim: [1, 2]
compare: {by: scheduler.name, over: [workload.file], metrics: [makespan]}
)";
  const auto r = run_mpnsim("run " + dir.file("o.yaml", yaml) + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto comparison = read_csv(read_file(dir.path() / "out" / "comparison.csv"));
  ASSERT_EQ(comparison.size(), 4u);  // 2 dims x 2 schedulers; the files are instances, not groups
  EXPECT_EQ(comparison[0].count("workload.file"), 0u);
  EXPECT_EQ(comparison[0].at("machine.topology.dim"), "1");
  for (const auto& row : comparison) EXPECT_EQ(row.at("instances"), "3");
  const auto pairs = read_csv(read_file(dir.path() / "out" / "pairwise.csv"));
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].at("instances"), "3");
  // Both over keys pool: 3 files x 2 dims = 6 instances in one group.
  std::string both = yaml;
  both.replace(both.find("over: [workload.file]"), 21, "over: [workload.file, machine.topology.dim]");
  const auto r2 = run_mpnsim("run " + dir.file("o2.yaml", both) + " -q -o " + (dir.path() / "out2").string());
  ASSERT_EQ(r2.exit_code, 0) << r2.output;
  const auto pooled = read_csv(read_file(dir.path() / "out2" / "comparison.csv"));
  ASSERT_EQ(pooled.size(), 2u);
  EXPECT_EQ(pooled[0].at("instances"), "6");
}

TEST(CompareBlock, BadOverKeysAreRefused) {
  TempDir dir("compare-over-bad");
  const std::string head = R"(name: b
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 8}
scheduler: {name: lps}
sweep:
  scheduler.name: [lps, heft]
  machine.topology.dim: [2, 3]
)";
  auto validate = [&](const std::string& compare) { return run_mpnsim("validate " + dir.file("b.yaml", head + compare)); };
  auto r = validate("compare: {by: scheduler.name, over: [scheduler.name], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("b.yaml:9:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("is `by`"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, over: [machine.topology.dimm], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("did you mean 'machine.topology.dim'"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, over: [workload.tasks], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("not swept"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, over: [machine.topology.dim, machine.topology.dim], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("already in `over`"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, over: {a: 1}, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = validate("compare: {by: scheduler.name, over: machine.topology.dim, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(CompareBlock, OneInstanceHasNoIntervalAndNoRatioIsInfinite) {
  TempDir dir("compare-one");
  dir.file("g.dot", kFork);
  // One file, one repetition: one instance per group. Its interval is undefined: empty in
  // comparison.csv and no "±" in comparison.md.
  const std::string yaml = R"(name: one
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: dot, file: g.dot}
scheduler: {name: lps}
sweep:
  scheduler.name: [lps, heft, hlf]
compare: {by: scheduler.name, metrics: [makespan]}
)";
  const auto r = run_mpnsim("run " + dir.file("one.yaml", yaml) + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto comparison = read_csv(read_file(dir.path() / "out" / "comparison.csv"));
  ASSERT_EQ(comparison.size(), 3u);
  for (const auto& row : comparison) {
    EXPECT_EQ(row.at("instances"), "1");
    EXPECT_EQ(row.at("ci95"), "") << "an interval of one instance";
  }
  const std::string md = read_file(dir.path() / "out" / "comparison.md");
  EXPECT_EQ(md.find("±"), md.find("mean ± 95 %") + 5) << md;  // only in the table's header
  EXPECT_EQ(md.find("±", md.find("mean ± 95 %") + 7), std::string::npos) << md;
  EXPECT_EQ(md.find("± 0"), std::string::npos) << md;
}

TEST(CompareBlock, LifOfZeroGivesFiniteGapsAndNoInfiniteRatio) {
  TempDir dir("compare-lif");
  // Small random trees on a small network: the best LIF of a level is often 0.
  const std::string yaml = R"(name: lif
kind: task_tree
topology: {kind: let, depth: 2}
scheduler: mds
workload: {kind: random, spawn: 0.9, fanout: 2, depth: 6}
trees: 3
repetitions: 4
sweep:
  scheduler: [mds, rr, ml]
compare: {by: scheduler, metrics: [lif]}
)";
  const auto r = run_mpnsim("run " + dir.file("lif.yaml", yaml) + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = read_file(dir.path() / "out" / "comparison.csv");
  EXPECT_EQ(csv.find("inf"), std::string::npos) << csv;
  const auto comparison = read_csv(csv);
  ASSERT_FALSE(comparison.empty());
  bool some_left_out = false;
  for (const auto& row : comparison) {
    const double gap = std::stod(row.at("gap_to_best"));
    EXPECT_TRUE(std::isfinite(gap));
    EXPECT_GE(gap, 0.0);
    some_left_out = some_left_out || row.at("ratio_instances") != row.at("instances");
  }
  EXPECT_TRUE(some_left_out) << csv;  // the case the rule is for did occur
  const std::string md = read_file(dir.path() / "out" / "comparison.md");
  EXPECT_EQ(md.find("| inf"), std::string::npos) << md;
  EXPECT_EQ(md.find("| nan"), std::string::npos) << md;
}

}  // namespace
}  // namespace mpnsim
