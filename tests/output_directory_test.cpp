// The output directory is replaced whole: nothing stale stays, a failed commit changes nothing, foreign ones are refused.
#include <gtest/gtest.h>

#include <set>

#include "experiments/output/output_directory.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

namespace fs = std::filesystem;

std::set<std::string> files_under(const fs::path& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out.insert(fs::relative(e.path(), root).string());
  return out;
}

const char* kDivisible = R"(name: div
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
  link: {z: 0.5, S: 0.01}
strategy: {name: hypercube-nlf}
sweep:
  machine.topology.dim: "1:4"
outputs:
  gantt: true
  plots:
    - {name: speedup, x: machine.topology.dim, y: speedup}
)";

TEST(OutputDirectory, ARerunWithFewerPointsLeavesNothingStale) {
  TempDir dir("stale");
  const std::string file = dir.file("e.yaml", kDivisible);
  const fs::path out = dir.path() / "out", clean = dir.path() / "clean";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  ASSERT_TRUE(fs::exists(out / "gantt" / "point3_rep0_hypercube-nlf_hypercube-dim4.svg"));
  // The same experiment with two points instead of four, into the same directory.
  std::string text = kDivisible;
  text.replace(text.find("\"1:4\""), 5, "\"1:2\"");
  const std::string fewer = dir.file("fewer.yaml", text);
  ASSERT_EQ(run_mpnsim("run " + fewer + " -q -o " + out.string()).exit_code, 0);
  ASSERT_EQ(run_mpnsim("run " + fewer + " -q -o " + clean.string()).exit_code, 0);
  EXPECT_FALSE(fs::exists(out / "gantt" / "point3_rep0_hypercube-nlf_hypercube-dim4.svg"));
  EXPECT_EQ(files_under(out), files_under(clean));
  for (const auto& f : files_under(clean)) EXPECT_EQ(read_file(out / f), read_file(clean / f)) << f;
  EXPECT_FALSE(fs::exists(staging_area(out)));
}

// Reproducer F10 of 2026-11-23: a directory in the way of summary.json made the file-by-file commit stop
// after 48 of 49 files, exit 1. A directory that holds files mpnsim did not write is now refused before
// any work and left as it was.
TEST(OutputDirectory, F10AForeignDirectoryIsRefusedBeforeTheWorkAndLeftAsItWas) {
  TempDir dir("f10");
  const std::string file = dir.file("F10_div.yaml", kDivisible);
  const fs::path pc = dir.path() / "pc";
  fs::create_directories(pc / "summary.json" / "x");
  const auto r = run_mpnsim("run " + file + " -o " + pc.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("holds files mpnsim did not write"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("point(s) x"), std::string::npos) << "work started: " << r.output;
  EXPECT_TRUE(fs::is_directory(pc / "summary.json" / "x"));
  EXPECT_EQ(files_under(pc).size(), 0u);
  // A file where the directory should be is refused too.
  std::ofstream(dir.path() / "afile") << "x";
  EXPECT_EQ(run_mpnsim("run " + file + " -o " + (dir.path() / "afile").string()).exit_code, 2);
}

// The files an earlier run wrote are replaced whatever was done to them; a file it did not
// write makes the rerun refuse (issue #21 U1, output_safety_test.cpp).
TEST(OutputDirectory, AnEarlierRunsDirectoryIsReplacedWholeWhenItHoldsOnlyItsOwnFiles) {
  TempDir dir("whole");
  const std::string file = dir.file("e.yaml", kDivisible);
  const fs::path out = dir.path() / "out";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  const std::string csv = read_file(out / "results.csv");
  std::ofstream(out / "results.csv") << "edited\n";
  fs::remove(out / "gantt" / "point0_rep0_hypercube-nlf_hypercube-dim1.svg");
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  EXPECT_EQ(read_file(out / "results.csv"), csv);
  EXPECT_TRUE(fs::is_regular_file(out / "gantt" / "point0_rep0_hypercube-nlf_hypercube-dim1.svg"));
  std::ofstream(out / "notes.txt") << "mine\n";
  EXPECT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 2);
  EXPECT_EQ(read_file(out / "notes.txt"), "mine\n");
}

TEST(OutputDirectory, ACommitThatFailsLeavesThePreviousDirectoryIntact) {
  TempDir dir("commitfail");
  const fs::path out = dir.path() / "out";
  {
    OutputDirectory first(out, OutputDirectory::Start::fresh);
    first.write("results.csv", "old\n");
    first.commit();
  }
  ASSERT_EQ(read_file(out / "results.csv"), "old\n");
  {
    // Something else takes the directory while the run works: the commit must not replace it.
    OutputDirectory second(out, OutputDirectory::Start::fresh);
    second.write("results.csv", "new\n");
    fs::remove(out / ".mpnsim-output");
    std::ofstream(out / "theirs.txt") << "theirs\n";
    try {
      second.commit();
      FAIL() << "the commit replaced a directory mpnsim did not write";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("is as it was"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(read_file(out / "results.csv"), "old\n");
  EXPECT_EQ(read_file(out / "theirs.txt"), "theirs\n");
  EXPECT_FALSE(fs::exists(staging_area(out))) << "the staging area goes when the run ends";
  {
    // The rename itself fails (the staged directory vanished): again nothing changes.
    std::ofstream(out / ".mpnsim-output") << "x";
    OutputDirectory third(out, OutputDirectory::Start::fresh);
    third.write("results.csv", "newer\n");
    fs::remove_all(third.staging_dir());
    EXPECT_THROW(third.commit(), std::runtime_error);
  }
  EXPECT_EQ(read_file(out / "results.csv"), "old\n");
}

TEST(OutputDirectory, TwoRunsCannotStageTheSameDirectoryAtOnce) {
  TempDir dir("lock");
  const fs::path out = dir.path() / "out";
  OutputDirectory first(out, OutputDirectory::Start::fresh);
  try {
    OutputDirectory second(out, OutputDirectory::Start::fresh);
    FAIL() << "two runs staged one directory";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("another mpnsim run is writing"), std::string::npos) << e.what();
  }
  first.write("a/b.txt", "x");
  EXPECT_THROW(first.write("../escape.txt", "x"), std::runtime_error);
  EXPECT_THROW(first.write("/tmp/escape.txt", "x"), std::runtime_error);
  EXPECT_THROW(first.write("a//b", "x"), std::runtime_error);
}

TEST(OutputDirectory, FailuresBeforeTheCommitRemoveTheDirectoriesTheyMade) {
  TempDir dir("parents");
  const fs::path out = dir.path() / "new" / "deep" / "out";
  {
    OutputDirectory o(out, OutputDirectory::Start::fresh);
    o.write("results.csv", "x");
  }  // destroyed without commit: a failed run
  EXPECT_FALSE(fs::exists(dir.path() / "new"));
}

}  // namespace
}  // namespace mpnsim
