// Tests of the best participating set for a fixed send order (issue #25), against LPs GLPK solves exactly.
#include <gtest/gtest.h>


#include <algorithm>
#include <cmath>
#include <random>

#include "glpk_program.hpp"
#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

DltSolution run(const DivisibleStrategyEntry& e, const Topology& t, const MachineSpec& m,
                std::vector<std::pair<std::string, std::string>> params = {}) {
  const ParamSet p = resolve_params(e.params, params);
  return e.solve(DltInput{t, m, 1.0, 0, p});
}

// The star of the issue: w = 1 everywhere, the slow child (z = 10) before the fast one (z = 0.1).
MachineSpec slow_first_star() {
  const Topology t = star(3);
  MachineSpec m = uniform_machine(3, t.links(), false, ProcessorSpec{}, 1, 0);
  m.links[0].z = 10;
  m.links[1].z = 0.1;
  return m;
}

TEST(DltParticipation, TheSlowFirstChildIsLeftOut) {
  // By hand, without P1: the centre computes T, P2 receives 0.1 a then computes a, so
  // a = T / 1.1 and T (1 + 1/1.1) = 1: T = 1.1 / 2.1.
  const Topology t = star(3);
  const MachineSpec m = slow_first_star();
  for (const auto* e : {"generic", "star-sequential"}) {
    const DltSolution sol = std::string(e) == "generic" ? run(generic_strategy(), t, m)
                                                        : run(star_sequential_strategy(), t, m);
    EXPECT_NEAR(sol.T, 1.1 / 2.1, 1e-15) << e;
    EXPECT_FALSE(sol.participating[1]) << e;
    EXPECT_EQ(sol.alpha[1], 0.0) << e;
    ASSERT_EQ(sol.notes.size(), 1u) << e;
    EXPECT_NE(sol.notes[0].find("processor 1"), std::string::npos) << sol.notes[0];
    EXPECT_NE(sol.notes[0].find("delay the sends after it"), std::string::npos) << sol.notes[0];
    const DltCheck c = simulate(sol);
    EXPECT_LE(c.max_rel_diff, kTimeRelTol);
  }
}

TEST(DltParticipation, TheOldReadingIsStillThere) {
  // negative-only keeps P1: a1 = T/11, P2 waits 10 a1 then a2 = (T - 10 a1)/1.1, so
  // T (1 + 1/11 + (1/11)/1.1) = 1 (P2 gets T/12.1): T = 1/(1 + 1/11 + 1/12.1) = 0.85207...
  const Topology t = star(3);
  const DltSolution sol = run(generic_strategy(), t, slow_first_star(), {{"participation", "negative-only"}});
  EXPECT_NEAR(sol.T, 1 / (1 + 1 / 11.0 + 1 / 12.1), 1e-15);
  EXPECT_TRUE(sol.participating[1]);
  EXPECT_LE(simulate(sol).max_rel_diff, kTimeRelTol);
}

// A random heterogeneous star around processor 0.
MachineSpec random_star(std::mt19937_64& rng, int children, bool startups) {
  const Topology t = star(children + 1);
  MachineSpec m = uniform_machine(children + 1, t.links(), false, ProcessorSpec{}, 1, 0);
  std::uniform_real_distribution<double> log10_w(-0.7, 0.7), log10_z(-1.3, 1.0), s(0.0, 0.05);
  for (auto& p : m.processors) p.w = std::pow(10.0, log10_w(rng));
  for (auto& l : m.links) {
    l.z = std::pow(10.0, log10_z(rng));
    if (startups) l.startup = s(rng);
  }
  return m;
}

