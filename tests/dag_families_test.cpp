// The generated DAG families (issue #38): each structure against a hand-drawn graph and its source's counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "workloads/dag/dag_workloads.hpp"
#include "workloads/dag/dot_format.hpp"

namespace mpnsim {
namespace {

using Edges = std::set<std::pair<int, int>>;

// The family's parameters: the given ones, the rest at their defaults.
ParamSet params_of(const std::string& family, const std::vector<std::pair<std::string, std::string>>& given) {
  const DagWorkloadEntry* e = find_dag_workload(family);
  EXPECT_NE(e, nullptr) << family;
  return resolve_params(e->params, given);
}

TaskGraph make(const std::string& family, const std::vector<std::pair<std::string, std::string>>& given,
               std::uint64_t seed = 7, int processors = 0) {
  return generate_family_graph(*find_dag_workload(family)->family, params_of(family, given), seed, processors);
}

Edges edges_of(const TaskGraph& g) {
  Edges out;
  for (const auto& e : g.edges()) out.emplace(e.from, e.to);
  EXPECT_EQ(out.size(), g.edges().size()) << "an edge appears twice";
  return out;
}

// The key of the ParamError that making the graph throws ("" when none).
std::string refused_key(const std::string& family, const std::vector<std::pair<std::string, std::string>>& given) {
  try {
    make(family, given);
  } catch (const ParamError& e) {
    return e.key();
  }
  return "";
}

// Depth of each task: the tasks on its longest path from an entry, itself excluded.
std::vector<int> depths(const TaskGraph& g) {
  std::vector<int> d(static_cast<std::size_t>(g.size()), 0);
  for (int t : topological_order(g))
    for (int e : g.out_edges(t))
      d[static_cast<std::size_t>(g.edge(e).to)] =
          std::max(d[static_cast<std::size_t>(g.edge(e).to)], d[static_cast<std::size_t>(t)] + 1);
  return d;
}

int entries(const TaskGraph& g) {
  int n = 0;
  for (int t = 0; t < g.size(); ++t) n += g.in_edges(t).empty();
  return n;
}
int exits(const TaskGraph& g) {
  int n = 0;
  for (int t = 0; t < g.size(); ++t) n += g.out_edges(t).empty();
  return n;
}

TEST(DagFamilies, AreRegisteredWithTheIssuesParameterNames) {
  const std::map<std::string, std::vector<std::string>> expected{
      {"daggen", {"tasks", "fat", "density", "regularity", "jump"}},
      {"topcuoglu", {"tasks", "shape", "out_degree", "beta"}},
      {"gaussian-elimination", {"m"}},
      {"fft", {"points"}},
      {"laplace", {"size"}},
      {"lu", {"blocks"}},
      {"fork", {"width"}},
      {"join", {"width"}},
      {"fork-join", {"width"}},
      {"in-tree", {"branching", "depth", "balanced"}},
      {"out-tree", {"branching", "depth", "balanced"}},
      {"pipeline", {"stages", "width"}},
      {"stencil", {"width", "steps"}},
      {"series-parallel", {"tasks", "max_branching"}},
      {"independent", {"tasks"}},
      {"random-dag", {"tasks", "max_in", "max_out"}}};
  for (const auto& [name, own] : expected) {
    const DagWorkloadEntry* e = find_dag_workload(name);
    ASSERT_NE(e, nullptr) << name;
    ASSERT_NE(e->family, nullptr) << name;
    std::vector<std::string> names;
    for (const auto& p : e->params) names.push_back(p.name);
    std::vector<std::string> want = own;
    for (const char* c : {"exec_min", "exec_max", "data_min", "data_max", "integer", "seed"}) want.push_back(c);
    EXPECT_EQ(names, want) << name;
  }
}

// Topcuoglu et al. 2002 §6.1: (m^2 + m - 2)/2 tasks. m = 4 drawn by hand: step 1 is T0 (pivot),
// T1..T3 (columns 2..4); step 2 T4, T5, T6; step 3 T7, T8.
TEST(DagFamilies, GaussianEliminationIsTheHandDrawnGraphAndHasThePapersCount) {
  const TaskGraph g = make("gaussian-elimination", {{"m", "4"}});
  EXPECT_EQ(g.size(), 9);
  EXPECT_EQ(edges_of(g), (Edges{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 5}, {4, 6}, {5, 7}, {6, 8}, {7, 8}}));
  for (int m = 2; m <= 40; ++m) {
    const TaskGraph h = make("gaussian-elimination", {{"m", std::to_string(m)}});
    EXPECT_EQ(h.size(), (m * m + m - 2) / 2) << m;
    EXPECT_EQ(entries(h), 1);
    EXPECT_EQ(exits(h), 1);
    const auto d = depths(h);
    EXPECT_EQ(*std::max_element(d.begin(), d.end()), 2 * (m - 1) - 1) << m;  // P U P U ... U
  }
  EXPECT_EQ(make("gaussian-elimination", {{"m", "5"}}).size(), 14);  // the paper's figure
}

// Topcuoglu et al. 2002 §6.2: 2n - 1 recursive-call tasks and n log2 n butterflies; n = 4 by hand.
TEST(DagFamilies, FftIsTheHandDrawnGraphAndHasThePapersCount) {
  const TaskGraph g = make("fft", {{"points", "4"}});
  EXPECT_EQ(g.size(), 15);
  EXPECT_EQ(edges_of(g), (Edges{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {2, 6},                     // calls
                                {3, 7}, {4, 7}, {3, 8}, {4, 8}, {5, 9}, {6, 9}, {5, 10}, {6, 10},     // level 1
                                {7, 11}, {9, 11}, {8, 12}, {10, 12}, {7, 13}, {9, 13}, {8, 14}, {10, 14}}));
  for (int k = 1; k <= 12; ++k) {
    const int n = 1 << k;
    const TaskGraph h = make("fft", {{"points", std::to_string(n)}});
    EXPECT_EQ(h.size(), 2 * n - 1 + n * k) << n;
    EXPECT_EQ(entries(h), 1);
    EXPECT_EQ(exits(h), n);
    int recursive = 0;  // tasks with at most one parent and two children: the calls above the leaves
    for (int t = 0; t < h.size(); ++t) recursive += h.in_edges(t).size() <= 1 && h.out_edges(t).size() == 2 && t < n - 1;
    EXPECT_EQ(recursive, n - 1);
  }
}

TEST(DagFamilies, BadParametersAreRefusedAtTheirKey) {
  EXPECT_EQ(refused_key("fft", {{"points", "6"}}), "points");
  EXPECT_EQ(refused_key("fft", {{"points", "1"}}), "points");
  EXPECT_EQ(refused_key("daggen", {{"fat", "0"}}), "fat");
  EXPECT_EQ(refused_key("daggen", {{"fat", "1.5"}}), "fat");
  EXPECT_EQ(refused_key("daggen", {{"fat", "-0.1"}}), "fat");
  EXPECT_EQ(refused_key("daggen", {{"fat", "1"}}), "");
  EXPECT_EQ(refused_key("topcuoglu", {{"shape", "0"}}), "shape");
  EXPECT_EQ(refused_key("fork", {{"exec_min", "5"}, {"exec_max", "2"}}), "exec_min");
  try {
    make("fft", {{"points", "12"}});
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("power of two"), std::string::npos) << e.what();
  }
  // Out of the declared ranges: refused by the declaration, at the key too.
  EXPECT_THROW(params_of("daggen", {{"density", "1.5"}}), ParamError);
  EXPECT_THROW(params_of("topcuoglu", {{"beta", "3"}}), ParamError);
  EXPECT_THROW(params_of("gaussian-elimination", {{"m", "1"}}), ParamError);
}

