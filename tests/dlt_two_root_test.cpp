// Tests of the two-root single-level tree strategy (seed 003, eqs (17)-(23)).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"

namespace mpnsim {
namespace {

// The two-root tree with N processors in all (the paper's N): roots 0, 1 and N-2 children.
Topology tree_of(int N) { return two_root_tree(N - 2); }

MachineSpec machine_for(const Topology& t, double w, double z, double startup = 0.0) {
  return uniform_machine(t.size(), t.links(), false, ProcessorSpec{w, true, kAllPorts, kAllPorts}, z, startup);
}

LinkSpec& link(MachineSpec& m, int a, int b) {
  for (auto& l : m.links)
    if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) return l;
  throw std::logic_error("no such link");
}

DltSolution solve(const Topology& t, const MachineSpec& m, double load = 1.0) {
  const auto entry = two_root_strategy();
  const ParamSet p = resolve_params(entry.params, {});
  return entry.solve(DltInput{t, m, load, 0, p});
}

double figure(const DltSolution& s, const std::string& name) {
  for (const auto& [key, value] : s.figures)
    if (key == name) return value;
  ADD_FAILURE() << "no figure " << name;
  return std::nan("");
}

void expect_equal_finish(const DltSolution& s, const std::string& label) {
  const DltCheck check = simulate(s);
  EXPECT_LE(check.max_rel_diff, kTimeRelTol) << label << ": T = " << s.T;
  for (std::size_t i = 0; i < s.participating.size(); ++i)
    if (s.participating[i]) {
      EXPECT_TRUE(times_equal(check.finish[i], s.T))
          << label << ": processor " << i << " finishes at " << check.finish[i] << ", T = " << s.T;
    }
}

// Seed 003 eqs (17)-(23) written out independently of the strategy: T_f and each child's
// (alpha_1i, alpha_2i), Tcp = Tcm = 1.
struct ClosedForm {
  double T;
  std::vector<double> a1, a2;  // per processor (0 for the roots)
};
ClosedForm eq23(MachineSpec m) {
  const int n = m.size();
  const double w1 = m.processors[0].w, w2 = m.processors[1].w;
  std::vector<double> s(n, 0), k(n, 0);
  double sum_s = 0;
  for (int i = 2; i < n; ++i) {
    const double z1 = link(m, 0, i).z, z2 = link(m, 1, i).z;
    const double wi = m.processors[i].w;
    const double r = z1 + z2 + wi;                // r_i
    k[i] = z2 / r;                                // k_i, eq (17)
    s[i] = w1 * r / (wi * r + z1 * z2);           // s_i, eq (21)
    sum_s += s[i];
  }
  const double alpha1 = 1 / (1 + w1 / w2 + sum_s);  // eq (22)
  ClosedForm out{w1 * alpha1, std::vector<double>(n, 0), std::vector<double>(n, 0)};  // eq (23)
  for (int i = 2; i < n; ++i) {
    out.a1[i] = k[i] * s[i] * alpha1;        // eq (17), (21)
    out.a2[i] = (1 - k[i]) * s[i] * alpha1;  // eq (18)
  }
  return out;
}

TEST(TwoRoot, PaperExampleNTen) {
  // SPEC §3 / seed 003 §IV, N = 10, every w = z = 1: r = 3, k = 1/3, s = 3/4,
  // alpha_1 = alpha_2 = 1/(2 + 8*3/4) = 1/8, each child alpha_i = 3/32 = 1/32 from P1 + 2/32 from P2:
  // L1 = 1/8 + 8/32 = 3/8 (root P1 = processor 0), L2 = 1/8 + 16/32 = 5/8 (root P2 = processor 1).
  const Topology t = tree_of(10);
  const DltSolution s = solve(t, machine_for(t, 1, 1));
  EXPECT_NEAR(s.T, 1.0 / 8, 1e-15);
  EXPECT_NEAR(figure(s, "L1"), 3.0 / 8, 1e-15);
  EXPECT_NEAR(figure(s, "L2"), 5.0 / 8, 1e-15);
  EXPECT_NEAR(s.alpha[0], 1.0 / 8, 1e-15);
  EXPECT_NEAR(s.alpha[1], 1.0 / 8, 1e-15);
  for (int i = 2; i < 10; ++i) EXPECT_NEAR(s.alpha[static_cast<std::size_t>(i)], 3.0 / 32, 1e-15);
  EXPECT_EQ(figure(s, "children"), 8);
  expect_equal_finish(s, "N=10");
}

TEST(TwoRoot, HomogeneousFinishTime) {
  // SPEC §3: w = z = 1 gives s = 3/4 and T_f = 1/(2 + (N-2) s), which stays below 1/(N s) and tends
  // to it (the paper's "1/(2+Ns)" is a slip).
  for (int N = 3; N <= 40; ++N) {
    const Topology t = tree_of(N);
    const DltSolution s = solve(t, machine_for(t, 1, 1));
    EXPECT_NEAR(s.T, 1 / (2 + (N - 2) * 0.75), 1e-15) << "N = " << N;
    EXPECT_LT(s.T, 1 / (N * 0.75)) << "N = " << N;
  }
  const Topology big = tree_of(2000);
  EXPECT_NEAR(solve(big, machine_for(big, 1, 1)).T * 2000 * 0.75, 1, 1e-3);
}

TEST(TwoRoot, HeterogeneousMatchesEq23) {
  // Per-processor w and per-link z from the machine; the strategy against eqs (17)-(23) written
  // out above, and the engine against both.
  std::mt19937 rng(2004);
  std::uniform_real_distribution<double> dist(0.1, 10.0);
  for (int trial = 0; trial < 20; ++trial) {
    const int N = 3 + trial % 10;
    const Topology t = tree_of(N);
    MachineSpec m = machine_for(t, 1, 1);
    for (auto& p : m.processors) p.w = dist(rng);
    for (auto& l : m.links) l.z = dist(rng);
    const DltSolution s = solve(t, m);
    const ClosedForm cf = eq23(m);
    EXPECT_TRUE(times_equal(s.T, cf.T)) << "trial " << trial;
    for (int i = 2; i < N; ++i)
      EXPECT_NEAR(s.alpha[static_cast<std::size_t>(i)], cf.a1[static_cast<std::size_t>(i)] + cf.a2[static_cast<std::size_t>(i)], 1e-12);
    double L1 = s.alpha[0];
    for (int i = 2; i < N; ++i) L1 += cf.a1[static_cast<std::size_t>(i)];
    EXPECT_NEAR(figure(s, "L1"), L1, 1e-12);
    EXPECT_NEAR(figure(s, "L1") + figure(s, "L2"), 1, 1e-12);
    expect_equal_finish(s, "trial " + std::to_string(trial));
  }
}

TEST(TwoRoot, SecondShareArrivesAsTheFirstIsDone) {
  // Seed 003 §IV: alpha_2i z_2i = alpha_1i (z_1i + w_i): root 2's message ends exactly when the
  // child finishes computing root 1's part, so the child never idles between the two.
  const Topology t = tree_of(6);
  MachineSpec m = machine_for(t, 1, 1);
  m.processors[3].w = 2.5;
  link(m, 0, 4).z = 0.3;
  link(m, 1, 5).z = 4;
  const DltSolution s = solve(t, m);
  const DltCheck check = simulate(s);
  for (int c = 2; c < 6; ++c) {
    double p2_arrival = -1, first_done = -1;
    for (const auto& tr : check.timeline.transfers())
      if (tr.from == 1 && tr.to == c) p2_arrival = tr.end;
    for (const auto& cr : check.timeline.computes())
      if (cr.processor == c && check.timeline.tag_name(cr.tag).find("share of P1") != std::string::npos)
        first_done = cr.end;
    EXPECT_TRUE(times_equal(p2_arrival, first_done)) << "child " << c;
  }
}

TEST(TwoRoot, RootTwoLinksChangeTheFinishTime) {
  // SPEC §3: s_i is symmetric in z_1i and z_2i, so seed 003's Fig. 6 claim (z_2 has no effect)
  // does not hold: varying z_2 from 0.5 to 2.5 (w = 2 as in Figs. 5-6) changes T_f, and swapping
  // z_1 and z_2 leaves it unchanged.
  const Topology t = tree_of(10);
  auto with = [&](double z1, double z2) {
    MachineSpec m = machine_for(t, 2, 1);
    for (int c = 2; c < 10; ++c) {
      link(m, 0, c).z = z1;
      link(m, 1, c).z = z2;
    }
    return solve(t, m);
  };
  double previous = 0;
  for (double z2 : {0.5, 1.0, 1.5, 2.0, 2.5}) {
    const DltSolution s = with(1.0, z2);
    EXPECT_GT(s.T, previous * (1 + 1e-6)) << "z2 = " << z2;  // slower root-2 links, later finish
    previous = s.T;
    EXPECT_TRUE(times_equal(s.T, with(z2, 1.0).T)) << "z2 = " << z2;
    expect_equal_finish(s, "z2=" + std::to_string(z2));
  }
}

TEST(TwoRoot, SimulatedFinishEqualsT) {
  // SPEC §3 grid: N = 3..12, w, z in {0.1, 1, 10}, S = 0 and S > 0 (startup is this strategy's
  // extension of seed 003: see two_root.cpp).
  for (int N = 3; N <= 12; ++N)
    for (double w : {0.1, 1.0, 10.0})
      for (double z : {0.1, 1.0, 10.0})
        for (double startup : {0.0, 0.01, 0.5}) {
          const Topology t = tree_of(N);
          const DltSolution s = solve(t, machine_for(t, w, z, startup), 1.5);
          double sum = 0;
          for (double a : s.alpha) sum += a;
          EXPECT_NEAR(sum, 1.5, 1e-12);
          expect_equal_finish(s, "N=" + std::to_string(N) + " w=" + std::to_string(w) +
                                     " z=" + std::to_string(z) + " S=" + std::to_string(startup));
        }
}

TEST(TwoRoot, StartupLatencyByHand) {
  // Uniform S: alpha_1i = z2 (T - S)/((z1 + w)(z2 + w)), alpha_2i = (T - S)/(z2 + w). With every
  // w = z = 1 a child takes (T - S)(1/4 + 1/2) = 3(T - S)/4 and the roots T each:
  // 1 = 2T + (N-2) 3 (T - S)/4. N = 6, S = 0.05: 1 = 2T + 3T - 0.15, T = 0.23.
  const Topology t = tree_of(6);
  const DltSolution s = solve(t, machine_for(t, 1, 1, 0.05));
  EXPECT_NEAR(s.T, 0.23, 1e-15);
  expect_equal_finish(s, "S=0.05");
  // When S exceeds what the roots alone need (T = 1/2), the children are left out.
  const DltSolution slow = solve(t, machine_for(t, 1, 1, 0.6));
  EXPECT_EQ(slow.participating_count(), 2);
  EXPECT_NEAR(slow.T, 0.5, 1e-15);
  expect_equal_finish(slow, "S=0.6");
}

TEST(TwoRoot, PortsAndCoprocessorsFollowThePaper) {
  // The input machine's one-port, no-co-processor settings are replaced by seed 003's assumptions.
  const Topology t = tree_of(7);
  const MachineSpec m = uniform_machine(t.size(), t.links(), false, ProcessorSpec{1, false, 1, 1}, 1, 0);
  const DltSolution s = solve(t, m);
  EXPECT_EQ(s.plan_machine.processors[0].send_ports, kAllPorts);
  EXPECT_EQ(s.plan_machine.processors[1].send_ports, kAllPorts);
  EXPECT_EQ(s.plan_machine.processors[4].recv_ports, kAllPorts);
  EXPECT_TRUE(s.plan_machine.processors[4].coprocessor);
  EXPECT_NEAR(s.T, 1 / (2 + 5 * 0.75), 1e-15);
  expect_equal_finish(s, "adjusted ports");
}

TEST(TwoRoot, RefusesOtherTopologies) {
  const Topology s = star(5);
  EXPECT_THROW(solve(s, machine_for(s, 1, 1)), std::invalid_argument);
}

}  // namespace
}  // namespace mpnsim
