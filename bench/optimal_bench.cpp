// The exact scheduler's targets (issue #36), printed: the share of graphs proven optimal within a time
// limit and the median time, by family, size, processors and CCR, on a complete network without
// contention; and on one-port networks with contention. Run: build/bench/optimal_bench [--quick]
// [--limit SECONDS] [--tasks 10,20,30] [--processors 2,4,8,16] [--families random,fork,...]
// [--states N] [--space both|list|allocation] [--part classical|contention] [--verbose] [--real] [--dump DIR]. One core; each instance runs alone. --states N
// stops each search after N states instead of a time limit: deterministic, for comparing two
// builds on a loaded machine.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dag_families.hpp"
#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dot_format.hpp"

namespace {

using namespace mpnsim;

bool g_real = false;  // --real: real-valued data; else whole works and data, as the literature's graph sets

// The graph with its data scaled to the CCR: whole weights (bench::whole_with_ccr) or, with
// --real, its works 1..9 and data scaled exactly (bench::with_ccr).
TaskGraph weighted(const TaskGraph& g, double ccr, std::mt19937_64& rng) {
  return g_real ? bench::with_ccr(g, ccr) : bench::whole_with_ccr(g, ccr, rng);
}

struct Row {
  std::vector<double> seconds;
  int proven = 0;
};

std::uint64_t g_states = 0;  // --states: a state budget instead of the time limit
FreeSearchSpace g_space = FreeSearchSpace::both;  // --space
bool g_verbose = false;      // --verbose: a line per instance
std::string g_dump;          // --dump DIR: each classical instance written there as DOT, to study with `mpnsim dag`

double run_one(const TaskGraph& g, const MachineSpec& m, CommModel model, double limit, bool& proven) {
  const CommCost comm(m);
  DagProblem p{g, m, comm};
  p.options.model = model;
  SearchLimits limits;
  // As many states as the work limits allow: the time limit is what stops it.
  limits.max_states = static_cast<std::uint64_t>(kOptimalMaxSteps / ((g.size() + g.edge_count() + 1.0) * m.size()));
  limits.time_limit = limit;
  limits.space = g_space;
  if (g_states > 0) {
    limits.max_states = std::min<std::uint64_t>(limits.max_states, g_states);
    limits.time_limit = 0;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const Schedule s = schedule_optimal(p, limits);
  proven = s.search->optimal;
  if (g_verbose)
    std::printf("    %-12s n=%d P=%d: makespan %.4f, bound %.4f (%.2f %% below), %s, %llu states\n", g.name().c_str(), g.size(),
                m.size(), s.makespan(), s.search->lower_bound, 100 * (1 - s.search->lower_bound / s.makespan()),
                proven ? "proven" : "open", static_cast<unsigned long long>(s.search->states));
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

}  // namespace

int main(int argc, char** argv) {
  double limit = 60;
  bool quick = false;
  std::vector<int> sizes{10, 20, 30};
  std::vector<int> processor_list;
  std::vector<std::string> families = bench::family_names();
  std::string part;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--limit") && i + 1 < argc) limit = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--tasks") && i + 1 < argc) sizes = bench::parse_list(argv[++i]);
    else if (!std::strcmp(argv[i], "--processors") && i + 1 < argc) processor_list = bench::parse_list(argv[++i]);
    else if (!std::strcmp(argv[i], "--states") && i + 1 < argc) g_states = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--space") && i + 1 < argc) {
      const std::string space = argv[++i];
      g_space = space == "list" ? FreeSearchSpace::list : space == "allocation" ? FreeSearchSpace::allocation : FreeSearchSpace::both;
    }
    else if (!std::strcmp(argv[i], "--part") && i + 1 < argc) part = argv[++i];
    else if (!std::strcmp(argv[i], "--verbose")) g_verbose = true;
    else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc) g_dump = argv[++i];
    else if (!std::strcmp(argv[i], "--real")) g_real = true;
    else if (!std::strcmp(argv[i], "--families") && i + 1 < argc) {
      families.clear();
      for (const char* p = argv[++i]; *p;) {
        const char* end = std::strchr(p, ',');
        families.emplace_back(p, end ? end : p + std::strlen(p));
        p = end ? end + 1 : p + std::strlen(p);
      }
    } else {
      std::fprintf(stderr,
                   "usage: optimal_bench [--quick] [--limit SECONDS] [--tasks 10,20,30] [--processors 2,4,8,16] "
                   "[--families random,fork,...] [--states N] [--space both|list|allocation] [--part classical|contention] [--verbose] [--real] [--dump DIR]\n");
      return 2;
    }
  }
  const std::vector<int> processors =
      !processor_list.empty() ? processor_list : quick ? std::vector<int>{2, 4} : std::vector<int>{2, 4, 8, 16};
  const std::vector<double> ccrs{0.1, 1, 10};
  // Each instance has its own seed, from its family, size, processors and CCR, so that a run of
  // some families or sizes sees the same graphs as the full run.
  auto seeded = [](const std::string& what) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : what) h = (h ^ c) * 1099511628211ULL;
    return std::mt19937_64(h);
  };
  if (part.empty() || part == "classical") {
  std::printf("classical model: complete network, comm free, %s weights, limit %.0f s per graph\n",
              g_real ? "real" : "whole", limit);
  std::printf("%-44s %4s %9s\n", "family tasks processors ccr", "n", "proven");
  Row all;
  for (int n : sizes) {
    Row by_size;
    for (const auto& f : families)
      for (int P : processors) {
        Row row;
        for (double ccr : ccrs) {
          std::mt19937_64 rng = seeded(fmt::format("{} {} {} {}", f, n, P, ccr));
          const TaskGraph g = weighted(bench::family(f, n, rng), ccr, rng);
          if (!g_dump.empty()) {
            const std::string path = fmt::format("{}/{}-{}-P{}-ccr{}.dot", g_dump, f, n, P, ccr);
            if (std::FILE* out = std::fopen(path.c_str(), "w")) {
              std::fputs(write_dot(g).c_str(), out);
              std::fclose(out);
            }
            continue;
          }
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
  if (!g_dump.empty()) return 0;
  }
  if (!part.empty() && part != "contention") return 0;

  std::printf("\nwith contention: one-port networks, 10 random tasks, %s weights, limit %.0f s per graph\n",
              g_real ? "real" : "whole", limit);
  const std::vector<std::pair<std::string, Topology>> nets{
      {"2-cube", hypercube(2)}, {"3-cube", hypercube(3)}, {"2x3 mesh", mesh(2, 3, false)}};
  Row contention;
  for (const auto& [name, net] : nets) {
    Row row;
    for (double ccr : ccrs)
      for (int k = 0; k < (quick ? 2 : 4); ++k) {
        std::mt19937_64 rng = seeded(fmt::format("{} {} {}", name, ccr, k));
        const TaskGraph g = weighted(bench::family("random", 10, rng), ccr, rng);
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
