// The comment-free text a sweep point is re-read from: the same tree, positions included, or the text untouched.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include "experiments/config/comment_free_text.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

std::string cut(const std::string& text) { return comment_free_text(text, YAML::Load(text)); }

TEST(CommentFreeText, CommentsGoAndEveryPositionStays) {
  const std::string text =
      "# an experiment\nname: t   # its name\nkind: topology\n  # indented comment\n"
      "topology: {kind: let, depth: 2}  #x\nsweep:\n  topology.depth: \"1:3\" # range\n";
  const std::string c = cut(text);
  EXPECT_EQ(c, "\nname: t   \nkind: topology\n  \ntopology: {kind: let, depth: 2}  \nsweep:\n  topology.depth: \"1:3\" \n");
  const YAML::Node a = YAML::Load(text), b = YAML::Load(c);
  EXPECT_EQ(b["sweep"]["topology.depth"].Mark().line, a["sweep"]["topology.depth"].Mark().line);
  EXPECT_EQ(b["sweep"]["topology.depth"].Mark().column, a["sweep"]["topology.depth"].Mark().column);
  EXPECT_EQ(b["sweep"]["topology.depth"].Scalar(), "1:3");
}

TEST(CommentFreeText, AHashInAQuotedScalarKeepsItsLineAndOnlyWholeCommentLinesGo) {
  const std::string text = "# head\nname: \"a # b\"\nnote: 'c #d'  # tail\n";
  const std::string c = cut(text);
  EXPECT_EQ(c, "\nname: \"a # b\"\nnote: 'c #d'  # tail\n");
  EXPECT_EQ(YAML::Load(c)["name"].Scalar(), "a # b");
}

TEST(CommentFreeText, ABlockScalarWithCommentLikeLinesKeepsTheTextAsItIs) {
  const std::string text = "description: |\n  # not a comment here\n  text\nname: t # a comment\n";
  EXPECT_EQ(cut(text), text);
}

TEST(CommentFreeText, ATreeTooLargeToCompareKeepsTheTextAsItIs) {
  // Aliases nest a small file into a tree of 10^9 nodes: the comparison gives up at once.
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x] # c\n";
  for (char c = 'b'; c <= 'j'; ++c)
    text += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
            char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
            char(c - 1) + ", *" + char(c - 1) + "]\n";
  EXPECT_EQ(cut(text), text);
}

TEST(CommentFreeText, SweepPointErrorsKeepTheirPositionUnderComments) {
  testing::TempDir dir("comment-free");
  const std::string file = dir.file("c.yaml",
                                    "# comment\nname: c  # x\nkind: task_tree\ntopology: {kind: hypercube, dim: 2}  # y\n"
                                    "scheduler: {name: dem, sweeps: 2}\nworkload: {kind: complete, arity: 2, depth: 3}\n"
                                    "sweep:\n  # which\n  scheduler.name: [dem, mds]  # z\n");
  const auto r = testing::run_mpnsim("validate " + file);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("c.yaml:5:24: 'scheduler.sweeps'"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace mpnsim