TEST(DagFamilies, LaplaceIsTheHandDrawnGrid) {
  const TaskGraph g = make("laplace", {{"size", "3"}});
  EXPECT_EQ(g.size(), 9);
  EXPECT_EQ(edges_of(g), (Edges{{0, 1}, {0, 3}, {1, 2}, {1, 4}, {2, 5}, {3, 4}, {3, 6}, {4, 5}, {4, 7}, {5, 8},
                                {6, 7}, {7, 8}}));
  const TaskGraph big = make("laplace", {{"size", "10"}});
  EXPECT_EQ(big.size(), 100);
  EXPECT_EQ(big.edge_count(), 180);
  const auto d = depths(big);
  EXPECT_EQ(*std::max_element(d.begin(), d.end()), 18);  // 2N - 1 levels
}

// Step 0 of a 2 x 2 matrix: getrf T0, trsm right T1, trsm below T2, gemm T3; step 1: getrf T4.
TEST(DagFamilies, LuIsTheHandDrawnGraphAndCountsTheBlocksTasks) {
  const TaskGraph g = make("lu", {{"blocks", "2"}});
  EXPECT_EQ(g.size(), 5);
  EXPECT_EQ(edges_of(g), (Edges{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}}));
  for (int b = 1; b <= 12; ++b) {
    const TaskGraph h = make("lu", {{"blocks", std::to_string(b)}});
    EXPECT_EQ(h.size(), b * (b + 1) * (2 * b + 1) / 6) << b;
    EXPECT_EQ(entries(h), 1);
    EXPECT_EQ(exits(h), 1);
    const auto d = depths(h);
    EXPECT_EQ(*std::max_element(d.begin(), d.end()), 3 * (b - 1)) << b;  // getrf, trsm, gemm per step
  }
}

