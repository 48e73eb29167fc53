// Tests of the hypercube divisible-load strategies (seeds 000 and 001) against the papers and the engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/hypercube_layers.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

MachineSpec cube_machine(const Topology& t, double w, double z, double startup, double Tcp = 1, double Tcm = 1) {
  return uniform_machine(t.size(), t.links(), false, ProcessorSpec{w, true, 1, 1}, z, startup, Tcp, Tcm);
}

DltSolution run(const DivisibleStrategyEntry& e, const Topology& t, const MachineSpec& m, double load,
                int dim = -1, int source = 0) {
  const ParamSet params = resolve_params(e.params, {{"subcube_dim", std::to_string(dim)}});
  return e.solve(DltInput{t, m, load, source, params});
}

double figure(const DltSolution& s, const std::string& name) {
  for (const auto& [k, v] : s.figures)
    if (k == name) return v;
  ADD_FAILURE() << "no figure " << name;
  return 0;
}

// SPEC §3: the engine plays the plan and every participating processor stops at T (relative 1e-9);
// the loads sum to V and processors left out get nothing.
void expect_plays_exactly(const DltSolution& s, double load, const std::string& what) {
  SCOPED_TRACE(what);
  const DltCheck c = simulate(s);
  ASSERT_EQ(c.finish.size(), s.alpha.size());
  double sum = 0;
  for (std::size_t p = 0; p < s.alpha.size(); ++p) {
    sum += s.alpha[p];
    if (s.participating[p]) {
      EXPECT_GE(s.alpha[p], 0) << "processor " << p;
      EXPECT_LE(std::abs(c.finish[p] - s.T), kTimeRelTol * s.T) << "processor " << p;
    } else {
      EXPECT_EQ(s.alpha[p], 0) << "processor " << p;
      EXPECT_EQ(c.finish[p], 0) << "processor " << p;
    }
  }
  EXPECT_NEAR(sum, load, 1e-12 * load);
  EXPECT_LE(c.max_rel_diff, kTimeRelTol);
}

// Seed 000 §2, worked example: d = 2, z = w = Tcp = Tcm = 1.
TEST(HypercubeAllport, Seed000WorkedExample) {
  const Topology t = hypercube(2);
  const DltSolution s = run(hypercube_allport_strategy(), t, cube_machine(t, 1, 1, 0), 1.0);
  ASSERT_EQ(s.alpha_layer.size(), 3u);
  EXPECT_NEAR(s.alpha_layer[0], 7.0 / 15, 1e-15);
  EXPECT_NEAR(s.alpha_layer[1], 3.0 / 15, 1e-15);
  EXPECT_NEAR(s.alpha_layer[2], 2.0 / 15, 1e-15);
  EXPECT_NEAR(s.alpha[1], 3.0 / 15, 1e-15);
  EXPECT_NEAR(s.alpha[2], 3.0 / 15, 1e-15);
  EXPECT_NEAR(s.alpha[3], 2.0 / 15, 1e-15);
  EXPECT_NEAR(s.speedup(), 15.0 / 7, 1e-14);
  EXPECT_NEAR(s.utilization(), 15.0 / 28, 1e-14);
  expect_plays_exactly(s, 1.0, "d=2");
}

// Seed 000 §3 (Figs. 7, 8): an ideal network (z = 0) gives linear speedup and utilisation 1.
TEST(HypercubeAllport, IdealNetworkGivesLinearSpeedup) {
  for (int d = 1; d <= 10; ++d) {
    const Topology t = hypercube(d);
    const DltSolution s = run(hypercube_allport_strategy(), t, cube_machine(t, 1, 0, 0), 1.0);
    EXPECT_NEAR(s.speedup(), std::ldexp(1.0, d), 1e-12 * std::ldexp(1.0, d)) << "d=" << d;
    EXPECT_NEAR(s.utilization(), 1.0, 1e-12) << "d=" << d;
  }
}

