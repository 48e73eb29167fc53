// Tests of the compare: block: its files agree with the run's own results.csv, and bad blocks are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "experiments/analysis/wilcoxon.hpp"
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

}  // namespace
}  // namespace mpnsim
