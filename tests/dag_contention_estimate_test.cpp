// The DAG work estimate under comm: contention, by scheduler family, ports and route (issue #40 item 2).
#include <gtest/gtest.h>

#include <cmath>

#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The fitted seconds at 1000 tasks on 1024 processors, as steps of 10 ns (dag_work_estimate.cpp).
TEST(DagContentionEstimate, FitsTheMeasurementsAtTheReferenceSize) {
  EXPECT_NEAR(dag_contention_steps("heft", 1000, 1024, true, true), 0.6e8, 1e3);
  EXPECT_NEAR(dag_contention_steps("heft", 1000, 1024, true, false), 0.6e8, 1e3);
  EXPECT_NEAR(dag_contention_steps("etf", 1000, 1024, false, false), 2.4e8, 1e3);
  EXPECT_NEAR(dag_contention_steps("dls-pairs", 1000, 1024, true, true), 10.0e8, 1e3);
  EXPECT_NEAR(dag_contention_steps("maxmin", 1000, 1024, true, true), 14.5e8 * 4.5, 1e3);
  EXPECT_EQ(dag_contention_steps("bsa", 1000, 1024, true, true), 0);
}

TEST(DagContentionEstimate, GrowsAsMeasured) {
  // ETF may evaluate every ready task again after each booking: T^2.1 (measured from 600 to 3000 tasks).
  EXPECT_NEAR(dag_contention_steps("etf", 2000, 64, false, false) / dag_contention_steps("etf", 1000, 64, false, false),
              std::pow(2, 2.1), 1e-9);
  // One-port HEFT with the earliest route: T^2.5 and P^1.25.
  EXPECT_NEAR(dag_contention_steps("heft", 2000, 1024, true, true) / dag_contention_steps("heft", 1000, 1024, true, true),
              std::pow(2, 2.5), 1e-9);
  EXPECT_NEAR(dag_contention_steps("heft", 1000, 4096, true, true) / dag_contention_steps("heft", 1000, 1024, true, true),
              std::pow(4, 1.25), 1e-9);
}

// The findings: 10^5 tasks on the 12-cube under one-port contention HEFT validated "ok" and would
// have run for hours. Refused at the scheduler with the estimate; the same without contention runs.
TEST(DagContentionEstimate, ValidateRefusesOnePortContentionHeftOnTheTwelveCube) {
  testing::TempDir dir("contention-estimate");
  const std::string head =
      "name: big\nkind: dag\nmachine: {topology: {kind: hypercube, dim: 12}, processor: {send_ports: 1, "
      "recv_ports: 1}}\nworkload: {kind: random-dag, tasks: 100000}\n";
  auto r = testing::run_mpnsim("validate " + dir.file("c.yaml", head + "scheduler: {name: heft, comm: contention}\n"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "c.yaml:5:")) << r.output;
  EXPECT_TRUE(contains(r.output, "comm: contention, ports limited: every message is booked hop by hop")) << r.output;
  r = testing::run_mpnsim("validate " + dir.file("f.yaml", head + "scheduler: {name: heft}\n"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

// The findings' second case: ETF under contention on 3000 tasks took over 60 s where the estimate
// said 3 s. Since ETF looks at ready tasks in order of their bound it takes about 25 s there,
// and the estimate says so (within the factor of 2 that runs on a shared machine vary by).
TEST(DagContentionEstimate, EtfUnderContentionIsEstimatedAsMeasured) {
  const double seconds = dag_contention_steps("etf", 3000, 1024, false, false) * 1e-8;
  EXPECT_GT(seconds, 25.0 / 2);
  EXPECT_LT(seconds, 25.0 * 2);
}

}  // namespace
}  // namespace mpnsim