// Seed 000 eqs (2)-(3) and the Vol_i recursion, computed here literally: alpha^_d = 1, w_d = w,
// alpha^_i = 1 / (1 + (d-i) w Tcp / ((i+1) w_{i+1} Tcp + z Tcm)), w_i = alpha^_i w,
// Vol_0 = 1, Vol_i = i (1 - alpha^_{i-1}) Vol_{i-1} / (d-i+1), alpha_i = alpha^_i Vol_i.
TEST(HypercubeAllport, MatchesSeed000Recursion) {
  const double Tcp = 2, Tcm = 0.5;
  for (int d = 1; d <= 10; ++d) {
    const Topology t = hypercube(d);
    for (double w : {0.1, 1.0, 10.0})
      for (double z : {0.1, 1.0, 10.0}) {
        std::vector<double> hat(static_cast<std::size_t>(d + 1)), weq(static_cast<std::size_t>(d + 1));
        hat[static_cast<std::size_t>(d)] = 1;
        weq[static_cast<std::size_t>(d)] = w;
        for (int i = d - 1; i >= 0; --i) {
          const auto u = static_cast<std::size_t>(i);
          hat[u] = 1 / (1 + (d - i) * w * Tcp / ((i + 1) * weq[u + 1] * Tcp + z * Tcm));
          weq[u] = hat[u] * w;
        }
        double vol = 1;
        std::vector<double> alpha{hat[0]};
        for (int i = 1; i <= d; ++i) {
          vol = i * (1 - hat[static_cast<std::size_t>(i - 1)]) * vol / (d - i + 1);
          alpha.push_back(hat[static_cast<std::size_t>(i)] * vol);
        }
        const DltSolution s = run(hypercube_allport_strategy(), t, cube_machine(t, w, z, 0, Tcp, Tcm), 1.0);
        ASSERT_EQ(s.alpha_layer.size(), alpha.size());
        for (std::size_t i = 0; i < alpha.size(); ++i)
          EXPECT_NEAR(s.alpha_layer[i], alpha[i], 1e-12 * alpha[i])
              << "d=" << d << " w=" << w << " z=" << z << " i=" << i;
        // Seed 000: S = 1/alpha_0 = 1 + d w Tcp / (w_1 Tcp + z Tcm).
        EXPECT_NEAR(s.speedup(), 1 + d * w * Tcp / (weq[1] * Tcp + z * Tcm), 1e-12 * s.speedup());
      }
  }
}

// Seed 000's model with a startup S per message (not in the paper): d = 1 by hand,
// A alpha_0 = S + C (V - alpha_0) + A (V - alpha_0); large S makes the deep layers negative.
TEST(HypercubeAllport, StartupPerHop) {
  {
    const Topology t = hypercube(1);
    const DltSolution s = run(hypercube_allport_strategy(), t, cube_machine(t, 2, 3, 0.5), 4.0);
    const double alpha0 = (0.5 + (3 + 2) * 4.0) / (2 * 2 + 3);
    EXPECT_NEAR(s.alpha_layer[0], alpha0, 1e-14);
    EXPECT_NEAR(s.T, 2 * alpha0, 1e-14);
    expect_plays_exactly(s, 4.0, "d=1 S=0.5");
  }
  const Topology t = hypercube(8);
  const DltSolution s = run(hypercube_allport_strategy(), t, cube_machine(t, 1, 1, 0.05), 1.0);
  ASSERT_TRUE(s.max_feasible_dim && s.best_dim);
  EXPECT_LT(*s.max_feasible_dim, 8);
  EXPECT_LE(*s.best_dim, *s.max_feasible_dim);
  EXPECT_LT(figure(s, "min_alpha_requested_dim"), 0);
  EXPECT_EQ(s.participating_count(), 1 << *s.best_dim);
  EXPECT_FALSE(s.notes.empty());
  expect_plays_exactly(s, 1.0, "d=8 S=0.05 reduced");
}

