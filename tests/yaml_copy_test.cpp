// copy_with_marks: a deep copy that keeps each node's line and column (validate's point configurations).
#include <gtest/gtest.h>

#include "experiments/config/yaml_copy.hpp"

namespace mpnsim {
namespace {

TEST(YamlCopy, KeepsValuesTagsAndMarks) {
  const YAML::Node doc = YAML::Load("a: 1\nb:\n  - x\n  - \"2\"\nc: {d: ~}\nsweep: [1, 2]\n");
  const YAML::Node copy = copy_with_marks(doc);
  EXPECT_EQ(YAML::Dump(copy), YAML::Dump(doc));
  EXPECT_EQ(copy["b"][1].Mark().line, 3);
  EXPECT_EQ(copy["b"][1].Mark().column, 4);
  EXPECT_EQ(copy["b"][1].Tag(), "!");  // quoted: a string, not a number
  EXPECT_EQ(copy["c"]["d"].Mark().line, 4);
  EXPECT_TRUE(copy["c"]["d"].IsNull());
  EXPECT_EQ(copy["c"].Mark().line, doc["c"].Mark().line);
  EXPECT_EQ(copy["c"].Mark().column, doc["c"].Mark().column);
}

TEST(YamlCopy, IsIndependentOfTheOriginal) {
  const YAML::Node doc = YAML::Load("a: {b: 1}\n");
  YAML::Node copy = copy_with_marks(doc);
  copy["a"]["b"] = 2;
  copy["a"]["new"] = 3;
  EXPECT_EQ(doc["a"]["b"].as<int>(), 1);
  EXPECT_FALSE(doc["a"]["new"]);
}

TEST(YamlCopy, LeavesTheSkippedKeyOutAtTheTopOnly) {
  const YAML::Node doc = YAML::Load("sweep: [1, 2]\nx: {sweep: 3}\n");
  const YAML::Node copy = copy_with_marks(doc, "sweep");
  EXPECT_FALSE(copy["sweep"]);
  EXPECT_EQ(copy["x"]["sweep"].as<int>(), 3);
}

}  // namespace
}  // namespace mpnsim
