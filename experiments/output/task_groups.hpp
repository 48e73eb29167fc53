// Computations grouped for colour (a stream's workflows): one colour per group, named in a legend.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mpnsim {

// A Gantt chart (gantt_svg.hpp) and a trace (chrome_trace.hpp) given groups colour each
// computation by its group instead of one colour for all: the tasks of one workflow alike, and
// the legend (or the trace's category) says which workflow each colour is.
struct TaskGroups {
  // The group of a computation, from its name (the timeline's tag); -1 for none.
  std::function<int(std::string_view name)> group_of;
  std::vector<std::string> names;  // per group: its label in the legend, e.g. "w3: random-dag"
  std::string title = "group";     // what a group is, e.g. "workflow"
};

// The fill colour of group g, "#rrggbb": hues a golden angle apart, so that neighbouring groups
// (workflows that arrive one after the other) differ most, at two lightnesses in turn.
std::string group_colour(int group);

// A colour name of Chrome's trace viewer (its `cname` field) for group g, cycling through the
// reserved names that are most unlike one another.
const char* group_trace_colour(int group);

}  // namespace mpnsim