// Seed 001 §6, Fig. 4: Intel iPSC/2, S = 700 us, C = 0.36 us/byte, A = 1 us/byte, V = 1e6 bytes.
struct Ipsc2Row {
  double speedup;            // of the returned (feasible) solution
  double speedup_requested;  // of the closed form at d itself, even with a negative alpha
  int max_feasible;
  int best;
};

std::vector<Ipsc2Row> ipsc2_table(const DivisibleStrategyEntry& e) {
  const Topology t = hypercube(12);
  const MachineSpec m = cube_machine(t, 1.0, 0.36, 700.0);
  std::vector<Ipsc2Row> rows;
  for (int d = 1; d <= 12; ++d) {
    const DltSolution s = run(e, t, m, 1e6, d);
    rows.push_back({s.speedup(), figure(s, "speedup_requested_dim"), *s.max_feasible_dim, *s.best_dim});
  }
  return rows;
}

// Seed 001 §6 and SPEC §3: NLF is feasible to d = 8, ~3.715 there, flat near its peak, below 1 + A/C.
TEST(HypercubeNlf, Ipsc2SpeedupShape) {
  const std::vector<Ipsc2Row> nlf = ipsc2_table(hypercube_nlf_strategy());
  const double bound = 1 + 1 / 0.36;
  for (int d = 1; d <= 12; ++d) {
    const Ipsc2Row& r = nlf[static_cast<std::size_t>(d - 1)];
    EXPECT_LT(r.speedup_requested, bound);
    EXPECT_EQ(r.max_feasible, std::min(d, 8)) << "d=" << d;
    EXPECT_EQ(r.best, std::min(d, 8)) << "d=" << d;
    if (d > 1) {
      EXPECT_GE(r.speedup, nlf[static_cast<std::size_t>(d - 2)].speedup);
    }
    if (d >= 8) {
      EXPECT_NEAR(r.speedup, 3.715, 1e-3) << "d=" << d;
      EXPECT_NEAR(r.speedup_requested, 3.715, 0.02) << "flat near the peak, d=" << d;
    }
  }
}

// Seed 001 §6 and SPEC §3: LLF grows faster, peaks earlier (~3.67 at d = 5) and the closed form falls after.
TEST(HypercubeLlf, Ipsc2SpeedupShape) {
  const std::vector<Ipsc2Row> llf = ipsc2_table(hypercube_llf_strategy());
  const std::vector<Ipsc2Row> nlf = ipsc2_table(hypercube_nlf_strategy());
  const double bound = 1 + 1 / 0.36;
  for (int d = 1; d <= 12; ++d) {
    const Ipsc2Row& r = llf[static_cast<std::size_t>(d - 1)];
    EXPECT_LT(r.speedup_requested, bound);
    EXPECT_EQ(r.max_feasible, std::min(d, 5)) << "d=" << d;
    EXPECT_EQ(r.best, std::min(d, 5)) << "d=" << d;
    if (d >= 2 && d <= 5) {
      EXPECT_GT(r.speedup, nlf[static_cast<std::size_t>(d - 1)].speedup) << "LLF rises faster, d=" << d;
    }
    if (d > 5) {
      EXPECT_LT(r.speedup_requested, llf[static_cast<std::size_t>(d - 2)].speedup_requested) << "falls, d=" << d;
    }
  }
  EXPECT_NEAR(llf[4].speedup, 3.67, 2e-3);
  EXPECT_NEAR(llf[11].speedup, llf[4].speedup, 1e-12);  // the returned solution stays at d = 5
  EXPECT_LT(llf[11].speedup, nlf[11].speedup);
}

