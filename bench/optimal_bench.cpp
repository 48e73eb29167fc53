// The exact scheduler's targets (issue #36), printed: the share of graphs proven optimal within a time
// limit and the median time, by family, size, processors and CCR, on a complete network without
// contention; and on one-port networks with contention. Run: build/bench/optimal_bench [--quick]
// [--limit SECONDS] [--tasks 10,20,30]. One core; each instance runs alone.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"
#include "topologies/families.hpp"
#include "dag_families.hpp"

namespace {

using namespace mpnsim;
using bench::family;
using bench::with_ccr;

struct Row {
  std::vector<double> seconds;
  int proven = 0;
};

double run_one(const TaskGraph& g, const MachineSpec& m, CommModel model, double limit, bool& proven) {
  const CommCost comm(m);
  DagProblem p{g, m, comm};
  p.options.model = model;
  SearchLimits limits;
  // As many states as the work limits allow: the time limit is what stops it.
  limits.max_states = static_cast<std::uint64_t>(kOptimalMaxSteps / ((g.size() + g.edge_count() + 1.0) * m.size()));
  limits.time_limit = limit;
  const auto t0 = std::chrono::steady_clock::now();
  const Schedule s = schedule_optimal(p, limits);
  proven = s.search->optimal;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void print(const std::string& label, Row& r) {
  std::sort(r.seconds.begin(), r.seconds.end());
  const double median = r.seconds.empty() ? 0 : r.seconds[r.seconds.size() / 2];
  std::printf("%-44s %4zu %7.1f %%  median %8.3f s  max %8.3f s\n", label.c_str(), r.seconds.size(),
              r.seconds.empty() ? 0.0 : 100.0 * r.proven / static_cast<double>(r.seconds.size()), median,
              r.seconds.empty() ? 0.0 : r.seconds.back());
  std::fflush(stdout);
}

std::vector<int> parse_list(const char* text) {
  std::vector<int> out;
  for (const char* p = text; *p;) {
    out.push_back(std::atoi(p));
    while (*p && *p != ',') ++p;
    if (*p == ',') ++p;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  bool quick = false;
  std::vector<int> sizes{10, 20, 30};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--limit") && i + 1 < argc) limit = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--tasks") && i + 1 < argc) sizes = parse_list(argv[++i]);
    else {
      std::fprintf(stderr, "usage: optimal_bench [--quick] [--limit SECONDS] [--tasks 10,20,30]\n");
      return 2;
    }
  }
  const std::vector<std::string>& families = bench::family_names();
  const std::vector<int> processors = quick ? std::vector<int>{2, 4} : std::vector<int>{2, 4, 8, 16};
  const std::vector<double> ccrs{0.1, 1, 10};
  std::mt19937_64 rng(36);
  std::printf("classical model: complete network, comm free, limit %.0f s per graph\n", limit);
  std::printf("%-44s %4s %9s\n", "family tasks processors ccr", "n", "proven");
  Row all;
  for (int n : sizes) {
    Row by_size;
    for (const auto& f : families)
      for (int P : processors) {
        Row row;
        for (double ccr : ccrs) {
          const TaskGraph g = with_ccr(family(f, n, rng), ccr);
          const Topology net = complete_graph(P);
          const MachineSpec m = uniform_machine(P, net.links(), false, ProcessorSpec{1, true, kAllPorts, kAllPorts}, 1, 0);
          bool proven = false;
          const double s = run_one(g, m, CommModel::free, limit, proven);
          for (Row* r : {&row, &by_size, &all}) {
            r->seconds.push_back(s);
            r->proven += proven;
          }
        }
        print(fmt::format("{} {} P={} (ccr 0.1, 1, 10)", f, n, P), row);
      }
    print(fmt::format("ALL {} tasks", n), by_size);
  }
  print("ALL classical", all);

  std::printf("\nwith contention: one-port networks, 10 random tasks, limit %.0f s per graph\n", limit);
  const std::vector<std::pair<std::string, Topology>> nets{
      {"2-cube", hypercube(2)}, {"3-cube", hypercube(3)}, {"2x3 mesh", mesh(2, 3, false)}};
  Row contention;
  for (const auto& [name, net] : nets) {
    Row row;
    for (double ccr : ccrs)
      for (int k = 0; k < (quick ? 2 : 4); ++k) {
        const TaskGraph g = with_ccr(family("random", 10, rng), ccr);
        const MachineSpec m = uniform_machine(net.size(), net.links(), false, ProcessorSpec{1, true, 1, 1}, 1, 0);
        bool proven = false;
        const double s = run_one(g, m, CommModel::contention, limit, proven);
        for (Row* r : {&row, &contention}) {
          r->seconds.push_back(s);
          r->proven += proven;
        }
      }
    print(name, row);
  }
  print("ALL contention", contention);
  return 0;
}
