// The task-graph size limits (issue #41: 10^7-task DAGs) and the memory estimate they quote.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "workloads/dag/dag_input_limits.hpp"

namespace mpnsim {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The estimate lies above every peak it was fitted to, and not far above the larger of each run (the measured peak
// resident memory of `mpnsim dag`, in KiB, as dag_input_limits.cpp lists them).
TEST(DagSizeLimits, TheMemoryEstimateCoversTheMeasuredPeaks) {
  struct Run {
    double tasks, edges, lps_kib, heft_kib;
  };
  for (const Run& r : {Run{1e6, 1'430'551, 231'952, 217'032}, Run{1e7, 14'308'565, 1'950'332, 1'926'512},
                       Run{2e5, 1'735'097, 187'132, 155'644}}) {
    const double estimate = dag_memory_estimate(r.tasks, r.edges);
    EXPECT_GE(estimate, 1024 * std::max(r.lps_kib, r.heft_kib)) << r.tasks << " tasks";
    EXPECT_LE(estimate, 1.25 * 1024 * std::max(r.lps_kib, r.heft_kib)) << r.tasks << " tasks";
  }
  // The slopes by hand: 10^6 more tasks and edges cost 112 MB and 84 MB.
  EXPECT_DOUBLE_EQ(dag_memory_estimate(2e6, 0) - dag_memory_estimate(1e6, 0), 112e6);
  EXPECT_DOUBLE_EQ(dag_memory_estimate(0, 2e6) - dag_memory_estimate(0, 1e6), 84e6);
}

// 10^7 tasks at the generator's default degrees (1.43 edges a task) fit, and in less than 4 GB.
TEST(DagSizeLimits, TenMillionTasksFit) {
  EXPECT_FALSE(dag_size_problem(1e7, 1.5e7));
  EXPECT_LT(dag_memory_estimate(1e7, 1.5e7), 4e9);
  EXPECT_FALSE(dag_size_problem(static_cast<double>(kMaxDagTasks), static_cast<double>(kMaxDagEdges)));
}

// Each limit alone is refused one past it, with the estimate: 32 MiB + 112 B * 16 000 001 =
// 1.70 GiB for the tasks, 32 MiB + 84 B * 2^25 = 2.66 GiB for the edges.
TEST(DagSizeLimits, EachLimitIsRefusedPastItWithTheEstimate) {
  const auto tasks = dag_size_problem(static_cast<double>(kMaxDagTasks) + 1, 0);
  ASSERT_TRUE(tasks);
  EXPECT_TRUE(contains(*tasks, "1.6e+07 tasks would take about 1.7 GiB")) << *tasks;
  EXPECT_TRUE(contains(*tasks, "at most 16000000 tasks and 33554432 edges")) << *tasks;
  const auto edges = dag_size_problem(10, static_cast<double>(kMaxDagEdges) + 1);
  ASSERT_TRUE(edges);
  EXPECT_TRUE(contains(*edges, "10 tasks and 3.355e+07 edges would take about 2.7 GiB")) << *edges;
}

}  // namespace
}  // namespace mpnsim