// SPEC §3 (generic equal-finish solver): NLF's plan is a binomial tree of sends, one port, children
// in increasing dimension order, so the generic solver must give NLF's closed form. The tree spans
// the sub-cube NLF uses (smaller than d when a startup makes the full cube infeasible).
TEST(HypercubeNlf, AgreesWithEqualFinishSolver) {
  for (int d = 1; d <= 8; ++d)
    for (double w : {0.1, 1.0, 10.0})
      for (double z : {0.1, 1.0, 10.0})
        for (double startup : {0.0, 1e-4}) {
          const Topology t = hypercube(d);
          const DltSolution nlf = run(hypercube_nlf_strategy(), t, cube_machine(t, w, z, startup), 1.0);
          const int used = 1 << *nlf.best_dim;
          // Parent of v: v without its highest one-bit; children: v + 2^j above it, increasing.
          SendTree tree;
          tree.root = 0;
          tree.parent.assign(static_cast<std::size_t>(t.size()), -1);
          tree.children.assign(static_cast<std::size_t>(t.size()), {});
          for (int v = 0; v < used; ++v) {
            const int high = std::bit_width(static_cast<unsigned>(v));
            if (v > 0) tree.parent[static_cast<std::size_t>(v)] = v - (1 << (high - 1));
            for (int j = high; (1 << j) < used; ++j) tree.children[static_cast<std::size_t>(v)].push_back(v + (1 << j));
          }
          const DltSolution generic = solve_equal_finish(tree, nlf.plan_machine, 1.0);
          const std::string what = "d=" + std::to_string(d) + " w=" + std::to_string(w) + " z=" + std::to_string(z) +
                                   " S=" + std::to_string(startup);
          EXPECT_NEAR(generic.T, nlf.T, kTimeRelTol * nlf.T) << what;
          for (int v = 0; v < t.size(); ++v)
            EXPECT_NEAR(generic.alpha[static_cast<std::size_t>(v)], nlf.alpha[static_cast<std::size_t>(v)], 1e-9)
                << what << " v=" << v;
        }
}

// SPEC §3: every hypercube strategy, d = 1..10, w, z in {0.1, 1, 10}, S = 0 and S > 0 (small,
// and large enough to force a smaller dimension): the engine reproduces T on every processor.
void expect_grid_plays_exactly(const DivisibleStrategyEntry& e) {
  for (int d = 1; d <= 10; ++d) {
    const Topology t = hypercube(d);
    for (double w : {0.1, 1.0, 10.0})
      for (double z : {0.1, 1.0, 10.0})
        for (double startup : {0.0, 1e-4, 1e-2}) {
          const DltSolution s = run(e, t, cube_machine(t, w, z, startup), 1.0);
          if (startup == 0) {
            EXPECT_EQ(*s.best_dim, d);
          }
          expect_plays_exactly(s, 1.0, e.name + " d=" + std::to_string(d) + " w=" + std::to_string(w) +
                                           " z=" + std::to_string(z) + " S=" + std::to_string(startup));
        }
  }
}

TEST(HypercubeAllport, GridPlaysExactlyOnTheEngine) { expect_grid_plays_exactly(hypercube_allport_strategy()); }
TEST(HypercubeNlf, GridPlaysExactlyOnTheEngine) { expect_grid_plays_exactly(hypercube_nlf_strategy()); }
TEST(HypercubeLlf, GridPlaysExactlyOnTheEngine) { expect_grid_plays_exactly(hypercube_llf_strategy()); }