// The fastest schedule for the send order `order` (children of 0 in send order) on a one-port
// centre with a co-processor, as a linear program GLPK solves in exact rational arithmetic:
//   minimise T  subject to  w_0 a_0 <= T,
//     for the k-th child c_k:  sum_{j<=k} (S_j y_j + z_j a_j) + w_k a_k <= T  (its message ends,
//                              then it computes),
//     a_c <= y_c (V = 1),  sum a = 1,  a >= 0,
// where y_c = 1 when child c takes part (it then pays its startup). The y are fixed here, and
// the caller takes the best over every subset: an exact mixed-integer optimum for small stars.
double lp_time(const MachineSpec& m, const std::vector<int>& order, const std::vector<int>& y) {
  const int n = m.size();
  testing::Glpk lp;
  std::vector<int> a(static_cast<std::size_t>(n));  // each processor's load; those left out are 0
  for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = lp.var(0, !(i == 0 || y[static_cast<std::size_t>(i)]));
  const int T = lp.var(1);
  lp.row({{a[0], m.processors[0].w}, {T, -1}}, GLP_UP, 0);
  std::vector<double> z(static_cast<std::size_t>(n), 0.0), S(static_cast<std::size_t>(n), 0.0);
  for (const auto& l : m.links) {
    z[static_cast<std::size_t>(l.b)] = l.z;
    S[static_cast<std::size_t>(l.b)] = l.startup;
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int c = order[k];
    if (!y[static_cast<std::size_t>(c)]) continue;
    double startups = 0;
    std::vector<std::pair<int, double>> terms;
    for (std::size_t j = 0; j <= k; ++j) {
      const int d = order[j];
      if (!y[static_cast<std::size_t>(d)]) continue;
      startups += S[static_cast<std::size_t>(d)];
      terms.emplace_back(a[static_cast<std::size_t>(d)],
                         z[static_cast<std::size_t>(d)] + (d == c ? m.processors[static_cast<std::size_t>(c)].w : 0.0));
    }
    terms.emplace_back(T, -1);
    lp.row(terms, GLP_UP, -startups);
  }
  std::vector<std::pair<int, double>> all;
  for (int i = 0; i < n; ++i) all.emplace_back(a[static_cast<std::size_t>(i)], 1);
  lp.row(all, GLP_FX, 1);
  return lp.solve();
}

double best_lp_time(const MachineSpec& m, const std::vector<int>& order) {
  const int kids = m.size() - 1;
  double best = INFINITY;
  for (int mask = 0; mask < (1 << kids); ++mask) {
    std::vector<int> y(static_cast<std::size_t>(m.size()), 0);
    for (int c = 1; c <= kids; ++c) y[static_cast<std::size_t>(c)] = (mask >> (c - 1)) & 1;
    best = std::min(best, lp_time(m, order, y));
  }
  return best;
}

std::vector<int> send_order(const MachineSpec& m, bool fastest_link) {
  std::vector<int> order;
  for (int c = 1; c < m.size(); ++c) order.push_back(c);
  if (fastest_link)
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return m.links[static_cast<std::size_t>(a - 1)].z <
                                                                           m.links[static_cast<std::size_t>(b - 1)].z; });
  return order;
}

void check_against_lp(bool startups) {
  std::mt19937_64 rng(startups ? 2025 : 25);
  int left_out = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int children = 2 + trial % 6;
    const MachineSpec m = random_star(rng, children, startups);
    const Topology t = star(children + 1);
    for (bool fastest : {false, true}) {
      const double lp = best_lp_time(m, send_order(m, fastest));
      const DltSolution seq = run(star_sequential_strategy(), t, m, {{"order", fastest ? "fastest-link" : "index"}});
      EXPECT_TRUE(times_equal(seq.T, lp)) << "trial " << trial << " fastest " << fastest << ": " << seq.T << " vs LP "
                                          << lp;
      EXPECT_LE(simulate(seq).max_rel_diff, kTimeRelTol) << "trial " << trial;
      left_out += seq.participating_count() < m.size();
      if (!fastest) {  // generic's breadth-first tree of a star sends by index
        const DltSolution gen = run(generic_strategy(), t, m);
        EXPECT_TRUE(times_equal(gen.T, lp)) << "trial " << trial << ": " << gen.T << " vs LP " << lp;
      }
    }
  }
  EXPECT_GT(left_out, 5);  // the draws do exercise the fix
}

