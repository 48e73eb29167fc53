// The step of the time grid of an instance, and rounding bounds up to it (time_lattice.hpp).
#include "schedulers/dag/optimal/time_lattice.hpp"

#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace mpnsim {

namespace {

constexpr double kGridTol = 1e-9;  // of a step: sums of a few thousand terms stay far within it

// The whole number v / unit, or -1 when v is not within kGridTol of a multiple of unit (or too
// large to count in steps).
std::int64_t steps_of(double v, double unit) {
  const double x = v / unit;
  if (!(x >= 0) || x > 1e12) return -1;
  const double r = std::round(x);
  return std::abs(x - r) <= kGridTol * std::max(1.0, r) ? static_cast<std::int64_t>(r) : -1;
}

}  // namespace

double time_step(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int P = problem.processors();
  std::vector<double> values;
  for (int t = 0; t < g.size(); ++t)
    for (int p = 0; p < P; ++p) values.push_back(problem.exec_time(t, p));
  if (problem.options.model == CommModel::contention) {
    // Messages go hop by hop, each hop taking its link's time (the engine's arithmetic).
    for (const DagEdge& e : g.edges())
      for (const LinkSpec& l : problem.machine.links) values.push_back(l.startup + e.data * l.z * problem.machine.Tcm);
  } else {
    for (int e = 0; e < g.edge_count(); ++e)
      for (int p = 0; p < P; ++p)
        for (int q = 0; q < P; ++q)
          if (p != q) values.push_back(problem.edge_delay(e, p, q));
  }
  for (double unit : {1.0, 0.5, 0.25, 0.2, 0.125, 0.1, 0.0625, 0.05, 0.04, 0.03125, 0.02, 0.01, 0.001}) {
    std::int64_t g_steps = 0;
    bool fits = true;
    for (double v : values) {
      const std::int64_t k = steps_of(v, unit);
      if (k < 0) {
        fits = false;
        break;
      }
      g_steps = std::gcd(g_steps, k);
    }
    if (fits) return g_steps > 0 ? unit * static_cast<double>(g_steps) : 0.0;
  }
  return 0;
}

double round_up_to_step(double b, double step) {
  if (!(step > 0) || !std::isfinite(b)) return b;
  const double x = b / step;
  const double r = std::round(x);
  if (std::abs(x - r) <= kGridTol * std::max(1.0, std::abs(r))) return r * step;
  return std::ceil(x) * step;
}

}  // namespace mpnsim
