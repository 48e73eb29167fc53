// Flags: did-you-mean over every flag of every command, one value per flag, readable ranges (issue #12).
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;

void expect_bad_input(const std::string& args, const std::string& says) {
  const auto r = run_mpnsim(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(says), std::string::npos) << args << "\n" << r.output;
}

TEST(CommandFlags, UnknownFlagsSuggestTheNearestFlagOfTheCommandOrItsModels) {
  // A topology parameter, not the strategy's fault.
  expect_bad_input("dlt --strategy generic --topology hypercube --dimm 3", "--dimm: unknown flag (did you mean --dim?)");
  // The command's own flags.
  expect_bad_input("dlt --strategy generic --topology hypercube --dim 3 --gant x.svg", "did you mean --gantt?");
  expect_bad_input("run x.yaml --jbos 2", "mpnsim run: unknown flag --jbos (did you mean --jobs?)");
  expect_bad_input("validate x.yaml --sett a=1", "unknown flag --sett (did you mean --set?)");
  expect_bad_input("dag --generate --topology let --scheduler lps --taskss 5", "did you mean --tasks?");
  expect_bad_input("tree --topology let --scheduler mds --workload complete --dpeth 3", "did you mean --depth?");
  // A swap of two letters is one edit: heft, not hlf.
  expect_bad_input("dag --generate --topology let --scheduler hetf", "did you mean 'heft'?");
}

TEST(CommandFlags, AFlagGivenTwiceIsAnError) {
  expect_bad_input("dlt --strategy generic --topology hypercube --dim 3 --dim 4", "--dim: given twice");
  expect_bad_input("dlt --strategy generic --topology hypercube --dim 3 --format json --format table",
                   "--format given more than once");
  expect_bad_input("topo let --depth 2 --depth 3", "given twice");
  expect_bad_input("tree --topology let --scheduler mds --scheduler rr --workload complete", "--scheduler: given twice");
  // The same name for two groups is not a repeat: the tree's depth and the network's.
  const auto r = run_mpnsim("tree --topology let --depth 2 --scheduler mds --workload complete --depth 3");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(CommandFlags, RangesReadWell) {
  const auto r = run_mpnsim("run x.yaml -j 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("Value 0 not in range 1 to 4096"), std::string::npos) << r.output;
  EXPECT_LT(r.output.size(), 200u) << r.output;  // was a 300-digit bound
  expect_bad_input("tree --topology let --scheduler mds --workload complete --seed -1", "non-negative");
  expect_bad_input("dlt --strategy generic --topology star --n 4 --load -1", "load");
}

TEST(CommandFlags, RunOfADirectorySaysSo) {
  expect_bad_input(std::string("run ") + MPNSIM_SOURCE_DIR + "/experiments", "is a directory");
  expect_bad_input(std::string("validate ") + MPNSIM_SOURCE_DIR + "/experiments/no-such.yaml", "no such experiment file");
}

}  // namespace
}  // namespace mpnsim
