// How far the DAG lower bound lies below the optimum of tiny graphs, by CCR (issue #36's targets).
//
// Prints, per communication-to-computation ratio, the mean and largest gap (optimum - bound) /
// optimum of the bound of schedulers/dag/lower_bound.hpp and of the plain max(critical path,
// work / P), over random graphs, in-trees, out-trees and fork-joins of `--tasks` tasks (7) on
// complete networks of 2 and 3 identical processors, z = 1, S = 0, `--graphs` of each (24) per
// CCR and P, each optimum found by the tests' exhaustive search (tests/dag_brute_force.hpp).
// GAPS_DEBUG=1 in the environment prints every graph the bound misses by more than 20 %.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fmt/format.h>

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/lower_bound.hpp"
#include "tests/dag_brute_force.hpp"
#include "topologies/families.hpp"

namespace {

using namespace mpnsim;

// Shape 0: random (each pair an edge with probability 0.35); 1: in-tree; 2: out-tree; 3: fork-join.
TaskGraph make_graph(std::mt19937_64& rng, int shape, int n, double ccr) {
  std::uniform_int_distribution<int> value(1, 10);
  std::uniform_real_distribution<double> unit(0, 1);
  TaskGraph g("g");
  for (int i = 0; i < n; ++i) g.add_task(fmt::format("t{}", i), value(rng));
  // Data on [1, 10] times ccr: a mean message (5.5 ccr on one link, z = 1) over a mean task (5.5).
  auto edge = [&](int a, int b) { g.add_edge(a, b, value(rng) * ccr); };
  for (int k = 1; k < n; ++k) {
    if (shape == 0) {
      for (int j = 0; j < k; ++j)
        if (unit(rng) < 0.35) edge(j, k);
    } else if (shape == 1) {
      edge(n - 1 - k, n - 1 - (k - 1) / 2);  // heap node k is task n - 1 - k: edges run to the root
    } else if (shape == 2) {
      edge((k - 1) / 2, k);
    } else if (k + 1 < n) {
      edge(0, k);
      edge(k, n - 1);
    }
  }
  g.finalize();
  return g;
}

struct Gaps {
  double sum = 0, max = 0;
  int count = 0;
  void add(double gap) {
    sum += gap;
    max = std::max(max, gap);
    ++count;
  }
  double mean() const { return count ? sum / count : 0; }
};

}  // namespace

int main(int argc, char** argv) {
  int tasks = 7, graphs = 24;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--tasks")) tasks = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--graphs")) graphs = std::atoi(argv[i + 1]);
  }
  std::printf("tasks %d, %d graphs of each shape (random, in-tree, out-tree, fork-join) per CCR and P in {2, 3}\n",
              tasks, graphs);
  std::printf("%6s  %22s  %22s\n", "", "max(cp, work/P)", "lower_bound");
  std::printf("%6s  %10s %11s  %10s %11s\n", "CCR", "mean gap", "max gap", "mean gap", "max gap");
  Gaps all_old, all_new;
  for (double ccr : {0.1, 0.5, 1.0, 2.0, 5.0, 10.0}) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(ccr * 1000) + 36);
    Gaps old_gaps, new_gaps;
    for (int processors : {2, 3}) {
      const Topology topology = complete_graph(processors);
      const MachineSpec machine = uniform_machine(topology.size(), topology.links(), false,
                                                  ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
      const CommCost comm(machine);
      for (int shape = 0; shape < 4; ++shape)
        for (int k = 0; k < graphs; ++k) {
          const TaskGraph g = make_graph(rng, shape, tasks, ccr);
          const DagProblem problem{g, machine, comm};
          testing::BruteForce search(problem);
          const double opt = search.optimum(200'000'000);
          if (search.exhausted() || opt <= 0) continue;
          const DagLowerBound b = dag_lower_bound(problem);
          old_gaps.add((opt - std::max(b.critical_path, b.work)) / opt);
          new_gaps.add((opt - b.value) / opt);
          if (std::getenv("GAPS_DEBUG") && (opt - b.value) / opt > 0.2) {
            std::printf("shape %d P %d opt %g: cp %g comm %g spread %g work %g density %g\n", shape, processors, opt,
                        b.critical_path, b.communication_path, b.spread, b.work, b.density);
            for (int t = 0; t < g.size(); ++t) std::printf("  t%d %g\n", t, g.work(t));
            for (const DagEdge& e : g.edges()) std::printf("  %d->%d %g\n", e.from, e.to, e.data);
          }
        }
    }
    std::printf("%6g  %9.1f%% %10.1f%%  %9.1f%% %10.1f%%   (%d graphs)\n", ccr, 100 * old_gaps.mean(),
                100 * old_gaps.max, 100 * new_gaps.mean(), 100 * new_gaps.max, new_gaps.count);
    all_old.sum += old_gaps.sum;
    all_old.count += old_gaps.count;
    all_new.sum += new_gaps.sum;
    all_new.count += new_gaps.count;
  }
  std::printf("%6s  %9.1f%% %11s  %9.1f%%\n", "all", 100 * all_old.mean(), "", 100 * all_new.mean());
  return 0;
}