TEST(DagFamilies, ForkJoinShapesAreTheHandDrawnGraphs) {
  EXPECT_EQ(edges_of(make("fork", {{"width", "3"}})), (Edges{{0, 1}, {0, 2}, {0, 3}}));
  EXPECT_EQ(edges_of(make("join", {{"width", "3"}})), (Edges{{0, 3}, {1, 3}, {2, 3}}));
  EXPECT_EQ(edges_of(make("fork-join", {{"width", "3"}})), (Edges{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 4}}));
  EXPECT_EQ(make("fork-join", {{"width", "3"}}).size(), 5);
  EXPECT_EQ(make("independent", {{"tasks", "6"}}).size(), 6);
  EXPECT_EQ(make("independent", {{"tasks", "6"}}).edge_count(), 0);
}

TEST(DagFamilies, BalancedTreesAreTheHandDrawnTrees) {
  EXPECT_EQ(edges_of(make("out-tree", {{"branching", "2"}, {"depth", "2"}})),
            (Edges{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {2, 6}}));
  EXPECT_EQ(edges_of(make("in-tree", {{"branching", "2"}, {"depth", "2"}})),
            (Edges{{5, 6}, {4, 6}, {3, 5}, {2, 5}, {1, 4}, {0, 4}}));
  EXPECT_EQ(make("out-tree", {{"branching", "3"}, {"depth", "4"}}).size(), 121);
  EXPECT_EQ(make("in-tree", {{"branching", "1"}, {"depth", "4"}}).size(), 5);
}

TEST(DagFamilies, UnbalancedTreesReachTheirDepthWithinTheBranching) {
  std::set<int> sizes;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const TaskGraph out = make("out-tree", {{"branching", "3"}, {"depth", "5"}, {"balanced", "false"}}, seed);
    const TaskGraph in = make("in-tree", {{"branching", "3"}, {"depth", "5"}, {"balanced", "false"}}, seed);
    sizes.insert(out.size());
    ASSERT_EQ(in.size(), out.size());
    EXPECT_EQ(out.edge_count(), out.size() - 1);
    EXPECT_EQ(entries(out), 1);
    EXPECT_EQ(exits(in), 1);
    const auto d = depths(out);
    EXPECT_EQ(*std::max_element(d.begin(), d.end()), 5);
    for (int t = 0; t < out.size(); ++t) {
      EXPECT_LE(out.out_edges(t).size(), 3u);
      EXPECT_LE(in.in_edges(t).size(), 3u);
    }
  }
  EXPECT_GT(sizes.size(), 5u);  // drawn, not fixed
  EXPECT_LT(*sizes.rbegin(), 364);  // below the balanced tree
}

