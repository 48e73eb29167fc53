// How contention-aware DAG scheduling grows with the graph: each scheduler's time with comm: contention
// beside comm: free, per size, and the exponent of the time fitted against the task count (issue #41).
//
// Usage: contention_scaling [--schedulers heft,dls,bsa,etf,dls-pairs] [--routes engine,earliest]
//                           [--sizes 1000,10000,100000] [--dim 8] [--ports 1] [--repeat 3] [--z 0.1]
//
// Each row schedules one random graph of thesis §6.4 (degrees at most 3, works and data on 1..10,
// seed 2024) on a hypercube of z = 0.1 (E/C about 10; --z 1 gives E/C about 1, the ratio
// `mpnsim dag` takes by default) whose processors have a co-processor and
// `--ports` send and receive ports (0: every port), once with each communication model; the times
// are the best of `--repeat` runs of the scheduler alone in CPU time of the process (graph,
// machine and route tables built once, outside the timing). The exponent is the least-squares slope of log(time) against
// log(tasks) over the sizes: 1 is linear, about 1.1 is N log N over 10^3..10^5.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <time.h>

#include "schedulers/dag/comm_cost.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace {

using namespace mpnsim;

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// CPU seconds of this process: on a machine shared with other jobs, wall-clock time swings
// with their load far more than this does.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Best of `repeat` runs, in CPU seconds; the makespan of the last.
double best_time(const DagProblem& problem, const DagSchedulerEntry& entry, const ParamSet& params, int repeat,
                 double& makespan) {
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeat; ++r) {
    const double t0 = cpu_seconds();
    const Schedule s = entry.schedule(problem, params);
    best = std::min(best, cpu_seconds() - t0);
    makespan = s.makespan();
  }
  return best;
}

// Least-squares slope of log(y) against log(x).
double fitted_exponent(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  const double d = n * sxx - sx * sx;
  return d > 0 ? (n * sxy - sx * sy) / d : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

int main(int argc, char** argv) {
  std::string schedulers = "heft,dls,bsa,etf,dls-pairs", routes = "engine,earliest", sizes = "1000,10000,100000";
  int dim = 8, ports = 1, repeat = 3;
  double z = 0.1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf(
          "Usage: contention_scaling [--schedulers heft,dls,bsa,etf,dls-pairs] [--routes engine,earliest]\n"
          "                          [--sizes 1000,10000,100000] [--dim 8] [--ports 1] [--repeat 3] [--z 0.1]\n"
          "Each scheduler's CPU time with comm: contention beside comm: free on a random DAG (seed 2024) on a\n"
          "d-cube with co-processors and --ports send/receive ports (0: every port), best of --repeat, and\n"
          "the exponent of time against tasks.\n");
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "contention_scaling: %s needs a value\n", a.c_str());
      return 2;
    }
    const char* v = argv[++i];
    if (a == "--schedulers") schedulers = v;
    else if (a == "--routes") routes = v;
    else if (a == "--sizes") sizes = v;
    else if (a == "--dim") dim = std::atoi(v);
    else if (a == "--ports") ports = std::atoi(v);
    else if (a == "--repeat") repeat = std::max(1, std::atoi(v));
    else if (a == "--z") z = std::atof(v);
    else {
      std::fprintf(stderr, "contention_scaling: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  const Topology topology = hypercube(dim);
  const int port_count = ports <= 0 ? kAllPorts : ports;
  const MachineSpec machine = uniform_machine(topology.size(), topology.links(), topology.directed(),
                                              ProcessorSpec{1.0, true, port_count, port_count}, z, 0.0);
  const CommCost comm(machine);
  std::printf("%s, %s ports, z = %g, best of %d (CPU seconds of the scheduler alone)\n", topology.name().c_str(),
              ports <= 0 ? "all" : std::to_string(ports).c_str(), z, repeat);
  std::printf("%-10s %-9s %8s %10s %10s %7s %12s\n", "scheduler", "route", "tasks", "free", "contention", "ratio",
              "makespan");
  std::vector<TaskGraph> graphs;
  std::vector<double> counts;
  for (const std::string& s : split(sizes)) {
    RandomDagParams p;
    p.tasks = std::atoi(s.c_str());
    p.seed = 2024;
    graphs.push_back(generate_random_dag(p));
    counts.push_back(p.tasks);
  }
  for (const std::string& name : split(schedulers)) {
    const DagSchedulerEntry* entry = find_dag_scheduler(name);
    if (!entry) {
      std::fprintf(stderr, "contention_scaling: no scheduler %s\n", name.c_str());
      return 2;
    }
    for (const std::string& route : split(routes)) {
      std::vector<double> free_times, times;
      for (const TaskGraph& g : graphs) {
        DagProblem problem{g, machine, comm};
        problem.options.route = route == "earliest" ? RouteChoice::earliest : RouteChoice::engine;
        double free_makespan = 0, makespan = 0;
        problem.options.model = CommModel::free;
        const ParamSet free_params = resolve_params(entry->params, {{"comm", "free"}, {"route", route}});
        const double free = best_time(problem, *entry, free_params, repeat, free_makespan);
        problem.options.model = CommModel::contention;
        const ParamSet params = resolve_params(entry->params, {{"comm", "contention"}, {"route", route}});
        const double t = best_time(problem, *entry, params, repeat, makespan);
        free_times.push_back(free);
        times.push_back(t);
        std::printf("%-10s %-9s %8d %10.4f %10.4f %6.1fx %12.2f\n", name.c_str(), route.c_str(), g.size(), free, t,
                    t / free, makespan);
        std::fflush(stdout);
      }
      if (times.size() > 1)
        std::printf("%-10s %-9s exponent of time against tasks: free %.2f, contention %.2f\n", name.c_str(),
                    route.c_str(), fitted_exponent(counts, free_times), fitted_exponent(counts, times));
    }
  }
  return 0;
}
