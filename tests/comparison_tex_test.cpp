// Tests of comparison.tex: booktabs rules, the best value of each column in bold in the metric's direction, names escaped.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "experiments/analysis/friedman_test.hpp"
#include "experiments/analysis/mid_ranks.hpp"
#include "experiments/analysis/paired_comparison.hpp"
#include "experiments/run/comparison_tex.hpp"

namespace mpnsim {
namespace {

GroupResult result(Better better, const ValueMatrix& values) {
  GroupResult r;
  r.metric = "speed_up";
  r.better = better;
  r.instances = values.size();
  r.comparison = compare_variants(better, values);
  r.friedman = friedman_test(rank_matrix(better, values));
  r.nemenyi_cd = 1.5;
  return r;
}

TEST(ComparisonTex, BestInBoldInTheMetricsDirection) {
  // Variant b is larger on every instance: best when higher is better, worst when lower is.
  const ValueMatrix values{{1, 2}, {3, 5}, {2, 4}};
  const std::string higher = comparison_tex("e", "by", {}, {"a", "b & c"}, "", {result(Better::higher, values)});
  EXPECT_NE(higher.find("\\toprule"), std::string::npos);
  EXPECT_NE(higher.find("\\bottomrule"), std::string::npos);
  EXPECT_NE(higher.find("b \\& c & \\textbf{3.667}"), std::string::npos) << higher;  // mean (2 + 5 + 4) / 3
  EXPECT_NE(higher.find("\\textbf{1.00}"), std::string::npos) << higher;             // its mean rank
  EXPECT_NE(higher.find("\\textbf{3/0/0}"), std::string::npos) << higher;            // its wins
  EXPECT_NE(higher.find("speed\\_up"), std::string::npos);
  EXPECT_EQ(higher.find("vs control"), std::string::npos);  // no control: no column
  const std::string lower = comparison_tex("e", "by", {}, {"a", "b"}, "", {result(Better::lower, values)});
  EXPECT_NE(lower.find("a & \\textbf{2}"), std::string::npos) << lower;
}

TEST(ComparisonTex, AControlAddsItsHolmColumn) {
  GroupResult r = result(Better::lower, {{1, 2}, {3, 5}, {2, 4}});
  r.vs_control.push_back({1, 0, 0, 0, 3, 0.25, 0.25});
  const std::string tex = comparison_tex("e", "by", {"net"}, {"free", "contention"}, "free", {r});
  EXPECT_NE(tex.find("$p$ vs control"), std::string::npos);
  EXPECT_NE(tex.find("contention & 3.667 $\\pm$"), std::string::npos) << tex;
  EXPECT_NE(tex.find("& $0.25$ \\\\"), std::string::npos) << tex;
  EXPECT_NE(tex.find("free & \\textbf{2}"), std::string::npos) << tex;
  EXPECT_NE(tex.find("& -- \\\\"), std::string::npos) << tex;  // the control has no p against itself
}

}  // namespace
}  // namespace mpnsim