TEST(DagFamilies, PipelineAndStencilAreTheHandDrawnGraphs) {
  EXPECT_EQ(edges_of(make("pipeline", {{"stages", "3"}, {"width", "2"}})),
            (Edges{{0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 4}, {2, 5}, {3, 4}, {3, 5}}));
  EXPECT_EQ(edges_of(make("pipeline", {{"stages", "4"}, {"width", "1"}})), (Edges{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(edges_of(make("stencil", {{"width", "3"}, {"steps", "2"}})),
            (Edges{{0, 3}, {1, 3}, {0, 4}, {1, 4}, {2, 4}, {1, 5}, {2, 5}}));
  EXPECT_EQ(make("stencil", {{"width", "5"}, {"steps", "4"}}).edge_count(), 3 * 13);
}

// Two-terminal series-parallel graphs reduce to a single edge by merging series pairs (a task with
// one parent and one child) and parallel edges: the test does the reduction.
bool reduces_to_one_edge(const TaskGraph& g) {
  std::multiset<std::pair<int, int>> edges;
  for (const auto& e : g.edges()) edges.emplace(e.from, e.to);
  // Add a super source and sink? Two terminals exist already: the one entry and the one exit.
  bool changed = true;
  while (changed && edges.size() > 1) {
    changed = false;
    // Parallel: duplicates collapse.
    std::multiset<std::pair<int, int>> unique(edges.begin(), edges.end());
    std::set<std::pair<int, int>> once(edges.begin(), edges.end());
    if (once.size() < edges.size()) {
      edges = std::multiset<std::pair<int, int>>(once.begin(), once.end());
      changed = true;
    }
    // Series: a node with exactly one in and one out edge.
    std::map<int, std::vector<std::pair<int, int>>> in, out;
    for (const auto& e : edges) {
      out[e.first].push_back(e);
      in[e.second].push_back(e);
    }
    for (const auto& [v, ins] : in) {
      if (ins.size() == 1 && out.count(v) && out[v].size() == 1) {
        const auto a = ins[0], b = out[v][0];
        edges.erase(edges.find(a));
        edges.erase(edges.find(b));
        edges.emplace(a.first, b.second);
        changed = true;
        break;
      }
    }
  }
  return edges.size() == 1;
}

TEST(DagFamilies, SeriesParallelGraphsHaveTheirTasksAndReduce) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const int n = 2 + static_cast<int>(seed % 37);
    const TaskGraph g = make("series-parallel", {{"tasks", std::to_string(n)}, {"max_branching", "4"}}, seed);
    ASSERT_EQ(g.size(), n);
    EXPECT_EQ(entries(g), 1);
    EXPECT_EQ(exits(g), 1);
    for (int t = 0; t < n; ++t) EXPECT_LE(g.out_edges(t).size(), 4u);
    EXPECT_TRUE(reduces_to_one_edge(g)) << write_dot(g);
  }
  // A diamond with a chord (a -> b, a -> c, b -> c, b -> d, c -> d) is not series-parallel: the check can fail.
  TaskGraph n("not-sp");
  for (const char* t : {"a", "b", "c", "d"}) n.add_task(t, 1);
  for (auto [f, t] : {std::pair{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}) n.add_edge(f, t, 1);
  n.finalize();
  EXPECT_FALSE(reduces_to_one_edge(n));
}

// DAGGEN's README: n^fat tasks per level, regularity the latitude around it, 1 + U[0, density *
// previous width) parents, jump the levels a link may span.
TEST(DagFamilies, DaggenFatIsTheWidthAndRegularityTheLatitude) {
  // fat 1: one level of n tasks, no edges; fat small: n^fat < 2, a chain.
  const TaskGraph flat = make("daggen", {{"tasks", "50"}, {"fat", "1"}, {"regularity", "1"}});
  EXPECT_EQ(flat.edge_count(), 0);
  const TaskGraph chain = make("daggen", {{"tasks", "50"}, {"fat", "0.1"}, {"regularity", "1"}});
  EXPECT_EQ(edges_of(chain).size(), 49u);
  for (int t = 0; t + 1 < 50; ++t) EXPECT_TRUE(edges_of(chain).count({t, t + 1})) << t;
  // Regular levels of floor(100^0.5) = 10: with jump 1 a task's depth is its level.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const TaskGraph g = make("daggen", {{"tasks", "100"}, {"fat", "0.5"}, {"regularity", "1"}, {"density", "0.3"}}, seed);
    const auto d = depths(g);
    for (int t = 0; t < 100; ++t) EXPECT_EQ(d[static_cast<std::size_t>(t)], t / 10) << t;
  }
  // Regularity 0.5: levels hold 10..30 tasks (the last may be cut short).
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const TaskGraph g = make("daggen", {{"tasks", "400"}, {"fat", "0.5"}, {"regularity", "0.5"}}, seed);
    const auto d = depths(g);
    std::map<int, int> width;
    for (int x : d) ++width[x];
    const int last = width.rbegin()->first;
    for (const auto& [level, w] : width) {
      if (level != last) {
        EXPECT_GE(w, 10);  // 0.5 * floor(400^0.5)
      }
      EXPECT_LE(w, 30);                     // 1.5 * 20
    }
  }
}

