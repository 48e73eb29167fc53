// Per-index colour, dash, point type and fill of plotted curves, bars and boxes.
#include "experiments/output/curve_style.hpp"

#include <array>

namespace mpnsim {

std::string curve_colour(std::size_t i) {
  static constexpr std::array<const char*, 12> kColours{"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                        "#E69F00", "#56B4E9", "#000000", "#882255",
                                                        "#44AA99", "#999933", "#332288", "#888888"};
  return kColours[i % kColours.size()];
}

int curve_dash(std::size_t i) { return static_cast<int>(i % 5) + 1; }

int curve_point(std::size_t i) {
  static constexpr std::array<int, 12> kPoints{6, 4, 8, 12, 10, 2, 1, 3, 7, 5, 9, 13};
  return kPoints[i % kPoints.size()];
}

std::string fill_style(std::size_t i, std::size_t n) {
  if (n <= 1) return "solid 0.45";
  static constexpr std::array<const char*, 8> kFills{"solid 0.45", "pattern 4", "pattern 5", "pattern 1",
                                                     "solid 0.15", "pattern 6", "pattern 7", "pattern 2"};
  return kFills[i % kFills.size()];
}

}  // namespace mpnsim