// Seed 001 §2: a processor communicates with one other at a time. The NLF and LLF plans never
// have a processor in two transfers at once (sending and receiving included), and seed 000's
// all-port plan uses every link at most once.
TEST(HypercubeOnePort, NoProcessorTalksToTwoAtOnce) {
  const Topology t = hypercube(6);
  for (const auto& e : {hypercube_nlf_strategy(), hypercube_llf_strategy()}) {
    const DltSolution s = run(e, t, cube_machine(t, 1, 0.5, 1e-6), 1.0);
    ASSERT_EQ(*s.best_dim, 6);
    for (const auto& p : s.plan_machine.processors) {
      EXPECT_EQ(p.send_ports, 1);
      EXPECT_EQ(p.recv_ports, 1);
    }
    const DltCheck c = simulate(s);
    std::vector<std::vector<std::pair<double, double>>> busy(static_cast<std::size_t>(t.size()));
    for (const auto& tr : c.timeline.transfers()) {
      busy[static_cast<std::size_t>(tr.from)].emplace_back(tr.start, tr.end);
      busy[static_cast<std::size_t>(tr.to)].emplace_back(tr.start, tr.end);
    }
    for (auto& b : busy) {
      std::sort(b.begin(), b.end());
      for (std::size_t i = 1; i < b.size(); ++i)
        EXPECT_GE(b[i].first, b[i - 1].second * (1 - kTimeRelTol)) << e.name;
    }
  }
  const DltSolution all = run(hypercube_allport_strategy(), t, cube_machine(t, 1, 0.5, 1e-3), 1.0);
  for (const auto& p : all.plan_machine.processors) {
    EXPECT_EQ(p.send_ports, kAllPorts);
    EXPECT_EQ(p.recv_ports, kAllPorts);
  }
  const DltCheck c = simulate(all);
  EXPECT_EQ(c.timeline.transfers().size(), t.links().size());
  EXPECT_FALSE(all.notes.empty());  // the input machine was one-port
}

// The `dlt` command's check (simulate_figures) gives the whole link list back when the plan is
// played on its own links, keeps no timeline, and gives the figures simulate() gives, bit for bit;
// a plan that needs the whole machine keeps it.
TEST(HypercubeNlf, TheFiguresAloneAreTheSame) {
  const Topology t = hypercube(6);
  const DltSolution s = run(hypercube_nlf_strategy(), t, cube_machine(t, 1, 0.5, 1e-3), 1.0);
  DltSolution released = s;
  const DltCheck kept = simulate(s);
  const DltCheck c = simulate_figures(released);
  EXPECT_TRUE(released.plan_machine.links.empty());
  EXPECT_EQ(released.plan_machine.processors.size(), s.plan_machine.processors.size());
  EXPECT_EQ(c.finish, kept.finish);
  EXPECT_EQ(c.T_simulated, kept.T_simulated);
  EXPECT_EQ(c.max_rel_diff, kept.max_rel_diff);
  EXPECT_EQ(c.stats.makespan, kept.stats.makespan);
  EXPECT_EQ(c.stats.messages, kept.stats.messages);
  EXPECT_EQ(c.stats.hops, kept.stats.hops);
  EXPECT_GT(c.stats.hops, 0u);
  EXPECT_TRUE(c.timeline.computes().empty());
  EXPECT_TRUE(c.timeline.transfers().empty());

  // P0 -> P2 on the chain P0 - P1 - P2 takes two hops: played on the whole machine, which stays.
  DltSolution two_hops;
  two_hops.plan_machine = uniform_machine(3, chain(3).links(), false, ProcessorSpec{1, true, 1, 1}, 1, 0);
  const int send = two_hops.plan.add_send(0, 2, 1.0);
  two_hops.plan.add_compute(2, 1.0, {}, {send});
  two_hops.alpha = {0, 0, 1};
  two_hops.participating = {false, false, true};
  two_hops.T = 3;
  const DltCheck h = simulate_figures(two_hops);
  EXPECT_EQ(two_hops.plan_machine.links.size(), 2u);
  EXPECT_EQ(h.T_simulated, 3);  // two hops of 1, then 1 of work
  EXPECT_EQ(h.stats.hops, 2u);
  EXPECT_EQ(h.finish, (std::vector<double>{0, 0, 3}));
}