TEST(DagFamilies, DaggenDensitySetsTheParentsAndJumpTheirLevels) {
  // Regular levels of 10 (tasks 10l..10l+9 are level l).
  auto level = [](int t) { return t / 10; };
  // density 0: one parent each; density 1: 1 + floor(U[0, 10)) parents, mean 5.5.
  for (const char* density : {"0", "1"}) {
    double parents = 0;
    int counted = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const TaskGraph g =
          make("daggen", {{"tasks", "100"}, {"fat", "0.5"}, {"regularity", "1"}, {"density", density}}, seed);
      for (int t = 10; t < 100; ++t, ++counted) {
        parents += static_cast<double>(g.in_edges(t).size());
        for (int e : g.in_edges(t)) EXPECT_EQ(level(g.edge(e).from), level(t) - 1);
      }
    }
    if (std::string(density) == "0") {
      EXPECT_EQ(parents / counted, 1.0);
    } else {
      EXPECT_NEAR(parents / counted, 5.5, 0.3);
    }
  }
  std::map<int, int> spans;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const TaskGraph g =
        make("daggen", {{"tasks", "100"}, {"fat", "0.5"}, {"regularity", "1"}, {"density", "0.2"}, {"jump", "3"}}, seed);
    for (const auto& e : g.edges()) ++spans[level(e.to) - level(e.from)];
  }
  EXPECT_EQ(spans.begin()->first, 1);
  EXPECT_EQ(spans.rbegin()->first, 3);
  EXPECT_GT(spans[2], 0);
}

