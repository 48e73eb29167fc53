// Tests of `random_machine:` in divisible experiments: fresh instances per repetition, the same for every point.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "experiments/kinds/divisible/random_machine.hpp"
#include "test_support.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

TEST(RandomMachine, DrawsDependOnSeedAndRepetitionOnlyAndStayInTheirRanges) {
  const Topology t = star(6);
  const MachineSpec base = uniform_machine(6, t.links(), false, ProcessorSpec{}, 1, 0);
  RandomMachine r;
  r.w = RandomMachine::Range{0.5, 2};
  r.z = RandomMachine::Range{0.1, 1};
  const MachineSpec a = draw_machine(r, base, 7, 0), again = draw_machine(r, base, 7, 0);
  const MachineSpec next = draw_machine(r, base, 7, 1), other = draw_machine(r, base, 8, 0);
  for (std::size_t i = 0; i < a.processors.size(); ++i) {
    EXPECT_EQ(a.processors[i].w, again.processors[i].w);
    EXPECT_GE(a.processors[i].w, 0.5);
    EXPECT_LE(a.processors[i].w, 2);
  }
  for (std::size_t l = 0; l < a.links.size(); ++l) {
    EXPECT_GE(a.links[l].z, 0.1);
    EXPECT_LE(a.links[l].z, 1);
    EXPECT_EQ(a.links[l].startup, 0);  // not drawn: the machine's own
  }
  EXPECT_NE(a.processors[0].w, next.processors[0].w);
  EXPECT_NE(a.processors[0].w, other.processors[0].w);
  // The processors of one draw differ from each other: heterogeneous, not one value repeated.
  EXPECT_NE(a.processors[1].w, a.processors[2].w);
}

TEST(RandomMachine, ComparisonsPairDistinctInstances) {
  testing::TempDir dir("random-machine");
  const std::string yaml = dir.file("e.yaml", R"(name: rm
kind: divisible
machine: {topology: {kind: star, n: 4}}
random_machine: {w: [0.5, 2], z: [0.1, 1]}
seed: 3
repetitions: 4
strategy: {name: star-sequential, results: fifo, delta: 0.5}
sweep:
  strategy.results: [fifo, lifo]
compare: {by: strategy.results, metrics: [T_analytic]}
)");
  const auto r = testing::run_mpnsim("run " + yaml + " -q -o " + (dir.path() / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream csv(dir.path() / "out" / "results.csv");
  std::string header, line;
  std::getline(csv, header);
  std::vector<std::string> rows;
  while (std::getline(csv, line)) rows.push_back(line);
  ASSERT_EQ(rows.size(), 8u);  // 2 points x 4 repetitions
  // Four distinct instances: the FIFO times of the repetitions all differ.
  std::set<std::string> t_fifo;
  const auto column = [&](const std::string& row, const std::string& name) {
    std::istringstream h(header), v(row);
    std::string hn, vn;
    while (std::getline(h, hn, ',') && std::getline(v, vn, ','))
      if (hn == name) return vn;
    return std::string();
  };
  for (const auto& row : rows)
    if (column(row, "strategy.results") == "fifo") t_fifo.insert(column(row, "T_analytic"));
  EXPECT_EQ(t_fifo.size(), 4u);

  const std::string bad = dir.file("bad.yaml", R"(name: rm
kind: divisible
machine: {topology: {kind: star, n: 4}}
random_machine: {w: [0, 2]}
strategy: {name: star-sequential}
)");
  const auto v = testing::run_mpnsim("validate " + bad);
  EXPECT_NE(v.exit_code, 0);
  EXPECT_NE(v.output.find("random_machine.w"), std::string::npos) << v.output;
}

}  // namespace
}  // namespace mpnsim
