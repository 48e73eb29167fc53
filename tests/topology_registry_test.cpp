// Topology registry: declared parameters, building by name, and the errors a user sees.
#include <gtest/gtest.h>

#include <string>

#include "topologies/registry.hpp"

namespace mpnsim {
namespace {

TEST(TopologyRegistry, EveryFamilyBuildsWithItsDefaults) {
  const std::vector<std::string> expected{"let",   "hypercube", "debruijn", "mesh",     "tree",
                                          "chain", "ring",      "star",     "two-root", "complete"};
  std::vector<std::string> names;
  for (const auto& entry : topology_registry()) {
    names.push_back(entry.name);
    EXPECT_FALSE(entry.description.empty()) << entry.name;
    for (const auto& spec : entry.params) {
      EXPECT_FALSE(spec.description.empty()) << entry.name << " " << spec.name;
      EXPECT_FALSE(spec.default_value.empty()) << entry.name << " " << spec.name;
    }
    const auto t = make_topology(entry.name, {});
    EXPECT_EQ(t.kind(), entry.name);
    EXPECT_EQ(t.name().rfind(entry.name + "(", 0), 0u) << t.name();
    EXPECT_TRUE(t.properties().diameter) << t.name();  // every default is connected
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(find_topology("nope"), nullptr);
  ASSERT_NE(find_topology("mesh"), nullptr);
}

TEST(TopologyRegistry, BuildsFromNamedParameters) {
  const auto t = make_topology("mesh", {{"rows", "3"}, {"cols", "5"}, {"torus", "true"}});
  EXPECT_EQ(t.name(), "mesh(rows=3,cols=5,torus=true)");
  EXPECT_EQ(t.size(), 15);
  EXPECT_TRUE(t.vertex_transitive());
  EXPECT_EQ(make_topology("let", {}).name(), "let(depth=2)");
  EXPECT_TRUE(make_topology("debruijn", {{"directed", "true"}}).directed());
  EXPECT_EQ(make_topology("debruijn", {{"base", "4"}, {"order", "2"}}).size(), 16);
}

TEST(TopologyRegistry, UnknownFamilyListsNamesAndSuggests) {
  try {
    make_topology("hypercub", {});
    FAIL() << "no error";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.key(), "topology");
    EXPECT_NE(e.problem().find("did you mean 'hypercube'"), std::string::npos) << e.what();
    EXPECT_NE(e.problem().find("let, hypercube, debruijn"), std::string::npos) << e.what();
  }
}

ParamError error_of(const std::string& family,
                    const std::vector<std::pair<std::string, std::string>>& params) {
  try {
    make_topology(family, params);
  } catch (const ParamError& e) {
    return e;
  }
  return ParamError("", "no error");
}

TEST(TopologyRegistry, BadParametersAreRefusedByName) {
  EXPECT_EQ(error_of("let", {{"dept", "3"}}).key(), "dept");  // unknown, 'depth' suggested
  EXPECT_NE(error_of("let", {{"dept", "3"}}).problem().find("depth"), std::string::npos);
  EXPECT_EQ(error_of("let", {{"depth", "-1"}}).key(), "depth");
  EXPECT_EQ(error_of("hypercube", {{"dim", "25"}}).key(), "dim");  // 25 * 2^24 links: too large
  EXPECT_EQ(error_of("hypercube", {{"dim", "31"}}).key(), "dim");  // above the declared max
  EXPECT_EQ(error_of("hypercube", {{"dim", "three"}}).key(), "dim");
  EXPECT_EQ(error_of("debruijn", {{"base", "3"}}).key(), "base");  // only 2 or 4
  EXPECT_EQ(error_of("debruijn", {{"base", "4"}, {"order", "13"}}).key(), "order");  // 4^13 nodes
  EXPECT_EQ(error_of("mesh", {{"torus", "maybe"}}).key(), "torus");
  // 5000 x 5000 fits each side's range but not memory: refused before building, with the estimate.
  const auto big = error_of("mesh", {{"rows", "5000"}, {"cols", "5000"}});
  EXPECT_EQ(big.key(), "rows");
  EXPECT_NE(big.problem().find("25000000 nodes"), std::string::npos) << big.what();
  EXPECT_NE(big.problem().find("GiB"), std::string::npos) << big.what();
}

}  // namespace
}  // namespace mpnsim