// Topcuoglu et al. §5.1: height about sqrt(v)/alpha, width about alpha sqrt(v); out-degree at most
// out_degree (unless a level is narrower than the next); every edge joins consecutive levels.
TEST(DagFamilies, TopcuogluShapeSetsHeightAndWidth) {
  for (const double shape : {0.5, 1.0, 2.0}) {
    double height = 0;
    const int graphs = 40;
    for (std::uint64_t seed = 1; seed <= graphs; ++seed) {
      const TaskGraph g = make("topcuoglu", {{"tasks", "400"}, {"shape", std::to_string(shape)}, {"out_degree", "3"}},
                               seed);
      const auto d = depths(g);
      height += *std::max_element(d.begin(), d.end()) + 1;
      for (const auto& e : g.edges())
        EXPECT_EQ(d[static_cast<std::size_t>(e.to)], d[static_cast<std::size_t>(e.from)] + 1);
    }
    // sqrt(400) / shape = 40, 20, 10 levels on average (within 15%).
    EXPECT_NEAR(height / graphs, 20 / shape, 0.15 * 20 / shape) << shape;
  }
  // A task passes out_degree only when the next level is wider than its own (its level's tasks
  // wanted too few children to give each of the next one a parent).
  int over = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const TaskGraph g = make("topcuoglu", {{"tasks", "200"}, {"out_degree", "2"}}, seed);
    const auto d = depths(g);
    std::map<int, int> width;
    for (int x : d) ++width[x];
    for (int t = 0; t < g.size(); ++t) {
      const int depth = d[static_cast<std::size_t>(t)];
      if (g.out_edges(t).size() > 2) {
        ++over;
        EXPECT_GT(width[depth + 1], 2 * 1) << "forced only by a wider next level";
        EXPECT_GT(width[depth + 1], width[depth]);
      }
    }
  }
  EXPECT_GT(over, 0);  // the case arises, and was checked
}

TEST(DagFamilies, TopcuogluBetaDrawsACostTableAroundEachTasksWork) {
  const std::vector<std::pair<std::string, std::string>> p{{"tasks", "60"}, {"beta", "0.5"}};
  const TaskGraph none = make("topcuoglu", p, 3, 0);
  const TaskGraph four = make("topcuoglu", p, 3, 4);
  const TaskGraph eight = make("topcuoglu", p, 3, 8);
  EXPECT_EQ(none.costs(), nullptr);
  ASSERT_NE(four.costs(), nullptr);
  ASSERT_EQ(eight.costs()->processors(), 8);
  EXPECT_EQ(write_dot(none), write_dot(four));  // the same graph on every network
  EXPECT_EQ(write_dot(none), write_dot(eight));
  for (int t = 0; t < four.size(); ++t)
    for (int q = 0; q < 4; ++q) {
      EXPECT_GE(four.costs()->at(t, q), four.work(t) * 0.75);
      EXPECT_LE(four.costs()->at(t, q), four.work(t) * 1.25);
    }
  EXPECT_EQ(make("topcuoglu", {{"tasks", "60"}, {"beta", "0"}}, 3, 4).costs(), nullptr);
}

TEST(DagFamilies, SameSeedSameBytesOtherSeedOtherGraph) {
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> cases{
      {"daggen", {{"tasks", "60"}}},           {"topcuoglu", {{"tasks", "60"}}},
      {"gaussian-elimination", {{"m", "6"}}},  {"fft", {{"points", "8"}}},
      {"laplace", {{"size", "5"}}},            {"lu", {{"blocks", "3"}}},
      {"fork", {}},                            {"join", {}},
      {"fork-join", {}},                       {"in-tree", {{"balanced", "false"}}},
      {"out-tree", {}},                        {"pipeline", {}},
      {"stencil", {}},                         {"series-parallel", {{"tasks", "30"}}},
      {"independent", {}},                     {"random-dag", {}}};
  for (const auto& [family, given] : cases) {
    const std::string a = write_dot(make(family, given, 11));
    EXPECT_EQ(a, write_dot(make(family, given, 11))) << family;
    EXPECT_NE(a, write_dot(make(family, given, 12))) << family;
    // Whole numbers from the default ranges 1..10.
    const TaskGraph g = make(family, given, 11);
    for (int t = 0; t < g.size(); ++t) {
      EXPECT_GE(g.work(t), 1);
      EXPECT_LE(g.work(t), 10);
      EXPECT_EQ(g.work(t), std::floor(g.work(t)));
    }
    (void)topological_order(g);  // acyclic
  }
}

}  // namespace
}  // namespace mpnsim
