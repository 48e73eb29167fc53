// swept_curve_count and plot_cost_problem: a plot's curves and gnuplot's time, before drawing.
#include "experiments/run/plot_estimate.hpp"

#include <fmt/format.h>

namespace mpnsim {

std::uint64_t swept_curve_count(const ExperimentSpec& spec, const std::string& series) {
  std::uint64_t curves = 0;
  bool swept = false;
  for (const SweepBlock& block : spec.points.blocks()) {
    std::uint64_t here = 1;
    for (const SweepAxis& axis : block.axes)
      if (axis.key == series) {
        here = axis.size();
        swept = true;
      }
    curves += here;
  }
  return swept ? curves : 0;
}

std::string plot_cost_problem(std::uint64_t curves, double rows, const std::string& series) {
  const double seconds = static_cast<double>(curves) * rows * kPlotSecondsPerRowRead;
  if (curves <= kMaxPlotCurves && seconds <= kMaxPlotSeconds) return "";
  return fmt::format("series '{}' gives {} curves over {:.0f} rows: gnuplot would take about {:.0f} s (it reads "
                     "results.csv once per curve){}; at most {} curves and {:.0f} s are drawn. Plot against another "
                     "series (a key with fewer values), or leave `series` out and sweep fewer values; the numbers "
                     "are all in results.csv",
                     series, curves, rows, seconds,
                     curves > kMaxPlotCurves ? ", and no legend or eye tells that many curves apart" : "",
                     kMaxPlotCurves, kMaxPlotSeconds);
}

}  // namespace mpnsim
