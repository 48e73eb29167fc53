// The divisible-load LP figures (issue #40): the 10^4-star campaign against the GLPK oracle and the engine, `results: best`, large installments.
//
// build/bench/lp_bench [--stars N] [--seed S] [--skip-campaign]
// Prints one line per figure: failures and time of the campaign (tests/dlt_lp_campaign.hpp, the
// same draws and checks as the test's sample), `results: best` on 8 identical workers with 4
// installments and on the het10 reproducer, and the 5-processor star with 1000 installments.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

#include "dlt_lp_campaign.hpp"
#include "experiments/config/command_flags.hpp"
#include "experiments/config/machine_config.hpp"

namespace {

using namespace mpnsim;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Solves and plays one star, printing T, the engine's agreement, the time and the search's note.
void one(const std::string& what, const MachineSpec& m, const std::vector<std::pair<std::string, std::string>>& p) {
  const DivisibleStrategyEntry& e = star_multi_installment_strategy();
  const auto t0 = Clock::now();
  const DltSolution s = e.solve(DltInput{star(m.size()), m, 1.0, 0, resolve_params(e.params, p)});
  const double solve = seconds_since(t0);
  const DltCheck c = simulate(s);
  std::string how;
  for (const std::string& n : s.notes)
    if (n.find("returned in the order") != std::string::npos) how = n;
  std::cout << fmt::format("{}: T {:.12g}, max_rel_diff {:.2g}, solved in {:.3f} s{}\n", what, s.T, c.max_rel_diff,
                           solve, how.empty() ? "" : "; " + how);
}

}  // namespace

int main(int argc, char** argv) {
  long stars = 10000;
  std::uint64_t seed = 20261127;
  bool campaign = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--stars" && i + 1 < argc) stars = std::atol(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--skip-campaign") campaign = false;
    else {
      std::cerr << "usage: lp_bench [--stars N] [--seed S] [--skip-campaign]\n";
      return 2;
    }
  }
  if (campaign) {
    std::mt19937_64 rng(seed);
    long failures = 0, lifo_differs = 0;
    const auto t0 = Clock::now();
    double slowest = 0;
    for (long i = 0; i < stars; ++i) {
      const testing::LpCampaignCase c = testing::draw_campaign_case(rng);
      if (std::getenv("LP_BENCH_TRACE")) std::cout << "star " << i << ": " << testing::describe(c) << std::endl;
      const auto t1 = Clock::now();
      const testing::LpCampaignOutcome o = testing::check_campaign_case(c);
      const double took = seconds_since(t1);
      if (took > 1) std::cout << fmt::format("  star {} took {:.1f} s: {}\n", i, took, testing::describe(c));
      slowest = std::max(slowest, took);
      if (!o.failure.empty() && ++failures <= 10) std::cout << "  star " << i << ": " << o.failure << "\n";
      lifo_differs += o.lifo_differs;
    }
    std::cout << fmt::format("campaign: {} random stars (seed {}), {} failures, {} lifo cases unlike fifo, {:.1f} s "
                             "(strategy, GLPK exact oracle and engine; slowest star {:.2f} s)\n",
                             stars, seed, failures, lifo_differs, seconds_since(t0), slowest);
  }
  const Topology t9 = star(9);
  const MachineSpec homogeneous = uniform_machine(9, t9.links(), false, ProcessorSpec{1, true, 1, 1}, 0.5, 0);
  one("best, 8 identical workers, 4 installments", homogeneous,
      {{"installments", "4"}, {"results", "best"}, {"delta", "0.3"}});
  const std::string het10 = std::string(MPNSIM_SOURCE_DIR) + "/tests/data/lp/het10.yaml";
  const MachineConfig h = read_machine(YamlSource(het10), load_machine_file(het10), "machine");
  one("best, het10 (9 heterogeneous workers), 3 installments", h.spec,
      {{"installments", "3"}, {"results", "best"}, {"delta", "0.3"}});
  const Topology t5 = star(5);  // the finding's `--topology star --n 5 --w 1 --z 0.5 --installments 1000`
  const MachineSpec five = uniform_machine(5, t5.links(), false, ProcessorSpec{1, true, 1, 1}, 0.5, 0);
  one("star n = 5 (4 workers), 1000 installments", five, {{"installments", "1000"}});
  return 0;
}
