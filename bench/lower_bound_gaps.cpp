// How far the DAG lower bound lies below the optimum, by CCR, processors and graph family (issue #36).
//
// Two oracles, each printed beside the plain max(critical path, work / P):
// - `--oracle brute`: tiny graphs (`--tasks`, 7) solved by the tests' exhaustive search
//   (tests/dag_brute_force.hpp): random graphs, in-trees, out-trees and fork-joins, `--graphs` of
//   each (24) per CCR on complete networks of 2 and 3 processors;
// - `--oracle optimal`: the literature's families (bench/dag_families.hpp) of `--sizes` tasks
//   (10,12,14) on complete networks of `--processors` (2,4,8), `--per` graphs (1) per family,
//   size, P and CCR, solved by the `optimal` scheduler within `--states` expanded states (10^6);
//   only the instances it proves optimal count.
// Identical processors, z = 1, S = 0; the data scaled so that the mean message over one link
// takes CCR times the mean task. The gap is (optimum - bound) / optimum. Default: both oracles.
// GAPS_DEBUG=1 in the environment prints every graph the bound misses by more than 20 % (GAPS_DEBUG=0.1:
// by more than 10 %).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "dag_families.hpp"
#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/lower_bound.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"
#include "tests/dag_brute_force.hpp"
#include "topologies/families.hpp"

namespace {

using namespace mpnsim;

const double kCcrs[] = {0.1, 0.5, 1.0, 2.0, 5.0, 10.0};

// Shape 0: random (each pair an edge with probability 0.35); 1: in-tree; 2: out-tree; 3: fork-join.
TaskGraph tiny_graph(std::mt19937_64& rng, int shape, int n, double ccr) {
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
  void add(const Gaps& o) {
    sum += o.sum;
    max = std::max(max, o.max);
    count += o.count;
  }
  double mean() const { return count ? sum / count : 0; }
};

// The plain bound and lower_bound side by side.
struct Pair {
  Gaps plain, bound;
  void add(double opt, const DagLowerBound& b) {
    plain.add((opt - std::max(b.critical_path, b.work)) / opt);
    bound.add((opt - b.value) / opt);
  }
  void add(const Pair& o) {
    plain.add(o.plain);
    bound.add(o.bound);
  }
};

MachineSpec complete_machine(int processors) {
  const Topology topology = complete_graph(processors);
  return uniform_machine(topology.size(), topology.links(), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
}

void debug(const char* what, const TaskGraph& g, int processors, double opt, const DagLowerBound& b) {
  const char* debug = std::getenv("GAPS_DEBUG");
  if (!debug) return;
  const double threshold = std::atof(debug) > 0 && std::atof(debug) < 1 ? std::atof(debug) : 0.2;
  if ((opt - b.value) / opt <= threshold) return;
  std::printf("%s P %d opt %g: cp %g comm %g spread %g work %g density %g\n", what, processors, opt, b.critical_path,
              b.communication_path, b.spread, b.work, b.density);
  for (int t = 0; t < g.size(); ++t) std::printf("  t%d %g\n", t, g.work(t));
  for (const DagEdge& e : g.edges()) std::printf("  %d->%d %g\n", e.from, e.to, e.data);
}

void print_header(const char* first) {
  std::printf("%-16s  %22s  %22s\n", "", "max(cp, work/P)", "lower_bound");
  std::printf("%-16s  %10s %11s  %10s %11s\n", first, "mean gap", "max gap", "mean gap", "max gap");
}

void print_row(const std::string& label, const Pair& p, const char* unit) {
  std::printf("%-16s  %9.1f%% %10.1f%%  %9.1f%% %10.1f%%   (%d %s)\n", label.c_str(), 100 * p.plain.mean(),
              100 * p.plain.max, 100 * p.bound.mean(), 100 * p.bound.max, p.bound.count, unit);
}

void brute_force_section(int tasks, int graphs) {
  std::printf("brute force: tasks %d, %d graphs of each shape (random, in-tree, out-tree, fork-join) per CCR and "
              "P in {2, 3}\n",
              tasks, graphs);
  print_header("CCR");
  Pair all;
  for (double ccr : kCcrs) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(ccr * 1000) + 36);
    Pair row;
    for (int processors : {2, 3}) {
      const MachineSpec machine = complete_machine(processors);
      const CommCost comm(machine);
      for (int shape = 0; shape < 4; ++shape)
        for (int k = 0; k < graphs; ++k) {
          const TaskGraph g = tiny_graph(rng, shape, tasks, ccr);
          const DagProblem problem{g, machine, comm};
          testing::BruteForce search(problem);
          const double opt = search.optimum(200'000'000);
          if (search.exhausted() || opt <= 0) continue;
          const DagLowerBound b = dag_lower_bound(problem);
          row.add(opt, b);
          debug(fmt::format("shape {}", shape).c_str(), g, processors, opt, b);
        }
    }
    print_row(fmt::format("{:g}", ccr), row, "graphs");
    all.add(row);
  }
  print_row("all", all, "graphs");
}

