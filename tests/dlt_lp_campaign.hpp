// Random heterogeneous stars across the fault campaign's ranges (issue #40), each checked against the GLPK oracle and the engine.
//
// Shared by tests/dlt_lp_oracle_test.cpp (a seeded sample) and bench/lp_bench.cpp (10^4 stars).
// Ranges: n = 2..7 processors, w in [1e-6, 1e6] (log-uniform), z likewise or 0 (one link in
// six), S in [0, 1] (or 0 on every link, one star in five), m = 1..6 installments, every
// `results` rule, delta in [0, 1000], the centre's send and receive ports 1, 2 or all, Tcp and
// Tcm sometimes away from 1, beta on star-sequential, and a non-computing centre (one
// multi-installment star in seven; on star-sequential too when the draw is by hand).
#pragma once

#include <algorithm>
#include <cmath>
#include <exception>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "glpk_star_oracle.hpp"
#include "schedulers/divisible/dlt_simulation.hpp"
#include "schedulers/divisible/strategies.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"

namespace mpnsim::testing {

struct LpCampaignCase {
  int n = 2;  // processors: the centre 0 and n - 1 workers
  MachineSpec machine;
  std::string strategy;  // star-multi-installment or star-sequential
  std::vector<std::pair<std::string, std::string>> params;
  std::string rule = "none";
  int installments = 1;
  double delta = 0, beta = 0, load = 1;
  bool fastest_link = false;
  bool centre_computes = true;
};

inline std::string describe(const LpCampaignCase& c) {
  std::string s = fmt::format("{} n={} load={} Tcp={} Tcm={} centre ports {}/{}{}", c.strategy, c.n, c.load,
                              c.machine.Tcp, c.machine.Tcm, c.machine.processors[0].send_ports,
                              c.machine.processors[0].recv_ports, c.centre_computes ? "" : " non-computing");
  for (const auto& [k, v] : c.params) s += fmt::format(" {}={}", k, v);
  for (std::size_t i = 0; i < c.machine.processors.size(); ++i) s += fmt::format(" w{}={}", i, c.machine.processors[i].w);
  for (const LinkSpec& l : c.machine.links) s += fmt::format(" z{}={} S{}={}", l.b, l.z, l.b, l.startup);
  return s;
}

inline LpCampaignCase draw_campaign_case(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  auto log_uniform = [&](double lo, double hi) { return std::pow(10.0, std::log10(lo) + u(rng) * std::log10(hi / lo)); };
  auto pick = [&](int k) { return static_cast<int>(u(rng) * k); };
  LpCampaignCase c;
  c.n = 2 + pick(6);
  const Topology t = star(c.n);
  c.machine = uniform_machine(c.n, t.links(), false, ProcessorSpec{1, true, 1, 1}, 1, 0);
  for (auto& p : c.machine.processors) p.w = log_uniform(1e-6, 1e6);
  const bool startups = u(rng) < 0.8;
  for (auto& l : c.machine.links) {
    l.z = u(rng) < 1.0 / 6 ? 0 : log_uniform(1e-6, 1e6);
    l.startup = startups ? u(rng) : 0;
  }
  if (u(rng) < 0.2) {
    c.machine.Tcp = log_uniform(0.1, 10);
    c.machine.Tcm = log_uniform(0.1, 10);
  }
  const char* rules[] = {"none", "fifo", "lifo", "best"};
  c.rule = rules[pick(4)];
  c.installments = 1 + pick(6);
  c.load = u(rng) < 0.7 ? 1 : log_uniform(1e-3, 1e6);
  c.fastest_link = u(rng) < 0.3;
  if (c.rule != "none") c.delta = u(rng) < 0.5 ? u(rng) : 1000 * u(rng);
  c.strategy = c.installments == 1 && u(rng) < 0.4 ? "star-sequential" : "star-multi-installment";
  if (c.strategy == "star-sequential") {
    if (u(rng) < 0.3) c.beta = u(rng);
  } else {
    const int ports[] = {1, 1, 2, kAllPorts};
    c.machine.processors[0].send_ports = ports[pick(4)];
    c.machine.processors[0].recv_ports = ports[pick(4)];
    c.centre_computes = u(rng) < 0.85;
  }
  c.params = {{"results", c.rule}, {"order", c.fastest_link ? "fastest-link" : "index"}};
  if (c.rule != "none") c.params.push_back({"delta", fmt::format("{:.17g}", c.delta)});
  if (c.beta > 0) c.params.push_back({"beta", fmt::format("{:.17g}", c.beta)});
  if (c.strategy == "star-multi-installment") c.params.push_back({"installments", std::to_string(c.installments)});
  return c;
}

// What one star gave: "" when every check held, else what failed.
struct LpCampaignOutcome {
  std::string failure;
  bool lifo_differs = false;  // a lifo case with m >= 2 whose lifo optimum is not the fifo one
};

// Solves the case with the strategy and checks: no exception; every share >= 0 and finite; the
// engine's timeline finishes at T (relative 1e-9); T equals the oracle's optimum for the
// participants and the return order played (relative 1e-9); taking part is never worse than
// everyone taking part; `best` is no worse than FIFO and LIFO, and the best of every order
// (brute force with the oracle) for up to 4 participants.
inline LpCampaignOutcome check_campaign_case(const LpCampaignCase& c) {
  LpCampaignOutcome out;
  auto fail = [&](const std::string& what) {
    out.failure = what + "  [" + describe(c) + "]";
    return out;
  };
  const Topology t = star(c.n);
  const DivisibleStrategyEntry& e =
      c.strategy == "star-sequential" ? star_sequential_strategy() : star_multi_installment_strategy();
  DltSolution sol;
  try {
    sol = e.solve(DltInput{t, c.machine, c.load, 0, resolve_params(e.params, c.params), nullptr, c.centre_computes});
  } catch (const std::exception& x) {
    return fail(fmt::format("exception: {}", x.what()));
  }
  for (double a : sol.alpha)
    if (!(a >= 0) || !std::isfinite(a)) return fail(fmt::format("share {} ", a));
  if (!c.centre_computes && sol.alpha[0] != 0) return fail("the non-computing centre got a share");
  const DltCheck sim = simulate(sol);
  if (!(sim.max_rel_diff <= kTimeRelTol) || !times_equal(sim.T_simulated, sol.T))
    return fail(fmt::format("engine: T {} simulated {} max_rel_diff {}", sol.T, sim.T_simulated, sim.max_rel_diff));

  // The oracle's machine, from the case (not from the strategy's plan machine).
  MachineSpec m = c.machine;
  if (c.strategy == "star-sequential") {
    m.processors[0].send_ports = 1;
    for (LinkSpec& l : m.links) {
      l.z *= 1 + c.beta;
      l.startup *= 1 + c.beta;
    }
  }
  std::vector<int> all;
  for (int v = 1; v < c.n; ++v) all.push_back(v);
  if (c.fastest_link)
    std::stable_sort(all.begin(), all.end(), [&](int a, int b) {
      return m.links[static_cast<std::size_t>(a - 1)].z < m.links[static_cast<std::size_t>(b - 1)].z;
    });
  std::vector<int> part;
  for (int v : all)
    if (sol.participating[static_cast<std::size_t>(v)]) part.push_back(v);
  std::vector<int> played;  // the return order the plan plays
  for (const PlanAction& a : sol.plan.actions)
    if (a.op == PlanAction::Op::send && a.to == 0) played.push_back(a.processor);
  const bool results = c.rule != "none";
  auto rev = [](std::vector<int> v) {
    std::reverse(v.begin(), v.end());
    return v;
  };
  auto oracle = [&](const std::vector<int>& workers, const std::vector<int>& returns) {
    return oracle_star_time({&m, 0, workers, c.installments, results, returns, c.delta, c.load, c.centre_computes});
  };
  try {
    std::vector<int> expected_order = c.rule == "fifo" ? part : c.rule == "lifo" ? rev(part) : played;
    if (results && expected_order != played) return fail("the plan returns in another order than the rule's");
    if (results && played.size() != part.size()) return fail("a participant returns nothing, or a non-participant does");
    const double T = oracle(part, results ? played : std::vector<int>{});
    if (!(std::abs(sol.T - T) <= kTimeRelTol * T)) return fail(fmt::format("T {} but the oracle gives {}", sol.T, T));
    const double everyone = oracle(all, c.rule == "lifo" ? rev(all) : all);
    if (!(sol.T <= everyone * (1 + kTimeRelTol)))
      return fail(fmt::format("T {} is worse than everyone taking part ({})", sol.T, everyone));
    if (c.rule == "best") {
      const double fifo = oracle(part, part), lifo = oracle(part, rev(part));
      if (!(sol.T <= std::min(fifo, lifo) * (1 + kTimeRelTol)))
        return fail(fmt::format("best T {} above FIFO {} or LIFO {}", sol.T, fifo, lifo));
      if (part.size() <= 4) {
        std::vector<int> p = part;
        std::sort(p.begin(), p.end());
        double lowest = INFINITY;
        do lowest = std::min(lowest, oracle(part, p));
        while (std::next_permutation(p.begin(), p.end()));
        if (!(sol.T <= lowest * (1 + kTimeRelTol)))
          return fail(fmt::format("best T {} but an order gives {}", sol.T, lowest));
      }
    }
    if (c.rule == "lifo" && c.installments >= 2 && part.size() >= 2) {
      const double fifo = oracle(part, part);
      out.lifo_differs = std::abs(fifo - T) > 1e-6 * T;
    }
  } catch (const std::exception& x) {
    return fail(fmt::format("oracle: {}", x.what()));
  }
  return out;
}

}  // namespace mpnsim::testing
