// Regression tests of issue #12 for the DOT, STG and tree readers and the DAG generator (reproducers F2, F7, F8, F9).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "workloads/dag/dag_generator.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/dag/dot_format.hpp"
#include "workloads/dag/stg_format.hpp"
#include "workloads/tree/tree_file.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }


// The generator with huge degrees took over 7 GB: refused from the expected edge count.
TEST(DagGenerator, RefusesGraphsPastTheEdgeLimitUpFront) {
  RandomDagParams p;
  p.tasks = 20000;
  p.max_in = 1'000'000;
  p.max_out = 1'000'000;
  try {
    check_random_dag_params(p);
    ADD_FAILURE() << "no throw";
  } catch (const std::invalid_argument& ex) {
    const std::string e = ex.what();
    EXPECT_TRUE(contains(e, "edges would take about")) << e;
    EXPECT_TRUE(contains(e, "GiB")) << e;
  }
  const auto r = run_mpnsim("dag --generate --tasks 20000 --max_in 1000000 --max_out 1000000 --topology let --depth 2 "
                            "--scheduler lps");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "edges")) << r.output;
  // The estimate is from above, and not by much.
  for (const auto& [tasks, degree] : {std::pair{2000, 3}, std::pair{400, 50}, std::pair{300, 1000}}) {
    RandomDagParams q;
    q.tasks = tasks;
    q.max_in = q.max_out = degree;
    const double estimate = expected_random_dag_edges(q);
    const double actual = generate_random_dag(q).edge_count();
    EXPECT_GE(estimate, 0.9 * actual) << tasks << " " << degree;
    EXPECT_LE(estimate, 2.0 * actual) << tasks << " " << degree;
  }
  // Ranges whose totals would overflow, or whose small draws would vanish.
  RandomDagParams big;
  big.exec_max = 1e300;
  EXPECT_THROW(check_random_dag_params(big), std::invalid_argument);
  RandomDagParams wide;
  wide.exec_min = 1;
  wide.exec_max = 1e18;
  EXPECT_THROW(check_random_dag_params(wide), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
