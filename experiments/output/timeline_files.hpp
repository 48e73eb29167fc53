// The timeline files the dlt, tree and dag commands write on request: Gantt SVG, Chrome trace, CSV.
#pragma once

#include <string>

#include "experiments/output/gantt_svg.hpp"
#include "sim/machine_spec.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

struct TimelineFiles {
  std::string gantt;     // SVG path, empty: none
  std::string trace;     // Chrome trace JSON path, empty: none
  std::string timeline;  // CSV path, empty: none
};

// Writes each requested file atomically.
void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files);

}  // namespace mpnsim