TEST(DltParticipation, WhenEveryoneTakesPartNothingChangesBitForBit) {
  // The search only chooses who takes part; when it keeps everyone, the solution is the old
  // rule's to the last bit (the equal-finish solver runs on the same set), plan included.
  std::mt19937_64 rng(99);
  int compared = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int children = 2 + trial % 6;
    const MachineSpec m = random_star(rng, children, trial % 2 == 1);
    const Topology t = star(children + 1);
    for (const char* order : {"index", "fastest-link"}) {
      const DltSolution now = run(star_sequential_strategy(), t, m, {{"order", order}});
      const DltSolution old =
          run(star_sequential_strategy(), t, m, {{"order", order}, {"participation", "negative-only"}});
      if (now.participating_count() != m.size()) continue;
      ++compared;
      EXPECT_EQ(now.T, old.T);
      EXPECT_EQ(now.alpha, old.alpha);
      EXPECT_EQ(now.notes, old.notes);
      ASSERT_EQ(now.plan.actions.size(), old.plan.actions.size());
      for (std::size_t i = 0; i < now.plan.actions.size(); ++i)
        EXPECT_EQ(now.plan.actions[i].amount, old.plan.actions[i].amount);
    }
  }
  EXPECT_GT(compared, 20);
}

TEST(DltParticipation, RandomStarsMatchTheLinearProgram) { check_against_lp(false); }

TEST(DltParticipation, RandomStarsWithStartupsMatchTheMixedIntegerProgram) { check_against_lp(true); }

// The best over every participating set that keeps the tree's shape (a processor only with
// its parent), each solved with everyone in it taking part: the definition of the optimum.
double best_over_subsets(const SendTree& tree, const MachineSpec& m) {
  const int n = m.size();
  double best = INFINITY;
  for (int mask = 0; mask < (1 << (n - 1)); ++mask) {
    auto in = [&](int v) { return v == tree.root || ((mask >> (v - 1)) & 1); };
    bool closed = true;
    for (int v = 1; v < n; ++v)
      if (in(v) && !in(tree.parent[static_cast<std::size_t>(v)])) closed = false;
    if (!closed) continue;
    SendTree sub = tree;
    for (int v = 0; v < n; ++v) {
      auto& k = sub.children[static_cast<std::size_t>(v)];
      k.erase(std::remove_if(k.begin(), k.end(), [&](int c) { return !in(c); }), k.end());
      if (!in(v)) sub.parent[static_cast<std::size_t>(v)] = -1;
    }
    const DltSolution s = solve_equal_finish(sub, m, 1.0, ParticipationRule::negative_only);
    if (s.notes.empty()) best = std::min(best, s.T);  // everyone in it with a load >= 0
  }
  return best;
}

TEST(DltParticipation, ChainsAndTreesMatchTheBestSubset) {
  // Beyond stars the search covers every subtree: it finds the best of all subsets.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> lw(-0.7, 0.7), lz(-1.3, 1.0), ls(0.0, 0.05);
  for (const Topology& t : {chain(6), k_ary_tree(2, 2), hypercube(3)}) {
    for (int trial = 0; trial < 12; ++trial) {
      MachineSpec m = uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{}, 1, 0);
      for (auto& p : m.processors) {
        p.w = std::pow(10.0, lw(rng));
        p.coprocessor = trial % 3 != 2;  // some senders compute only after their sends
      }
      for (auto& l : m.links) {
        l.z = std::pow(10.0, lz(rng));
        l.startup = trial % 2 ? ls(rng) : 0.0;
      }
      const SendTree tree = breadth_first_send_tree(t.adjacency(), 0);
      const DltSolution best = solve_equal_finish(tree, m, 1.0);
      EXPECT_TRUE(times_equal(best.T, best_over_subsets(tree, m))) << t.name() << " trial " << trial;
      EXPECT_LE(simulate(best).max_rel_diff, kTimeRelTol) << t.name() << " trial " << trial;
    }
  }
}

}  // namespace
}  // namespace mpnsim
