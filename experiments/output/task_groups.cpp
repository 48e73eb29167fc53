// The colours of task groups in Gantt charts and traces.
#include "experiments/output/task_groups.hpp"

#include <array>
#include <cmath>

#include <fmt/format.h>

namespace mpnsim {

std::string group_colour(int group) {
  // HSL to RGB with hue g x 137.508 degrees; saturation 0.65; lightness 0.55 or 0.42 in turn.
  const double h = std::fmod(group * 137.50776405003785, 360.0) / 60.0;
  const double s = 0.65, l = group % 2 == 0 ? 0.55 : 0.42;
  const double c = (1 - std::abs(2 * l - 1)) * s;
  const double x = c * (1 - std::abs(std::fmod(h, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(h)) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
  }
  const double m = l - c / 2;
  auto byte = [&](double v) { return static_cast<int>(std::lround((v + m) * 255)); };
  return fmt::format("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b));
}

const char* group_trace_colour(int group) {
  static constexpr std::array<const char*, 10> names{
      "thread_state_running", "rail_response", "thread_state_iowait", "rail_animation", "good",
      "rail_load",            "bad",           "thread_state_runnable", "yellow",       "terrible"};
  return names[static_cast<std::size_t>(group) % names.size()];
}

}  // namespace mpnsim
