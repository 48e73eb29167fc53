// Writing of a simulated timeline as the files the commands offer.
#include "experiments/output/timeline_files.hpp"

#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

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

std::string gantt_size_problem(const Timeline& timeline) {
  const double bytes = gantt_bytes(timeline);
  if (bytes <= kMaxGanttBytes) return "";
  return fmt::format("the chart of {} intervals would be about {} of SVG, past {}, which no browser or SVG viewer "
                     "opens: write the timeline as a trace instead (Perfetto, ui.perfetto.dev, opens traces this "
                     "large), or as CSV",
                     timeline.computes().size() + timeline.transfers().size(), bytes_text(bytes),
                     bytes_text(kMaxGanttBytes));
}

std::string point_gantt_svg(const Timeline& timeline, int processors, const GanttOptions& gantt) {
  const std::string problem = gantt_size_problem(timeline);
  if (problem.empty()) return gantt_svg(timeline, processors, gantt);
  spdlog::warn("outputs.gantt: {}; set outputs.trace or outputs.timeline", problem);
  // The problem's text is mpnsim's own (numbers and words): nothing to escape.
  return fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"60\">"
                     "<text x=\"10\" y=\"30\" font-family=\"sans-serif\" font-size=\"12\">No chart: {}; set "
                     "outputs.trace or outputs.timeline.</text></svg>\n",
                     problem);
}

void write_timeline_files(const Timeline& timeline, const MachineSpec& machine, const GanttOptions& gantt,
                          const TimelineFiles& files) {
  // Judged before any file is written, so that a refusal leaves none of them behind.
  if (!files.gantt.empty())
    if (const std::string problem = gantt_size_problem(timeline); !problem.empty())
      throw ParamError("gantt", problem + ": --trace FILE, or --timeline FILE");
  if (!files.gantt.empty()) write_file_atomically(files.gantt, gantt_svg(timeline, machine.size(), gantt));
  // Streamed to their files: a trace or timeline of 10^5 tasks is hundreds of megabytes as text.
  if (!files.trace.empty())
    write_output_file(files.trace, [&](std::ostream& out) { write_chrome_trace(timeline, machine, out); });
  if (!files.timeline.empty())
    write_output_file(files.timeline, [&](std::ostream& out) { write_timeline_csv(timeline, out); });
}

}  // namespace mpnsim
