// Writing of a simulated timeline as the files the commands offer.
#include "experiments/output/timeline_files.hpp"

#include <sstream>

#include <fmt/format.h>

#include "experiments/config/work_limits.hpp"
#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_file.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

namespace {

// Past this an SVG opens in no browser or viewer tried (Firefox and Chromium give up, or take
// minutes, on SVGs of a few hundred megabytes of elements; Inkscape runs out of memory).
constexpr double kMaxGanttBytes = 256.0 * 1024 * 1024;

// About what gantt_svg writes: a <rect> with its <title> is 130-190 bytes; a transfer is drawn
// twice (sender and receiver).
double gantt_bytes(const Timeline& timeline) {
  return 170.0 * (static_cast<double>(timeline.computes().size()) + 2.0 * static_cast<double>(timeline.transfers().size()));
}

}  // namespace

void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files) {
  // Judged before any file is written, so that a refusal leaves none of them behind.
  if (!files.gantt.empty())
    if (const double bytes = gantt_bytes(timeline); bytes > kMaxGanttBytes)
      throw ParamError("gantt", fmt::format("the chart of {} intervals would be about {} of SVG, past {}, which no "
                                            "browser or SVG viewer opens: write the timeline with --trace FILE "
                                            "instead (Perfetto, ui.perfetto.dev, opens traces this large), or "
                                            "--timeline FILE as CSV",
                                            timeline.computes().size() + timeline.transfers().size(),
                                            bytes_text(bytes), bytes_text(kMaxGanttBytes)));
  if (!files.gantt.empty()) write_file_atomically(files.gantt, gantt_svg(timeline, machine.size(), gantt));
  // Streamed to their files: a trace or timeline of 10^5 tasks is hundreds of megabytes as text.
  if (!files.trace.empty())
    write_output_file(files.trace, [&](std::ostream& out) { write_chrome_trace(timeline, machine, out); });
  if (!files.timeline.empty())
    write_output_file(files.timeline, [&](std::ostream& out) { write_timeline_csv(timeline, out); });
}

}  // namespace mpnsim
