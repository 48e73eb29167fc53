// Tests of compare: lists, factorial `by`, `control:`, ranks.csv, comparison.tex and the warnings, against results.csv.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "experiments/analysis/wilcoxon.hpp"
#include "experiments/output/latex_text.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

// The cells of one CSV line: quoted cells ("{kind: mesh, rows: 4}") keep their commas, "" is a quote.
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

// A CSV as rows of name -> cell.
std::vector<std::map<std::string, std::string>> read_csv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csv_cells(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    const auto cells = csv_cells(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size(); ++i) row[header[i]] = i < cells.size() ? cells[i] : "";
    rows.push_back(row);
  }
  return rows;
}

bool tied(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

// The shipped factorial study: 4 schedulers x 2 comm models over 6 graphs x 2 networks.
TEST(CompareList, FactorialStudyAgreesWithResultsCsv) {
  TempDir dir("compare-factorial");
  const auto r = run_mpnsim("run " + std::string(MPNSIM_SOURCE_DIR) +
                            "/experiments/examples/scheduler_comm_study.yaml -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto out = dir.path() / "out";
  for (const char* f : {"results.csv", "factorial/comparison.csv", "factorial/pairwise.csv", "factorial/ranks.csv",
                        "factorial/vs_control.csv", "factorial/comparison.md", "factorial/comparison.tex",
                        "factorial/cd.png", "factorial/cd.svg", "factorial/profile.png", "schedulers/ranks.csv",
                        "schedulers/cd_1.png", "schedulers/cd_2.svg"})
    EXPECT_TRUE(std::filesystem::exists(out / f)) << f;
  EXPECT_FALSE(std::filesystem::exists(out / "schedulers" / "vs_control.csv"));  // no control there
  EXPECT_FALSE(std::filesystem::exists(out / "comparison.csv"));                 // every comparison has its folder

  // value[instance][variant] from results.csv, an instance being a graph on a network.
  std::map<std::string, std::map<std::string, double>> value;
  for (const auto& row : read_csv(read_file(out / "results.csv")))
    value[row.at("workload.file") + "|" + row.at("machine.topology")]
         [row.at("scheduler.name") + "/" + row.at("scheduler.comm")] = std::stod(row.at("replayed_makespan"));
  ASSERT_EQ(value.size(), 12u);

  // Mean ranks by counting: 1 + the variants strictly better + half the others tied.
  const auto ranks = read_csv(read_file(out / "factorial" / "ranks.csv"));
  ASSERT_EQ(ranks.size(), 8u);
  for (const auto& row : ranks) {
    const std::string v = row.at("variant");
    double sum = 0;
    for (const auto& [instance, by] : value) {
      double rank = 1;
      for (const auto& [w, x] : by)
        if (w != v) rank += tied(x, by.at(v)) ? 0.5 : (x < by.at(v) ? 1 : 0);
      sum += rank;
    }
    EXPECT_NEAR(std::stod(row.at("mean_rank")), sum / 12, 1e-12) << v;
    EXPECT_EQ(row.at("metric"), "replayed_makespan");
    EXPECT_GT(std::stod(row.at("friedman_chi2")), 0);
    // k = 8, N = 12: CD = q_0.05(8, inf) / sqrt 2 * sqrt(8 * 9 / 72), q from SciPy's studentized_range.
    EXPECT_NEAR(std::stod(row.at("nemenyi_cd")), 4.286309409349043 / std::sqrt(2.0), 1e-7);
  }

  // Per scheduler, contention against the control free: counts by hand, p by the Wilcoxon test.
  const auto control = read_csv(read_file(out / "factorial" / "vs_control.csv"));
  ASSERT_EQ(control.size(), 4u);
  for (const auto& row : control) {
    const std::string v = row.at("variant"), c = row.at("control");
    ASSERT_EQ(c, v.substr(0, v.find('/')) + "/free");
    EXPECT_EQ(v.substr(v.find('/')), "/contention");
    int better = 0, ties = 0, worse = 0;
    std::vector<double> x, y;
    for (const auto& [instance, by] : value) {
      const double a = by.at(v), b = by.at(c);
      (tied(a, b) ? ties : a < b ? better : worse) += 1;
      x.push_back(a);
      y.push_back(b);
    }
    EXPECT_EQ(std::stoi(row.at("better")), better) << v;
    EXPECT_EQ(std::stoi(row.at("ties")), ties) << v;
    EXPECT_EQ(std::stoi(row.at("worse")), worse) << v;
    const double p = wilcoxon_signed_rank(x, y).p_value;
    EXPECT_NEAR(std::stod(row.at("wilcoxon_p")), p, 1e-12 * p) << v;
    // Holm over the 4 tests: never below the raw p, at most 4 times it.
    EXPECT_GE(std::stod(row.at("holm_p")), p * (1 - 1e-12));
    EXPECT_LE(std::stod(row.at("holm_p")), std::min(1.0, 4 * p) * (1 + 1e-12));
  }

  // One comparison per comm model in schedulers/, 4 variants each.
  const auto per_model = read_csv(read_file(out / "schedulers" / "ranks.csv"));
  ASSERT_EQ(per_model.size(), 8u);
  EXPECT_EQ(per_model.front().at("scheduler.comm"), "free");
  EXPECT_EQ(per_model.back().at("scheduler.comm"), "contention");

  const std::string tex = read_file(out / "factorial" / "comparison.tex");
  EXPECT_NE(tex.find("\\toprule"), std::string::npos);
  EXPECT_NE(tex.find("\\textbf{"), std::string::npos);
  EXPECT_NE(tex.find("replayed\\_makespan"), std::string::npos);  // escaped
  const std::string md = read_file(out / "factorial" / "comparison.md");
  EXPECT_NE(md.find("Friedman test over the 8 variants"), std::string::npos);
  EXPECT_EQ(md.find("Warning"), std::string::npos) << "replayed_makespan needs no warning";
}

const std::string kHead = R"(name: b
kind: dag
machine: {topology: {kind: hypercube, dim: 2}}
workload: {kind: random-dag, tasks: 8}
scheduler: {name: lps}
repetitions: 4
sweep:
  scheduler.name: [lps, heft, hlf]
  scheduler.comm: [free, contention]
)";

TEST(CompareList, BadListsAreRefusedAtTheirKey) {
  TempDir dir("compare-list-bad");
  auto validate = [&](const std::string& compare) { return run_mpnsim("validate " + dir.file("b.yaml", kHead + compare)); };
  auto r = validate("compare:\n  - {by: scheduler.name, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("'compare[0].name': required"), std::string::npos) << r.output;
  r = validate("compare:\n  - {name: a, by: scheduler.name, metrics: [makespan]}\n  - {name: a, by: scheduler.comm, "
               "metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("'compare[1].name': 'a' already names compare[0]"), std::string::npos) << r.output;
  r = validate("compare:\n  - {name: ../up, by: scheduler.name, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("not a folder name"), std::string::npos) << r.output;
  r = validate("compare: {by: scheduler.name, control: hefd, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("'compare.control': 'hefd' is not a value of 'scheduler.name'"), std::string::npos) << r.output;
  r = validate("compare: {by: [scheduler.name, scheduler.comm], control: heft, metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("the second key of `by`"), std::string::npos) << r.output;
  r = validate("compare: {by: [scheduler.name, scheduler.comm, seed], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("two for a factorial design"), std::string::npos) << r.output;
  r = validate("compare: {by: [scheduler.name, scheduler.name], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("already in `by`"), std::string::npos) << r.output;
  r = validate("compare:\n  - {name: c, by: scheduler.name, metrics: [makespn]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("'compare[0].metrics': no result column 'makespn'"), std::string::npos) << r.output;
  r = validate("compare: {by: [scheduler.comm, scheduler.name], over: [scheduler.name], metrics: [makespan]}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("is in `by`"), std::string::npos) << r.output;
  EXPECT_EQ(validate("compare: {by: [scheduler.name, scheduler.comm], control: free, metrics: [makespan]}\n").exit_code, 0);
}

TEST(CompareList, WarnsOfPlansAndOfTooFewInstances) {
  TempDir dir("compare-warn");
  const auto file = dir.file("w.yaml", kHead + R"(compare:
  - {name: per-comm, by: scheduler.name, metrics: [makespan]}
  - {name: by-comm, by: scheduler.comm, control: free, metrics: [makespan, replayed_makespan]}
)");
  const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Within per-comm each group shares one model: no warning. by-comm compares free with contention.
  const std::string per_comm = read_file(dir.path() / "out" / "per-comm" / "comparison.md");
  const std::string by_comm = read_file(dir.path() / "out" / "by-comm" / "comparison.md");
  EXPECT_EQ(per_comm.find("differ in `comm`"), std::string::npos);
  EXPECT_NE(by_comm.find("differ in `comm` (contention, free)"), std::string::npos) << by_comm;
  EXPECT_NE(by_comm.find("`replayed_makespan`"), std::string::npos);
  EXPECT_NE(r.output.find("compare by-comm: the variants differ in `comm`"), std::string::npos) << r.output;
  // 3 variants on 4 instances (per comm model): Holm over 3 pairs cannot go below 3 * 2 / 16 = 0.375.
  EXPECT_NE(per_comm.find("**Too few instances for the pairwise tests.**"), std::string::npos) << per_comm;
  EXPECT_NE(per_comm.find("at least 0.375"), std::string::npos) << per_comm;
  // One control test per group on 4 instances: 2 / 16 = 0.125, above 0.05 too.
  EXPECT_NE(by_comm.find("**Too few instances for the tests against the control.**"), std::string::npos) << by_comm;
  const auto control = read_csv(read_file(dir.path() / "out" / "by-comm" / "vs_control.csv"));
  ASSERT_EQ(control.size(), 6u);  // 2 metrics x 3 schedulers (groups), one test each
  for (const auto& row : control) {
    EXPECT_EQ(row.at("variant"), "contention");
    EXPECT_EQ(row.at("control"), "free");
    EXPECT_EQ(row.at("wilcoxon_p"), row.at("holm_p"));  // Holm over one test changes nothing
  }
}

TEST(LatexText, SpecialCharactersPrintAsWritten) {
  EXPECT_EQ(latex_text("heft/contention"), "heft/contention");
  EXPECT_EQ(latex_text("a_b & 50% #1 $x$"), "a\\_b \\& 50\\% \\#1 \\$x\\$");
  EXPECT_EQ(latex_text("{\\input{/etc/passwd}}"), "\\{\\textbackslash{}input\\{/etc/passwd\\}\\}");
  EXPECT_EQ(latex_text("x^2~y"), "x\\textasciicircum{}2\\textasciitilde{}y");
  EXPECT_EQ(latex_text("line\nbreak"), "line\\textbackslash{}x0abreak");
  EXPECT_EQ(latex_text("Demšar"), "Demšar");
}

}  // namespace
}  // namespace mpnsim