// The `dlt` command gives its machine and its topology away to the strategy (machine_to_take,
// topology_to_free): the solution is the same, bit for bit, and the topology is left with its
// name and size but no links or neighbour lists, for both strategies that take them.
TEST(HypercubeStrategies, TheTopologyGivenAwayKeepsNameAndSize) {
  for (const DivisibleStrategyEntry& entry : {hypercube_nlf_strategy(), hypercube_allport_strategy()}) {
    const DivisibleStrategyEntry* e = &entry;
    SCOPED_TRACE(e->name);
    const Topology kept = hypercube(5);
    const MachineSpec m = cube_machine(kept, 1, 0.5, 1e-3);
    const ParamSet params = resolve_params(e->params, {{"subcube_dim", "-1"}});
    const DltSolution expected = e->solve(DltInput{kept, m, 1.0, 3, params});
    Topology given = hypercube(5);
    MachineSpec taken = m;
    const DltSolution s = e->solve(DltInput{given, taken, 1.0, 3, params, &taken, true, &given});
    EXPECT_EQ(given.size(), kept.size());
    EXPECT_EQ(given.name(), kept.name());
    EXPECT_EQ(given.kind(), kept.kind());
    EXPECT_TRUE(given.links().empty());
    for (const auto& list : given.adjacency()) EXPECT_TRUE(list.empty());
    EXPECT_EQ(s.T, expected.T);
    EXPECT_EQ(s.alpha, expected.alpha);
    EXPECT_EQ(s.participating, expected.participating);
    EXPECT_EQ(s.plan_machine.links.size(), expected.plan_machine.links.size());
    ASSERT_EQ(s.plan.actions.size(), expected.plan.actions.size());
    for (std::size_t i = 0; i < s.plan.actions.size(); ++i) {
      EXPECT_EQ(s.plan.actions[i].processor, expected.plan.actions[i].processor);
      EXPECT_EQ(s.plan.actions[i].to, expected.plan.actions[i].to);
      EXPECT_EQ(s.plan.actions[i].amount, expected.plan.actions[i].amount);
    }
    const DltCheck c = simulate(s);
    EXPECT_EQ(c.finish, simulate(expected).finish);
  }
}

// The hypercube strategies take a network for the d-cube from its links alone (so that the command
// never builds 2^20 neighbour lists); a network that is not, by a missing link, a link across two
// bits or arcs in place of links, goes to the neighbour lists, which name the processor that is wrong.
TEST(HypercubeStrategies, ANetworkIsACubeByItsLinksAlone) {
  for (int d = 0; d <= 6; ++d) EXPECT_TRUE(detail::hypercube_links(hypercube(d), d)) << d;
  std::vector<std::pair<int, int>> links = hypercube(3).links();
  std::vector<std::pair<int, int>> missing(links.begin() + 1, links.end());
  std::vector<std::pair<int, int>> across = links;
  across.front() = {0, 3};  // in place of 0-1: as many links, one of them not the cube's
  std::vector<std::pair<int, int>> arcs = links;
  for (auto [a, b] : links) arcs.emplace_back(b, a);
  const Topology without("x", "x", 8, missing, false), two_bits("x", "x", 8, across, false),
      directed("x", "x", 8, arcs, true);
  EXPECT_FALSE(detail::hypercube_links(without, 3));
  EXPECT_FALSE(detail::hypercube_links(two_bits, 3));
  EXPECT_FALSE(detail::hypercube_links(directed, 3));
  for (const Topology* t : {&without, &two_bits}) {
    try {
      run(hypercube_nlf_strategy(), *t, cube_machine(*t, 1, 1, 0), 1.0);
      ADD_FAILURE() << "not a cube, accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("processor 0 is not linked"), std::string::npos) << e.what();
    }
  }
}

