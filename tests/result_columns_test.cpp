// The result columns each kind declares match what its runs write, for every kind and rows mode.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/run/runner.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

// Experiments that between them reach every rows mode and every conditional column.
const char* kSuite = R"(name: columns
experiments:
  - name: topology
    kind: topology
    topology: {kind: let}
    sweep:
      - {topology.kind: let, topology.depth: [1, 2]}
      - {topology.kind: chain, topology.n: 30000}
  - name: plan
    kind: plan
    machine: {topology: {kind: chain, n: 2}}
    plan:
      - {name: s, op: send, from: 0, to: 1, amount: 0.5}
      - {name: c, op: compute, on: 1, amount: 0.5, after: [s]}
  - name: divisible-hypercube
    kind: divisible
    machine: {topology: {kind: hypercube, dim: 3}, link: {z: 0.5, S: 0.01}}
    strategy: {name: hypercube-allport}
    sweep:
      strategy.name: [hypercube-allport, hypercube-nlf, hypercube-llf, generic]
  - name: divisible-star
    kind: divisible
    machine: {topology: {kind: star, n: 4}}
    strategy: {name: star-sequential}
  - name: divisible-two-root
    kind: divisible
    machine: {topology: {kind: two-root, children: 3}}
    strategy: {name: two-root}
  - name: divisible-mesh
    kind: divisible
    machine: {topology: {kind: mesh, rows: 5, cols: 5}}
    strategy: {name: mesh-layered, layers: 2}
    sweep:
      - {strategy.name: mesh-layered}
      - {strategy: {name: mesh}}
  - name: divisible-layers
    kind: divisible
    machine: {topology: {kind: hypercube, dim: 2}}
    strategy: {name: hypercube-allport}
    rows: layers
    sweep:
      strategy.name: [hypercube-allport, generic]
  - name: divisible-mesh-layers
    kind: divisible
    machine: {topology: {kind: mesh, rows: 5, cols: 5}}
    strategy: {name: mesh-layered, layers: 2}
    rows: layers
  - name: divisible-processors
    kind: divisible
    machine: {topology: {kind: star, n: 3}}
    strategy: {name: star-sequential}
    rows: processors
  - name: tree-levels
    kind: task_tree
    topology: {kind: let, depth: 1}
    scheduler: mds
    workload: {kind: complete, arity: 2, depth: 3}
  - name: tree-levels-random
    kind: task_tree
    topology: {kind: let, depth: 1}
    scheduler: mds
    workload: {kind: random, spawn: 0.9, fanout: 2, depth: 3}
    trees: 3
  - name: tree-summary
    kind: task_tree
    topology: {kind: let, depth: 1}
    scheduler: rr
    workload: {kind: random, spawn: 0.9, fanout: 2, depth: 3}
    trees: 2
    rows: summary
    sweep:
      - {execution: {grain: 1}}
      - {rows: summary}
  - name: dag-summary
    kind: dag
    machine: {topology: {kind: let, depth: 1}}
    workload: {kind: random-dag, tasks: 8, max_in: 2, max_out: 2}
    scheduler: lps
    timing: true
  - name: dag-file
    kind: dag
    machine: {topology: {kind: chain, n: 2}}
    workload: {kind: dot, file: g.dot}
    scheduler: heft
  - name: dag-processors
    kind: dag
    machine: {topology: {kind: let, depth: 1}}
    workload: {kind: random-dag, tasks: 8, max_in: 2, max_out: 2}
    scheduler: heft
    rows: processors
  - name: dag-tasks
    kind: dag
    machine: {topology: {kind: let, depth: 1}}
    workload: {kind: random-dag, tasks: 8, max_in: 2, max_out: 2}
    scheduler: heft
    rows: tasks
  - name: online-summary
    kind: online
    machine: {topology: {kind: hypercube, dim: 1}}
    workload: {kind: random-dag, tasks: 6, max_in: 2, max_out: 2}
    arrivals: {kind: fixed, interval: 3}
    workflows: 2
    scheduler: {name: fdws, comm: contention}
  - name: online-workflows
    kind: online
    machine: {topology: {kind: hypercube, dim: 1}}
    workload: {kind: random-dag, tasks: 6, max_in: 2, max_out: 2}
    arrivals: {kind: poisson, rate: 0.5}
    workflows: 2
    scheduler: owm
    rows: workflows
)";

