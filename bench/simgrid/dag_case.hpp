// The DAG cases of bench/compare_simgrid: a generated graph scheduled by mpnsim, written as a schedule file.
#pragma once

#include <cstdint>
#include <string>

namespace mpnsim::bench {

struct DagCase {
  std::string scheduler;  // an mpnsim DAG scheduler: heft, lps, ...
  int dim = 6;            // the hypercube's dimension
  int tasks = 10000;
  std::uint64_t seed = 2024;
  // Link time per unit (Tcm = 1) and startup per hop. The tasks' work and the data are 1..10
  // (w = 1, Tcp = 1): at z = 0.5 most tasks of a HEFT schedule are delayed by link contention.
  double z = 0.5;
  double latency = 0.01;

  std::string label() const;
};

// Generates the thesis's random DAG (degrees <= 3, work and data drawn as reals on
// 1..10, so that no two events coincide but by construction), rounds every edge's
// data to a whole number of bytes of the file's unit, schedules it with the
// scheduler on the d-cube (w = 1, co-processors, a port per link) and writes the
// graph, the schedule and every message's route (mpnsim's Router) to `path`.
void write_dag_case(const DagCase& c, const std::string& path);

}  // namespace mpnsim::bench
