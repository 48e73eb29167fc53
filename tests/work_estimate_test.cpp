// Tiny inputs that ask for unbounded work or output are refused up front with an estimate (issue #12).
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

// Runs mpnsim with a minute of CPU time and 2 GiB of address space: each of these inputs
// once asked for hours of work or many gigabytes (these refusals take well under a second
// and a few MB).
testing::CommandResult capped(const std::string& args) { return testing::run_mpnsim_capped(args, 60, 2048); }

TEST(WorkEstimate, TreeReportOfManyLevelsTimesProcessorsIsRefused) {
  // Was over 11 GB and std::terminate in tree_json.
  const auto r = capped("tree --topology hypercube --dim 16 --scheduler mds --workload complete --arity 1 --depth "
                        "10000 --format json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("the per-level report (10001 levels x 65536 processors' loads) would be about 9.2 GiB of "
                          "json"),
            std::string::npos)
      << r.output;
}

TEST(WorkEstimate, DimensionExchangeSweepsArePricedBeforeTheWork) {
  const auto r = capped("tree --topology hypercube --dim 16 --scheduler dem --sweeps 1000000 --workload complete "
                        "--arity 2 --depth 10");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("would take about 1.2e+13 steps to place"), std::string::npos) << r.output;
  // The same sweeps on a small network are fine.
  const auto ok = run_mpnsim("tree --topology hypercube --dim 3 --scheduler dem --sweeps 1000 --workload complete "
                             "--arity 2 --depth 4");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
}

TEST(WorkEstimate, MinMinOnLargeGraphsIsRefused) {
  // Min-Min compares every ready task-processor pair at each step (ETF and DLS-pairs, which
  // keep queues per processor, are estimated far lower: work_estimate.cpp).
  const auto r = capped("dag --generate --tasks 100000 --max_in 3 --max_out 3 --topology hypercube --dim 10 "
                        "--scheduler minmin");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("minmin on 100000 tasks and 1024 processors would take about 3.2e+11 steps"),
            std::string::npos)
      << r.output;
}

TEST(WorkEstimate, ExperimentPointsAreCheckedToo) {
  TempDir dir("work-kind");
  // 40 random trees of about 500 000 tasks each, all played out and kept: about 13 GiB.
  const auto r = run_mpnsim("validate " + dir.file("t.yaml", R"(name: t
kind: task_tree
topology: {kind: hypercube, dim: 6}
scheduler: mds
workload: {kind: random, spawn: 0.95, fanout: 2, depth: 33}
execution: {grain: 1}
)"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("t.yaml:5:11: 'workload': 40 tree(s) of"), std::string::npos) << r.output;
  const auto d = run_mpnsim("validate " + dir.file("d.yaml", R"(name: d
kind: dag
machine: {topology: {kind: hypercube, dim: 10}}
workload: {kind: random-dag, tasks: 100000, max_in: 3, max_out: 3}
scheduler: {name: maxmin}
)"));
  EXPECT_EQ(d.exit_code, 2) << d.output;
  EXPECT_NE(d.output.find("d.yaml:5:12: 'scheduler': maxmin on 100000 tasks"), std::string::npos) << d.output;
}

}  // namespace
}  // namespace mpnsim
