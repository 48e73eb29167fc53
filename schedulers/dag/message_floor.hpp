// The least time a message of some size takes between two processors, for the lower bounds.
#pragma once

#include <algorithm>
#include <limits>

#include "sim/machine_spec.hpp"

namespace mpnsim {

// min S and min z * Tcm over the links: a message of d units takes at least s + d * z between
// two processors, since its route has a hop (the least S and the least z may sit on different
// links: their sum is at most any hop's). Infinite on one processor, where no message can leave.
struct MessageFloor {
  double s = std::numeric_limits<double>::infinity();
  double z = std::numeric_limits<double>::infinity();
  explicit MessageFloor(const MachineSpec& machine) {
    if (machine.size() < 2) return;
    for (const LinkSpec& l : machine.links) {
      s = std::min(s, l.startup);
      z = std::min(z, l.z * machine.Tcm);
    }
  }
  double time(double data) const { return s == std::numeric_limits<double>::infinity() ? s : s + data * z; }
};

}  // namespace mpnsim
