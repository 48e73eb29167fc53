// Performance profiles: the most wins solid and thick, every variant its own colour, dash and marks,
// the legend outside the plot (issue #37).
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include <fmt/format.h>

#include "experiments/output/profile_plot.hpp"

namespace mpnsim {
namespace {

TEST(ProfilePlot, LinearWithTheMostWinsSolidAndThick) {
  const std::string gp = profile_script("profile", "profile.csv", "makespan", {"lps", "heft", "hlf"}, "scheduler.name",
                                        1.37, 1, 40);
  EXPECT_EQ(gp.find("logscale"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set xrange [1:1.37]"), std::string::npos) << gp;
  // heft (index 1) solid (dashtype 1) and thickest; the others dashed and thinner.
  EXPECT_NE(gp.find("\"profile.csv\" using 1:3 skip 1 with steps linewidth 4 dashtype 1"), std::string::npos) << gp;
  EXPECT_NE(gp.find("title \"heft (most wins)\""), std::string::npos) << gp;
  EXPECT_NE(gp.find("\"profile.csv\" using 1:2 skip 1 with steps linewidth 2 dashtype 2"), std::string::npos) << gp;
  EXPECT_NE(gp.find("\"profile.csv\" using 1:4 skip 1 with steps linewidth 2 dashtype 3"), std::string::npos) << gp;
  // The legend outside, the plot's right edge fixed whatever the names' length.
  EXPECT_NE(gp.find("set key outside right"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set rmargin at screen"), std::string::npos) << gp;
}

// optimality.yaml compares twelve schedulers: no two may share colour and mark.
TEST(ProfilePlot, TwelveVariantsDifferInColourAndMark) {
  std::vector<std::string> v;
  for (int i = 0; i < 12; ++i) v.push_back(fmt::format("s{}", i));
  const std::string gp = profile_script("p", "p.csv", "makespan", v, "scheduler.name", 2, 0, 100);
  const std::regex sample(R"re(NaN with linespoints linewidth \d dashtype (\d) pt (\d+) ps [0-9.]+ lc rgb "(#[0-9A-Fa-f]{6})")re");
  std::set<std::string> colours, marks;
  for (auto it = std::sregex_iterator(gp.begin(), gp.end(), sample); it != std::sregex_iterator(); ++it) {
    colours.insert((*it)[3]);
    marks.insert((*it)[2]);
  }
  EXPECT_EQ(colours.size(), 12u) << gp;
  EXPECT_EQ(marks.size(), 12u) << gp;
}

TEST(ProfilePlot, NamesAreEscaped) {
  const std::string gp = profile_script("p", "p.csv", "m", {"`touch x`", "a\"b"}, "by", 2, 0, 10);
  EXPECT_EQ(gp.find('`'), std::string::npos) << gp;
  EXPECT_NE(gp.find("title \"\\140touch x\\140 (most wins)\""), std::string::npos) << gp;
  EXPECT_NE(gp.find("title \"a\\\"b\""), std::string::npos) << gp;
}

}  // namespace
}  // namespace mpnsim
