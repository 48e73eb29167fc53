// A sweep over a folder of files (`workload.file: {files: "graphs/*.dot"}`): which files, in which
// order, and the errors a bad pattern gets.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

std::string diamond(int work) {
  return "digraph g { a [size=" + std::to_string(work) + "]; b [size=2]; c [size=3]; d [size=1];\n"
         "a -> b [size=1]; a -> c [size=1]; b -> d [size=1]; c -> d [size=1]; }\n";
}

std::string experiment(const std::string& pattern) {
  return "name: over-files\nkind: dag\nmachine:\n  topology: {kind: hypercube, dim: 2}\n"
         "workload: {kind: dot, file: x.dot}\nscheduler: {name: heft}\n"
         "sweep:\n  scheduler.name: [heft, lps]\n  workload.file: {files: \"" +
         pattern + "\"}\ncompare: {by: scheduler.name, over: [workload.file], metrics: [makespan]}\n";
}

// The folder of the tests: three graphs, one file of another kind, a hidden graph and a folder
// whose name matches.
struct GraphFolder {
  TempDir dir{"sweep-files"};
  GraphFolder() {
    std::filesystem::create_directories(dir.path() / "graphs" / "sub.dot");
    dir.file("graphs/b.dot", diamond(5));
    dir.file("graphs/a.dot", diamond(4));
    dir.file("graphs/c.dot", diamond(9));
    dir.file("graphs/notes.txt", "not a graph\n");
    dir.file("graphs/.hidden.dot", diamond(7));
  }
};

TEST(SweepFilePattern, TakesTheMatchingRegularFilesSortedByName) {
  GraphFolder g;
  const std::string yaml = g.dir.file("e.yaml", experiment("graphs/*.dot"));
  const std::string out = (g.dir.path() / "out").string();
  const auto r = run_mpnsim("run " + yaml + " -o " + out + " -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = testing::read_file(std::filesystem::path(out) / "results.csv");
  // Points: scheduler slowest, then the files in name order; neither the text file, the hidden
  // file nor the folder named like a graph is taken.
  const auto a = csv.find("heft,graphs/a.dot"), b = csv.find("heft,graphs/b.dot"), c = csv.find("heft,graphs/c.dot");
  ASSERT_NE(a, std::string::npos) << csv;
  ASSERT_NE(b, std::string::npos) << csv;
  ASSERT_NE(c, std::string::npos) << csv;
  EXPECT_LT(a, b);
  EXPECT_LT(b, c);
  EXPECT_EQ(csv.find("notes.txt"), std::string::npos);
  EXPECT_EQ(csv.find("hidden"), std::string::npos);
  EXPECT_EQ(csv.find("sub.dot"), std::string::npos);
  // Pooled over the files: one comparison of three instances.
  const std::string cmp = testing::read_file(std::filesystem::path(out) / "comparison.csv");
  EXPECT_NE(cmp.find(",3,"), std::string::npos) << cmp;
}

TEST(SweepFilePattern, BadPatternsAreRefusedAtTheirKey) {
  GraphFolder g;
  struct Case {
    std::string pattern, expected;
  };
  for (const Case& c : {Case{"graphs/*.stg", "no file in"}, Case{"nowhere/*.dot", "no folder"},
                        Case{"gra*/*.dot", "wildcards only in the file name"}, Case{"", "expected a file pattern"}}) {
    const std::string yaml = g.dir.file("bad.yaml", experiment(c.pattern));
    const auto r = run_mpnsim("validate " + yaml);
    EXPECT_EQ(r.exit_code, 2) << c.pattern << "\n" << r.output;
    EXPECT_NE(r.output.find("sweep.workload.file.files"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(c.expected), std::string::npos) << c.pattern << "\n" << r.output;
  }
}

}  // namespace
}  // namespace mpnsim
