// Writing of a simulated timeline as the files the commands offer.
#include "experiments/output/timeline_files.hpp"

#include <sstream>

#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/output_directory.hpp"

namespace mpnsim {

void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files) {
  if (!files.gantt.empty()) write_file_atomically(files.gantt, gantt_svg(timeline, machine.size(), gantt));
  if (!files.trace.empty()) write_file_atomically(files.trace, chrome_trace_json(timeline, machine));
  if (!files.timeline.empty()) {
    std::ostringstream csv;
    write_timeline_csv(timeline, csv);
    write_file_atomically(files.timeline, csv.str());
  }
}

}  // namespace mpnsim
