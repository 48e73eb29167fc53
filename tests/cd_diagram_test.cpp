// Tests of the critical-difference diagram's script: every name shown as written, room for long names, gnuplot draws it.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <vector>

#include "experiments/output/cd_diagram.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::TempDir;

#if defined(MPNSIM_TOOLS_REQUIRED)
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) FAIL() << "gnuplot not installed (configure with -DMPNSIM_ALLOW_MISSING_TOOLS=ON to skip)"
#else
#define NEED_GNUPLOT() \
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot not installed (MPNSIM_ALLOW_MISSING_TOOLS)"
#endif

// The width of the PNG the script asks for.
int png_width(const std::string& script) {
  std::smatch m;
  const std::regex size(R"(pngcairo size (\d+),)");
  return std::regex_search(script, m, size) ? std::stoi(m[1]) : -1;
}

TEST(CdDiagram, DemsarsExampleDrawsWithEveryNameAndTheCd) {
  NEED_GNUPLOT();
  // Demšar's four variants (JMLR 2006, Fig. 1 data): one group of all four under CD = 1.25.
  const std::vector<std::string> names{"C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"};
  const std::vector<double> ranks{3.143, 2.000, 2.893, 1.964};
  const std::string script = cd_diagram_script("cd", "Demsar", names, ranks, 1.25, {{3, 1, 2, 0}});
  EXPECT_NE(script.find("\"CD = 1.25\""), std::string::npos);
  // The better half on the left with its rank after the name, the other half on the right.
  EXPECT_NE(script.find("\"C4.5+m+cf (1.96)\""), std::string::npos);
  EXPECT_NE(script.find("\"C4.5+m (2.00)\""), std::string::npos);
  EXPECT_NE(script.find("\"(2.89) C4.5+cf\""), std::string::npos);
  EXPECT_NE(script.find("\"(3.14) C4.5\""), std::string::npos);
  TempDir dir("cd-diagram");
  dir.file("cd.gp", script);
  std::string error;
  ASSERT_TRUE(run_gnuplot(dir.path(), "cd.gp", error)) << error;
  EXPECT_GT(std::filesystem::file_size(dir.path() / "cd.png"), 1000u);
  EXPECT_GT(std::filesystem::file_size(dir.path() / "cd.svg"), 1000u);
}

TEST(CdDiagram, NamesCannotBreakTheScriptAndLongOnesWidenIt) {
  const std::vector<double> ranks{1.5, 2.5, 2.0};
  const std::string plain = cd_diagram_script("cd", "t", {"a", "b", "c"}, ranks, 1.0, {});
  const std::string odd = cd_diagram_script("cd", "t", {"a\"\nsystem \"rm -rf x", "`ls`", std::string(80, 'n')},
                                            ranks, 1.0, {});
  EXPECT_EQ(odd.find("\nsystem"), std::string::npos);  // the line break stays inside its string
  EXPECT_EQ(odd.find("`ls`"), std::string::npos);      // backquotes are escaped, never run
  EXPECT_GT(png_width(odd), png_width(plain) + 400);   // 80 characters need room
}

}  // namespace
}  // namespace mpnsim
