// The DAG work estimate under comm: contention, by scheduler family, ports and route (issue #40 item 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "experiments/kinds/dag/dag_work_estimate.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The estimate lies at or above the runs it was fitted to (scheduler CPU seconds of `mpnsim
// dag --generate --topology hypercube --dim 8 --comm contention --timing` at the default z = 1,
// 2026-11-27, DLS-pairs' 2026-11-28; dag_work_estimate.cpp lists them), and within 1.3 times
// each of them, so that it refuses no run that would take less than about three quarters of the
// step limit.
TEST(DagContentionEstimate, CoversTheMeasuredRunsAndNotByMuch) {
  struct Run {
    const char* scheduler;
    double tasks;
    bool one_port, earliest;
    double seconds;
  };
  for (const Run& r : {Run{"heft", 1e4, false, false, 0.308}, Run{"heft", 3e4, false, false, 0.902},
                       Run{"heft", 1e4, false, true, 0.364}, Run{"heft", 3e4, false, true, 1.248},
                       Run{"heft", 1e4, true, false, 1.82}, Run{"heft", 3e4, true, false, 8.86},
                       Run{"heft", 1e4, true, true, 8.80}, Run{"heft", 3e4, true, true, 39.8},
                       Run{"dls-pairs", 1e3, true, false, 0.351}, Run{"dls-pairs", 1e3, true, true, 1.025}}) {
    const double seconds = dag_contention_steps(r.scheduler, r.tasks, 256, r.one_port, r.earliest) * 1e-8;
    SCOPED_TRACE(std::string(r.scheduler) + " " + std::to_string(r.tasks) + (r.one_port ? " one port" : " all ports") +
                 (r.earliest ? " earliest" : " engine"));
    EXPECT_GE(seconds, r.seconds);
    EXPECT_LE(seconds, 1.3 * r.seconds);
  }
  // DLS, estimated as HEFT, ran faster; the bench's runs at z = 0.1 (bench/contention_scaling,
  // one-port 8-cube) are lighter: covered too.
  EXPECT_GE(dag_contention_steps("dls", 1e4, 256, true, false) * 1e-8, 1.36);
  EXPECT_GE(dag_contention_steps("dls", 1e4, 256, true, true) * 1e-8, 5.10);
  EXPECT_GE(dag_contention_steps("heft", 1e5, 256, true, false) * 1e-8, 6.27);
  EXPECT_GE(dag_contention_steps("heft", 1e5, 256, true, true) * 1e-8, 13.7);
  EXPECT_EQ(dag_contention_steps("bsa", 1000, 1024, true, true), 0);
  // ETF and DLS-pairs with lasting bounds (2026-11-28, tenth session; z = 1, one port; 10^4 with
  // the earliest route from bench/contention_scaling --z 1): at or above both at every size, and
  // within twice the larger of the two (the fit follows the steeper growth).
  struct Pair {
    double tasks;
    bool earliest;
    double etf, dls_pairs;
  };
  for (const Pair& r : {Pair{1e3, false, 0.252, 0.351}, Pair{3e3, false, 2.08, 3.37}, Pair{1e4, false, 31.4, 46.1},
                        Pair{1e3, true, 0.904, 1.025}, Pair{3e3, true, 7.56, 10.33},
                        Pair{1e4, true, 87.6, 122.6}}) {
    const double seconds = dag_contention_steps("etf", r.tasks, 256, true, r.earliest) * 1e-8;
    SCOPED_TRACE(std::to_string(r.tasks) + (r.earliest ? " earliest" : " engine"));
    EXPECT_EQ(seconds, dag_contention_steps("dls-pairs", r.tasks, 256, true, r.earliest) * 1e-8);
    EXPECT_GE(seconds, std::max(r.etf, r.dls_pairs));
    EXPECT_LE(seconds, 2 * std::max(r.etf, r.dls_pairs));
  }
  // Min-Min, which the lasting bounds did not speed up (same day, z = 1, one port): covered, by
  // its own fit, within four times.
  for (const Pair& r : {Pair{1e3, false, 1.02, 0}, Pair{3e3, false, 18.1, 0}, Pair{1e3, true, 1.54, 0},
                        Pair{3e3, true, 33.8, 0}}) {
    const double seconds = dag_contention_steps("minmin", r.tasks, 256, true, r.earliest) * 1e-8;
    SCOPED_TRACE(std::to_string(r.tasks) + (r.earliest ? " earliest" : " engine") + " minmin");
    EXPECT_GE(seconds, r.etf);
    EXPECT_LE(seconds, 4 * r.etf);
  }
}

// ETF and DLS-pairs without contention (their queues, ready_pairs.cpp): at or above the bench's
// runs on the one-port 8-cube (bench/contention_scaling, CPU seconds, 2026-11-28), within 1.5
// times the largest.
TEST(DagWorkEstimate, QueuedPairsCoverTheirContentionFreeRuns) {
  struct Run {
    const char* scheduler;
    double tasks, seconds;
  };
  for (const Run& r : {Run{"etf", 1e3, 0.060}, Run{"dls-pairs", 1e3, 0.080}, Run{"etf", 1e4, 1.06},
                       Run{"dls-pairs", 1e4, 1.69}, Run{"etf", 1e5, 17.2}, Run{"dls-pairs", 1e5, 21.0}}) {
    const double seconds = dag_schedule_steps(r.scheduler, r.tasks, 2 * r.tasks, 256) * 1e-8;
    SCOPED_TRACE(std::string(r.scheduler) + " " + std::to_string(r.tasks));
    EXPECT_GE(seconds, r.seconds);
  }
  EXPECT_LE(dag_schedule_steps("etf", 1e5, 2e5, 256) * 1e-8, 1.5 * 17.2);
}

TEST(DagContentionEstimate, GrowsAsMeasured) {
  // ETF may evaluate every ready task again after each booking: T^2.1 (measured from 600 to 3000 tasks).
  EXPECT_NEAR(dag_contention_steps("etf", 2000, 64, false, false) / dag_contention_steps("etf", 1000, 64, false, false),
              std::pow(2, 2.1), 1e-9);
  // One-port HEFT with the earliest route: T^1.4 (1.37 from 10^4 to 3*10^4 tasks) and P^1.25.
  EXPECT_NEAR(dag_contention_steps("heft", 2000, 1024, true, true) / dag_contention_steps("heft", 1000, 1024, true, true),
              std::pow(2, 1.4), 1e-9);
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