void optimal_section(const std::vector<int>& sizes, const std::vector<int>& processors, int per, double states) {
  std::printf("optimal: families of %s tasks, P in {%s}, %d graph(s) per family, size, P and CCR, "
              "max_states %g; proven instances only\n",
              fmt::format("{}", fmt::join(sizes, ", ")).c_str(), fmt::format("{}", fmt::join(processors, ", ")).c_str(),
              per, states);
  std::map<double, std::map<int, Pair>> by_ccr_p;
  std::map<std::string, std::map<double, Pair>> by_family_ccr;
  Pair all;
  Gaps unproven;
  int tried = 0;
  std::mt19937_64 rng(3636);
  for (const std::string& f : bench::family_names())
    for (int n : sizes)
      for (int P : processors) {
        const MachineSpec machine = complete_machine(P);
        const CommCost comm(machine);
        for (double ccr : kCcrs)
          for (int k = 0; k < per; ++k) {
            const TaskGraph g = bench::with_ccr(bench::family(f, n, rng), ccr);
            const DagProblem problem{g, machine, comm};
            SearchLimits limits;
            limits.max_states = static_cast<std::uint64_t>(states);
            const Schedule s = schedule_optimal(problem, limits);
            ++tried;
            if (!s.search || !s.search->optimal) {
              // Not proven: the best schedule found is above the optimum, so its gap to the bound
              // only says how far the bound may lie below the optimum at most.
              unproven.add((s.makespan() - dag_lower_bound(problem).value) / s.makespan());
              continue;
            }
            const double opt = s.makespan();
            const DagLowerBound b = dag_lower_bound(problem);
            by_ccr_p[ccr][P].add(opt, b);
            by_family_ccr[f][ccr].add(opt, b);
            all.add(opt, b);
            debug(fmt::format("{} n {} ccr {:g}", f, n, ccr).c_str(), g, P, opt, b);
          }
      }
  std::printf("\nby CCR and P\n");
  print_header("CCR P");
  for (const auto& [ccr, row] : by_ccr_p) {
    Pair total;
    for (const auto& [P, pair] : row) {
      print_row(fmt::format("{:g} {}", ccr, P), pair, "proven");
      total.add(pair);
    }
    print_row(fmt::format("{:g} all", ccr), total, "proven");
  }
  std::printf("\nby family (all CCRs; and CCR 10 alone)\n");
  std::printf("%-16s  %10s %10s  %10s %10s\n", "", "cp, work/P", "bound", "cp, work/P", "bound");
  std::printf("%-16s  %10s %10s  %10s %10s\n", "family", "mean gap", "mean gap", "CCR 10", "CCR 10");
  for (const auto& [f, row] : by_family_ccr) {
    Pair total;
    for (const auto& [ccr, pair] : row) total.add(pair);
    const auto ten = row.find(10.0);
    const Pair high = ten == row.end() ? Pair{} : ten->second;
    std::printf("%-16s  %9.1f%% %9.1f%%  %9.1f%% %9.1f%%   (%d proven)\n", f.c_str(), 100 * total.plain.mean(),
                100 * total.bound.mean(), 100 * high.plain.mean(), 100 * high.bound.mean(), total.bound.count);
  }
  print_row("all", all, "proven");
  std::printf("%d of %d instances proven optimal; on the %d others the bound is at most %.1f %% below the best "
              "schedule found on average (at most %.1f %%)\n",
              all.bound.count, tried, unproven.count, 100 * unproven.mean(), 100 * unproven.max);
}

}  // namespace

int main(int argc, char** argv) {
  int tasks = 7, graphs = 24, per = 1;
  double states = 1e6;
  std::string oracle = "both";
  std::vector<int> sizes{10, 12, 14}, processors{2, 4, 8};
  for (int i = 1; i < argc; ++i) {
    const bool value = i + 1 < argc;
    if (value && !std::strcmp(argv[i], "--tasks")) tasks = std::atoi(argv[++i]);
    else if (value && !std::strcmp(argv[i], "--graphs")) graphs = std::atoi(argv[++i]);
    else if (value && !std::strcmp(argv[i], "--oracle")) oracle = argv[++i];
    else if (value && !std::strcmp(argv[i], "--sizes")) sizes = bench::parse_list(argv[++i]);
    else if (value && !std::strcmp(argv[i], "--processors")) processors = bench::parse_list(argv[++i]);
    else if (value && !std::strcmp(argv[i], "--per")) per = std::atoi(argv[++i]);
    else if (value && !std::strcmp(argv[i], "--states")) states = std::atof(argv[++i]);
    else {
      std::fprintf(stderr,
                   "usage: lower_bound_gaps [--oracle brute|optimal|both] [--tasks 7] [--graphs 24] "
                   "[--sizes 10,12,14] [--processors 2,4,8] [--per 1] [--states 1e6]\n");
      return 2;
    }
  }
  if (oracle != "brute" && oracle != "optimal" && oracle != "both") {
    std::fprintf(stderr, "--oracle: expected brute, optimal or both, got '%s'\n", oracle.c_str());
    return 2;
  }
  if (oracle != "optimal") brute_force_section(tasks, graphs);
  if (oracle == "both") std::printf("\n");
  if (oracle != "brute") optimal_section(sizes, processors, per, states);
  return 0;
}
