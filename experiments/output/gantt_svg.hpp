// Gantt charts of a timeline as SVG: per processor, receive, compute and send bars on one time axis.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "experiments/output/task_groups.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

struct GanttOptions {
  std::string title;
  int max_processors = 64;              // rows drawn; the rest are named in a note
  std::optional<double> marker;         // a vertical line, e.g. the analytic finish time
  std::string marker_label = "T";
  std::string note;  // a line beside the legend, e.g. that only some processors take part
  // When set, computations are coloured by group (a stream's workflows), and a legend under
  // the time axis names the groups' colours.
  std::shared_ptr<const TaskGroups> groups;
};

// Draws the timeline of `processors` processors the way the divisible-load
// papers do: one row per processor with three lanes (receiving, computing,
// sending), a time axis and a legend. Every bar has a tooltip (SVG <title>); computations with
// a name (a DAG's tasks: the timeline's tags) get a taller lane with the name written on the bar
// where it fits, and in the tooltip alone where it does not. Names are escaped (escape_xml).
std::string gantt_svg(const Timeline& timeline, int processors, const GanttOptions& options);

// `s` as XML text or attribute value: markup characters as entities, control characters
// (which XML 1.0 does not allow) as visible \xHH text.
std::string escape_xml(const std::string& s);

}  // namespace mpnsim
