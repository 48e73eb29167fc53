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

// Why the Gantt chart of `timeline` would not be opened by any viewer (its SVG past 256 MiB), with
// the timeline outputs to use instead; empty when it can be drawn.
std::string gantt_size_problem(const Timeline& timeline);

// The Gantt chart of one point of an experiment (outputs.gantt): the SVG, or, where
// gantt_size_problem speaks, a small SVG that says so in its place (a long run is not failed
// for one chart; the command line refuses instead, before writing anything).
std::string point_gantt_svg(const Timeline& timeline, int processors, const GanttOptions& gantt);

// Writes each requested file atomically. Throws ParamError("gantt") where gantt_size_problem speaks.
void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files);

}  // namespace mpnsim
