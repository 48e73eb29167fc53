// Tests of the classic shapes (star, daisy chain) and of the generic equal-finish solver.
#include <gtest/gtest.h>

#include <cmath>

#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/divisible/equal_finish_solver.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

MachineSpec machine_for(const Topology& t, double w, double z, double S, bool coprocessor = true,
                        int send_ports = 1) {
  return uniform_machine(t.size(), t.links(), t.directed(), ProcessorSpec{w, coprocessor, send_ports, 1}, z, S);
}

DltSolution run(const DivisibleStrategyEntry& e, const Topology& t, const MachineSpec& m,
                 std::vector<std::pair<std::string, std::string>> params = {}, double load = 1.0) {
  const ParamSet p = resolve_params(e.params, params);
  return e.solve(DltInput{t, m, load, 0, p});
}

double sum(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

// Every participating processor's simulated finish equals the analytic T.
void expect_simulation_matches(const DltSolution& sol) {
  const DltCheck c = simulate(sol);
  EXPECT_LE(c.max_rel_diff, kTimeRelTol) << sol.strategy << " T=" << sol.T << " sim=" << c.T_simulated;
  EXPECT_TRUE(times_equal(c.T_simulated, sol.T));
}

TEST(DltStar, SequentialSpeedupIsTheGeometricSum) {
  // Classic limit, sigma = z/w = 1, N = 4 children: S_N = (1 - k^(N+1))/(1 - k), k = 1/2 -> 1.9375.
  const Topology t = star(5);
  const DltSolution sol = run(star_sequential_strategy(), t, machine_for(t, 1, 1, 0));
  EXPECT_NEAR(sol.speedup(), 1.9375, 1e-12);
  // The shares halve from one child to the next: 16/31, 8/31, 4/31, 2/31, 1/31.
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(sol.alpha[static_cast<std::size_t>(i)], std::pow(2.0, 4 - i) / 31, 1e-12);
  expect_simulation_matches(sol);
}

TEST(DltStar, SequentialSpeedupTendsToOnePlusOneOverSigma) {
  // S_inf = 1 + 1/sigma; sigma = 0.5 -> 3. With 60 children k^61 = (2/3)^61 ~ 1e-11.
  const Topology t = star(61);
  const DltSolution sol = run(star_sequential_strategy(), t, machine_for(t, 2, 1, 0));
  EXPECT_NEAR(sol.speedup(), 3.0, 1e-9);
}

TEST(DltStar, ConcurrentSendsGiveOnePlusNwOverWPlusZ) {
  // All children start receiving at 0: alpha_c = T/(z + w), alpha_0 = T/w; speedup 1 + N w/(w + z).
  const Topology t = star(7);
  const DltSolution sol = run(star_concurrent_strategy(), t, machine_for(t, 1, 3, 0));
  EXPECT_NEAR(sol.speedup(), 1 + 6 * 1.0 / 4.0, 1e-12);
  expect_simulation_matches(sol);
}

TEST(DltStar, FastestLinkFirstOrdersTheSends) {
  const Topology t = star(4);
  MachineSpec m = machine_for(t, 1, 1, 0);
  for (auto& l : m.links) l.z = l.b == 3 ? 0.2 : (l.b == 2 ? 0.5 : 2.0);
  const DltSolution by_index = run(star_sequential_strategy(), t, m);
  const DltSolution fastest = run(star_sequential_strategy(), t, m, {{"order", "fastest-link"}});
  EXPECT_LT(fastest.T, by_index.T);  // known result: fastest link first is optimal for equal w
  EXPECT_EQ(fastest.plan.actions[0].to, 3);
  expect_simulation_matches(fastest);
}

TEST(DltChain, SpeedupTendsToTheGoldenRatio) {
  // Daisy chain with co-processors, sigma = 1: S_inf = (1 + sqrt(1 + 4/sigma))/2 = 1.618034.
  const Topology t = chain(40);
  const DltSolution sol = run(chain_strategy(), t, machine_for(t, 1, 1, 0));
  EXPECT_NEAR(sol.speedup(), (1 + std::sqrt(5.0)) / 2, 1e-9);
  EXPECT_NEAR(sol.speedup(), 1.618034, 1e-6);
}

TEST(DltChain, TwoProcessorsByHand) {
  // w = z = 1. With co-processors: T = alpha0 = alpha1 + alpha1 -> alpha1 = 1/3, T = 2/3.
  // Without: P0 sends alpha1 (CPU busy), then computes: T = alpha1 + alpha0 = alpha1 + alpha1
  // -> alpha0 = alpha1 = 1/2, T = 1.
  const Topology t = chain(2);
  const DltSolution with = run(chain_strategy(), t, machine_for(t, 1, 1, 0, true));
  EXPECT_NEAR(with.T, 2.0 / 3, 1e-15);
  EXPECT_NEAR(with.alpha[1], 1.0 / 3, 1e-15);
  const DltSolution without = run(chain_strategy(), t, machine_for(t, 1, 1, 0, false));
  EXPECT_NEAR(without.T, 1.0, 1e-15);
  EXPECT_NEAR(without.alpha[0], 0.5, 1e-15);
  expect_simulation_matches(with);
  expect_simulation_matches(without);
}

TEST(DltChain, GenericSolverAgreesWithTheBackwardRecursion) {
  // Closed form of the co-processor chain (S = 0), computed independently:
  // w a_i = z D_{i+1} + w a_{i+1}, D_{i+1} = sum_{j > i} a_j; start from a_{N-1} = 1, normalise.
  for (double w : {0.1, 1.0, 10.0})
    for (double z : {0.1, 1.0, 10.0})
      for (int n = 1; n <= 10; ++n) {
        std::vector<double> a(static_cast<std::size_t>(n));
        a[static_cast<std::size_t>(n - 1)] = 1;
        double tail = 1;  // D_{i+1}
        for (int i = n - 2; i >= 0; --i) {
          a[static_cast<std::size_t>(i)] = (z * tail + w * a[static_cast<std::size_t>(i + 1)]) / w;
          tail += a[static_cast<std::size_t>(i)];
        }
        const double total = sum(a);
        const Topology t = chain(n);
        const DltSolution sol = run(chain_strategy(), t, machine_for(t, w, z, 0));
        for (int i = 0; i < n; ++i)
          EXPECT_NEAR(sol.alpha[static_cast<std::size_t>(i)], a[static_cast<std::size_t>(i)] / total, 1e-9)
              << "w=" << w << " z=" << z << " n=" << n << " i=" << i;
        EXPECT_NEAR(sol.T, w * a[0] / total, 1e-9 * sol.T);
      }
}

TEST(DltClassic, EveryShapeMatchesTheEngineOverAGrid) {
  // d or N from 1 to 10; w, z in {0.1, 1, 10}; S = 0 and S > 0; with and without co-processors.
  for (int n = 1; n <= 10; ++n)
    for (double w : {0.1, 1.0, 10.0})
      for (double z : {0.1, 1.0, 10.0})
        for (double S : {0.0, 0.05})
          for (bool cop : {true, false}) {
            const Topology s = star(n + 1), c = chain(n + 1);
            for (const auto& [entry, topo] :
                 {std::pair{star_sequential_strategy(), &s}, std::pair{star_concurrent_strategy(), &s},
                  std::pair{chain_strategy(), &c}, std::pair{generic_strategy(), &s},
                  std::pair{generic_strategy(), &c}}) {
              const DltSolution sol = run(entry, *topo, machine_for(*topo, w, z, S, cop, kAllPorts));
              SCOPED_TRACE(entry.name + " n=" + std::to_string(n) + " w=" + std::to_string(w) +
                           " z=" + std::to_string(z) + " S=" + std::to_string(S) + " cop=" + std::to_string(cop));
              EXPECT_NEAR(sum(sol.alpha), 1.0, 1e-12);
              for (double a : sol.alpha) EXPECT_GE(a, 0.0);
              expect_simulation_matches(sol);
            }
          }
}

TEST(DltGeneric, LeavesOutProcessorsThatWouldSlowTheRest) {
  // A star whose last link is so slow (and costly to start) that using it cannot pay off.
  const Topology t = star(4);
  MachineSpec m = machine_for(t, 1, 0.1, 0.01);
  for (auto& l : m.links)
    if (l.b == 3) {
      l.z = 100;
      l.startup = 5;
    }
  const DltSolution sol = run(star_sequential_strategy(), t, m);
  EXPECT_FALSE(sol.participating[3]);
  EXPECT_EQ(sol.alpha[3], 0.0);
  EXPECT_EQ(sol.participating_count(), 3);
  ASSERT_FALSE(sol.notes.empty());
  EXPECT_NE(sol.notes[0].find("left out"), std::string::npos);
  expect_simulation_matches(sol);
}

TEST(DltGeneric, KPortSendersChainEveryKthSend) {
  // Two ports: children 1,2 start at 0; child 3 after child 1's send, child 4 after child 2's.
  const Topology t = star(5);
  const DltSolution sol = run(generic_strategy(), t, machine_for(t, 1, 1, 0.1, true, 2));
  expect_simulation_matches(sol);
  const DltSolution one = run(generic_strategy(), t, machine_for(t, 1, 1, 0.1, true, 1));
  const DltSolution all = run(generic_strategy(), t, machine_for(t, 1, 1, 0.1, true, kAllPorts));
  EXPECT_LT(all.T, sol.T);
  EXPECT_LT(sol.T, one.T);
}

TEST(DltGeneric, WorksOnAnyTopology) {
  for (const Topology& t : {linearly_extensible_tree(4), de_bruijn(4, 2, false), mesh(4, 5, true)}) {
    const DltSolution sol = run(generic_strategy(), t, machine_for(t, 1, 0.5, 0.01, true, kAllPorts));
    SCOPED_TRACE(t.name());
    EXPECT_GT(sol.speedup(), 1.0);
    expect_simulation_matches(sol);
  }
}

TEST(DltGeneric, TinyNegativeLoadsOnSlowLinksAreLeftOut) {
  // Found by the machine_yaml fuzz campaign: LET-6 with z = 1e17, S = 0.5. A child of the
  // source receives 5e-18 units and finishes at T = 1; its own child would need -5e-18
  // units, half a time unit short, which the old test (load < -1e-12) took for rounding
  // and sent anyway: that processor finished at 2 and max_rel_diff was 1.
  const Topology t = linearly_extensible_tree(2);
  const DltSolution sol = run(generic_strategy(), t, machine_for(t, 1, 1e17, 0.5));
  EXPECT_DOUBLE_EQ(sol.T, 1.0);
  EXPECT_EQ(sol.participating_count(), 2);
  // Its share is 5e-18 in exact arithmetic; the solver's u = 1 - 0.5 - 0.5 cancels to about 0.
  EXPECT_GE(sol.alpha[1], 0.0);
  EXPECT_LT(sol.alpha[1], 1e-17);
  expect_simulation_matches(sol);
}

TEST(DltGeneric, ASpeedPastDoublesRangeIsRefused) {
  // Found by the machine_yaml fuzz campaign: w = 4.9e-324 (the smallest subnormal) gives a
  // speed 1/w of inf, and the solver's shares became inf and NaN until a logic_error (exit 1).
  const Topology t = star(6);
  try {
    (void)run(generic_strategy(), t, machine_for(t, 4.9e-324, 7, 4.9e-324));
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("past the range of double-precision numbers"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW((void)run(generic_strategy(), t, machine_for(t, 1e-300, 7, 0)));
  // And w Tcp past the top of the range (w = 2, Tcp = 1e308): a logic_error (exit 1) before.
  MachineSpec slow = machine_for(t, 2, 1, 0);
  slow.Tcp = 1e308;
  EXPECT_THROW((void)run(generic_strategy(), t, slow), std::invalid_argument);
}

TEST(DltGeneric, TimeScalesTooFarApartForDoublesAreRefused) {
  // Found by the machine_yaml fuzz campaign: w = 2.2e-308 beside z = 9.2e18 on LET-6. The
  // solver's sums overflowed and its shares added up to 3 for a load of 1, three processors
  // idle and counted as finishing at 0 (max_rel_diff 1). (Since the participation search,
  // fewer processors are left to add up: the sum differs, the refusal stands.)
  const Topology t = linearly_extensible_tree(2);
  try {
    (void)run(generic_strategy(), t, machine_for(t, 2.2250738585072014e-308, 9223372036854775807.0, 0));
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("for a load of 1: the processors' and links' times"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mpnsim
