// Generation time and peak memory of one generated DAG family (issue #38: 10^6-task DAGGEN and
// Topcuoglu graphs within random-dag's limits). One family per process, so that the peak is its own:
//   build/bench/dag_generate_bench random-dag tasks=1000000
//   build/bench/dag_generate_bench daggen tasks=1000000 fat=0.5 density=0.002
//   build/bench/dag_generate_bench topcuoglu tasks=1000000 shape=1 out_degree=3
// Prints the tasks, edges, wall seconds of the generation alone and the process's peak RSS.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "workloads/dag/dag_workloads.hpp"

int main(int argc, char** argv) {
  using namespace mpnsim;
  if (argc < 2) {
    std::fprintf(stderr, "usage: dag_generate_bench FAMILY [PARAM=VALUE ...]\n");
    return 2;
  }
  const DagWorkloadEntry* entry = find_dag_workload(argv[1]);
  if (!entry || !entry->family) {
    std::fprintf(stderr, "dag_generate_bench: '%s' is not a generated family\n", argv[1]);
    return 2;
  }
  std::vector<std::pair<std::string, std::string>> given;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const auto eq = a.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "dag_generate_bench: expected PARAM=VALUE, got '%s'\n", argv[i]);
      return 2;
    }
    given.emplace_back(a.substr(0, eq), a.substr(eq + 1));
  }
  try {
    const ParamSet params = resolve_params(entry->params, given);
    const auto t0 = std::chrono::steady_clock::now();
    const TaskGraph g = generate_family_graph(*entry->family, params, 2024, 0);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%-12s tasks %9d  edges %9d  generate %7.3f s  peak RSS %7.1f MiB\n", argv[1], g.size(),
                g.edge_count(), seconds, static_cast<double>(usage.ru_maxrss) / 1024.0);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dag_generate_bench: %s\n", e.what());
    return 2;
  }
  return 0;
}