// With results returned (messages after the last computation) T is the last record's end.
TEST(StarResults, TheFiguresAloneAreTheSame) {
  DltSolution s;
  s.plan_machine = uniform_machine(2, chain(2).links(), false, ProcessorSpec{1, true, 1, 1}, 1, 0);
  const int send = s.plan.add_send(0, 1, 1.0);
  const int work = s.plan.add_compute(1, 2.0, {}, {send});
  s.plan.add_send(1, 0, 0.5, {}, {work});
  s.alpha = {0, 1};
  s.participating = {false, true};
  s.compute_end = {0, 3};
  s.T = 3.5;
  DltSolution copy = s;
  const DltCheck kept = simulate(s);
  const DltCheck c = simulate_figures(copy);
  EXPECT_EQ(kept.T_simulated, 3.5);
  EXPECT_EQ(c.T_simulated, kept.T_simulated);
  EXPECT_EQ(c.max_rel_diff, kept.max_rel_diff);
  EXPECT_EQ(c.finish, kept.finish);
}

// The `dim` parameter and a source other than 0: the sub-cube {source ^ r : r < 2^dim} takes part.
TEST(HypercubeStrategies, SubcubeAroundAnySource) {
  const Topology t = hypercube(5);
  const MachineSpec m = cube_machine(t, 1, 1, 1e-3);
  for (const auto& e : {hypercube_allport_strategy(), hypercube_nlf_strategy(), hypercube_llf_strategy()}) {
    const DltSolution base = run(e, t, m, 3.0, 3, 0);
    const DltSolution s = run(e, t, m, 3.0, 3, 21);
    EXPECT_EQ(s.participating_count(), 8) << e.name;
    EXPECT_EQ(*s.best_dim, 3) << e.name;
    EXPECT_NEAR(s.T, base.T, 1e-15) << e.name;
    for (int r = 0; r < 8; ++r) {
      EXPECT_TRUE(s.participating[static_cast<std::size_t>(r ^ 21)]) << e.name;
      EXPECT_EQ(s.alpha[static_cast<std::size_t>(r ^ 21)], base.alpha[static_cast<std::size_t>(r)]) << e.name;
    }
    expect_plays_exactly(s, 3.0, e.name + " source 21");
  }
}

// SPEC §3: closed forms need a homogeneous hypercube with co-processors; refusals say what to use.
TEST(HypercubeStrategies, RefuseWhatTheClosedFormsCannotDo) {
  const Topology t = hypercube(3);
  for (const auto& e : {hypercube_allport_strategy(), hypercube_nlf_strategy(), hypercube_llf_strategy()}) {
    EXPECT_EQ(e.topologies, std::vector<std::string>{"hypercube"});
    MachineSpec hetero = cube_machine(t, 1, 1, 0);
    hetero.processors[5].w = 2;
    EXPECT_THROW(run(e, t, hetero, 1.0), std::invalid_argument) << e.name;
    MachineSpec slow_link = cube_machine(t, 1, 1, 0);
    slow_link.links[3].z = 2;
    try {
      run(e, t, slow_link, 1.0);
      ADD_FAILURE() << e.name << " accepted a heterogeneous machine";
    } catch (const std::invalid_argument& err) {
      EXPECT_NE(std::string(err.what()).find("generic"), std::string::npos) << err.what();
    }
    MachineSpec no_dma = cube_machine(t, 1, 1, 0);
    no_dma.processors[0].coprocessor = false;
    EXPECT_THROW(run(e, t, no_dma, 1.0), std::invalid_argument) << e.name;
    EXPECT_THROW(run(e, t, cube_machine(t, 1, 1, 0), 1.0, 4), ParamError) << e.name;
    const Topology r = ring(8);
    EXPECT_THROW(run(e, r, uniform_machine(8, r.links(), false, ProcessorSpec{}, 1, 0), 1.0),
                 std::invalid_argument)
        << e.name;
  }
  EXPECT_EQ(hypercube_allport_strategy().name, "hypercube-allport");
  EXPECT_EQ(hypercube_nlf_strategy().name, "hypercube-nlf");
  EXPECT_EQ(hypercube_llf_strategy().name, "hypercube-llf");
}

}  // namespace
}  // namespace mpnsim
