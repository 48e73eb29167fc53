// The exact scheduler's targets (issue #36), printed: the share of graphs proven optimal within a time
// limit and the median time, by family, size, processors and CCR, on a complete network without
// contention; and on one-port networks with contention. Run: build/bench/optimal_bench [--quick]
// [--limit SECONDS] [--tasks 10,20,30] [--processors 2,4,8,16] [--families random,fork,...]
// [--states N] [--part classical|contention] [--verbose] [--real]. One core; each instance runs alone. --states N
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

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/optimal/optimal_scheduler.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace {

using namespace mpnsim;

// The structured families of the optimal-scheduling literature, built here with whole works
// 1..9 and data 1..9 (scaled to the CCR afterwards).
struct Builder {
  TaskGraph g;
  std::mt19937_64& rng;
  int task() { return g.add_task(fmt::format("t{}", g.size()), std::uniform_int_distribution<int>(1, 9)(rng)); }
  void edge(int a, int b) { g.add_edge(a, b, std::uniform_int_distribution<int>(1, 9)(rng)); }
};

TaskGraph family(const std::string& name, int n, std::mt19937_64& rng) {
  if (name == "random") {
    RandomDagParams p;
    p.tasks = n;
    p.exec_max = 9;
    p.data_max = 9;
    p.seed = rng();
    return generate_random_dag(p);
  }
  Builder b{TaskGraph(name), rng};
  if (name == "fork" || name == "join") {
    const int hub = b.task();
    for (int i = 1; i < n; ++i) {
      const int t = b.task();
      name == "fork" ? b.edge(hub, t) : b.edge(t, hub);
    }
  } else if (name == "fork-join") {
    const int fork = b.task();
    std::vector<int> mid;
    for (int i = 2; i < n; ++i) {
      mid.push_back(b.task());
      b.edge(fork, mid.back());
    }
    const int join = b.task();
    for (int m : mid) b.edge(m, join);
  } else if (name == "out-tree" || name == "in-tree") {
    for (int i = 0; i < n; ++i) {
      b.task();
      if (i > 0) name == "out-tree" ? b.edge((i - 1) / 2, i) : b.edge(i, (i - 1) / 2);
    }
  } else if (name == "pipeline") {  // two chains, each stage feeding both next stages
    for (int i = 0; i < n; ++i) {
      b.task();
      if (i >= 2) {
        const int previous = 2 * (i / 2 - 1);
        b.edge(previous, i);
        if (previous + 1 < i) b.edge(previous + 1, i);
      }
    }
  } else if (name == "stencil") {  // levels of width 3, each task feeding its neighbours below
    const int width = 3;
    for (int i = 0; i < n; ++i) {
      b.task();
      const int level = i / width, col = i % width;
      if (level == 0) continue;
      for (int dc = -1; dc <= 1; ++dc) {
        const int c = col + dc;
        if (c >= 0 && c < width) b.edge((level - 1) * width + c, i);
      }
    }
  } else if (name == "series-parallel") {  // random series and parallel compositions
    std::function<std::pair<int, int>(int)> sp = [&](int size) -> std::pair<int, int> {
      if (size == 1) {
        const int t = b.task();
        return {t, t};
      }
      if (size == 2 || rng() % 2 == 0) {  // series
        const int left = 1 + static_cast<int>(rng() % static_cast<unsigned>(size - 1));
        const auto a = sp(left), c = sp(size - left);
        b.edge(a.second, c.first);
        return {a.first, c.second};
      }
      // parallel between a source and a sink
      const int src = b.task();
      const int inner = size - 2;
      const int left = inner >= 2 ? 1 + static_cast<int>(rng() % static_cast<unsigned>(inner - 1)) : inner;
      std::vector<std::pair<int, int>> parts{sp(left)};
      if (inner - left > 0) parts.push_back(sp(inner - left));
      const int sink = b.task();
      for (auto [f, l] : parts) {
        b.edge(src, f);
        b.edge(l, sink);
      }
      return {src, sink};
    };
    sp(n);
  }
  b.g.finalize();
  return std::move(b.g);
}

bool g_real = false;  // --real: real-valued data; else whole works and data, as the literature's graph sets

// The graph with its data scaled so that mean data / mean work = ccr (on unit links and
// processors, communication over computation). Whole weights (the default): works drawn anew in
// 10..90 and data rounded to whole numbers, at least 1, so that the instance lies on a grid of
// whole time units as the published graph sets do; --real keeps the works 1..9 and scales the
// data exactly (any real).
TaskGraph with_ccr(const TaskGraph& g, double ccr, std::mt19937_64& rng) {
  std::vector<double> works;
  for (int t = 0; t < g.size(); ++t)
    works.push_back(g_real ? g.work(t) : std::uniform_int_distribution<int>(10, 90)(rng));
  double mean_work = 0;
  for (double w : works) mean_work += w / g.size();
  const double mean_data = g.edge_count() > 0 ? g.total_data() / g.edge_count() : 1;
  TaskGraph out(g.name());
  for (int t = 0; t < g.size(); ++t) out.add_task(std::string(g.task(t).name), works[static_cast<std::size_t>(t)]);
  for (const DagEdge& e : g.edges()) {
    const double data = e.data * ccr * mean_work / mean_data;
    out.add_edge(e.from, e.to, g_real ? data : std::max(1.0, std::round(data)));
  }
  out.finalize();
  return out;
}

struct Row {
  std::vector<double> seconds;
  int proven = 0;
};

std::uint64_t g_states = 0;  // --states: a state budget instead of the time limit
bool g_verbose = false;      // --verbose: a line per instance

double run_one(const TaskGraph& g, const MachineSpec& m, CommModel model, double limit, bool& proven) {
  const CommCost comm(m);
  DagProblem p{g, m, comm};
  p.options.model = model;
  SearchLimits limits;
  // As many states as the work limits allow: the time limit is what stops it.
  limits.max_states = static_cast<std::uint64_t>(kOptimalMaxSteps / ((g.size() + g.edge_count() + 1.0) * m.size()));
  limits.time_limit = limit;
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
  std::vector<int> processor_list;
  std::vector<std::string> families{"random",   "fork",     "join",    "fork-join",      "in-tree",
                                    "out-tree", "pipeline", "stencil", "series-parallel"};
  std::string part;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--limit") && i + 1 < argc) limit = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--tasks") && i + 1 < argc) sizes = parse_list(argv[++i]);
    else if (!std::strcmp(argv[i], "--processors") && i + 1 < argc) processor_list = parse_list(argv[++i]);
    else if (!std::strcmp(argv[i], "--states") && i + 1 < argc) g_states = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--part") && i + 1 < argc) part = argv[++i];
    else if (!std::strcmp(argv[i], "--verbose")) g_verbose = true;
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
                   "[--families random,fork,...] [--states N] [--part classical|contention] [--verbose] [--real]\n");
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
          const TaskGraph g = with_ccr(family(f, n, rng), ccr, rng);
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
        const TaskGraph g = with_ccr(family("random", 10, rng), ccr, rng);
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