const char* kGraph = "digraph g {\n  a [size=2];\n  b [size=3];\n  a -> b [size=1];\n}\n";

bool has_type(const ParamValue& v, ColumnType type) {
  if (type == ColumnType::text) return std::holds_alternative<std::string>(v) || std::holds_alternative<bool>(v);
  if (auto* s = std::get_if<std::string>(&v)) return s->empty();  // a numeric column may be left empty
  return std::holds_alternative<double>(v) || std::holds_alternative<std::int64_t>(v);
}

TEST(ResultColumns, DeclarationsMatchWhatEveryKindWritesInEveryRowsMode) {
  TempDir dir("columns");
  dir.file("g.dot", kGraph);
  const ExperimentFile file = load_experiment_file(dir.file("columns.yaml", kSuite), {});
  const auto prepared = prepare_experiments(file);
  // (kind, rows mode) -> declared names some run wrote.
  std::map<std::pair<std::string, std::string>, std::set<std::string>> covered;
  for (const auto& pe : prepared) {
    const std::string asked = pe.spec->root["rows"] ? pe.spec->root["rows"].Scalar() : pe.kind->rows_modes()[0].name;
    for (std::size_t p = 0; p < pe.points.size(); ++p) {
      const std::string where = pe.spec->name + " point " + std::to_string(p);
      const PointResult result = pe.points[p]->run(1, 0, static_cast<int>(p));
      // A run with no table rows writes its summary row (results_csv_rows).
      const RowsMode* mode = find_rows_mode(*pe.kind, result.rows.empty() ? "summary" : asked);
      ASSERT_NE(mode, nullptr) << where;
      for (const auto& row : results_csv_rows(result))
        for (const auto& [name, value] : row) {
          const ResultColumn* declared = find_column(mode->columns, name);
          ASSERT_NE(declared, nullptr) << where << " wrote '" << name << "', not declared for rows: " << mode->name;
          EXPECT_TRUE(has_type(value, declared->type))
              << where << ": '" << name << "' is not " << to_string(declared->type);
          covered[std::pair{pe.kind->name(), mode->name}].insert(declared->name);
        }
    }
  }
  for (const auto& kind : experiment_kinds())
    for (const auto& mode : kind->rows_modes())
      for (const auto& c : mode.columns)
        EXPECT_TRUE((covered[std::pair{kind->name(), mode.name}].count(c.name) > 0))
            << kind->name() << ", rows: " << mode.name << ": '" << c.name << "' is declared but no test run wrote it";
}

TEST(ResultColumns, ListPrintsEveryKindsColumnsPerRowsMode) {
  const auto r = run_mpnsim("list");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("dag, rows: summary (the default)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("task_tree, rows: levels (the default)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("divisible, rows: layers"), std::string::npos) << r.output;
  // The name a new user had to guess, with its type and direction.
  const auto at = r.output.find("      replayed_speedup ");
  ASSERT_NE(at, std::string::npos) << r.output;
  const std::string line = r.output.substr(at, r.output.find('\n', at) - at);
  EXPECT_NE(line.find("numeric"), std::string::npos) << line;
  EXPECT_NE(line.find("higher is better"), std::string::npos) << line;
}

TEST(ResultColumns, FamiliesMatchNumberedNamesOnly) {
  const ResultColumn family{"alpha_hat_<i>", ColumnType::numeric, std::nullopt, "", ""};
  EXPECT_TRUE(column_matches(family, "alpha_hat_0"));
  EXPECT_TRUE(column_matches(family, "alpha_hat_12"));
  EXPECT_FALSE(column_matches(family, "alpha_hat_inf"));
  EXPECT_FALSE(column_matches(family, "alpha_hat_"));
  EXPECT_FALSE(column_matches(family, "alpha_hat"));
}

}  // namespace
}  // namespace mpnsim
