// Writing of a simulated timeline as the files the commands offer.
#include "experiments/output/timeline_files.hpp"

#include <sstream>

#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_file.hpp"

namespace mpnsim {

void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files) {
  if (!files.gantt.empty()) write_file_atomically(files.gantt, gantt_svg(timeline, machine.size(), gantt));
  // Streamed to their files: a trace or timeline of 10^5 tasks is hundreds of megabytes as text.
  if (!files.trace.empty())
    write_output_file(files.trace, [&](std::ostream& out) { write_chrome_trace(timeline, machine, out); });
  if (!files.timeline.empty())
    write_output_file(files.timeline, [&](std::ostream& out) { write_timeline_csv(timeline, out); });
}

}  // namespace mpnsim
