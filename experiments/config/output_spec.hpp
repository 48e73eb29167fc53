// An experiment's `outputs:` block as read: which files a run writes, and its plots.
#pragma once

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "experiments/config/yaml_source.hpp"

namespace mpnsim {

// line: y against a numeric x, one curve per series value. bar and box: one bar (the mean and its
// 95 % interval) or box (quartiles, whiskers, outliers) per value of x, a text or numeric column
// read as categories, and per series value side by side within it.
enum class PlotKind { line, bar, box };

struct PlotSpec {
  std::string name;    // file stem: <name>.png, <name>.svg, <name>.gp
  PlotKind kind = PlotKind::line;
  std::string x, y;    // CSV columns
  std::string series;  // CSV column giving one curve per value ("" = one curve)
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  bool errorbars = false;  // draw the 95 % interval of y (<y>_ci95, or over the rows); a bar plot's default
  bool mark_min = false;   // mark each curve's lowest point (a best m, a best order)
  // Where the plot stands in the file and its dotted key ("outputs.plots[0]"), so that checks
  // made once the columns are known can point at the key.
  YAML::Node node;
  std::string path;
};

struct OutputSpec {
  bool csv = true;
  bool summary = true;
  bool timeline = false;  // per-point timeline CSV, for kinds that simulate
  bool gantt = false;     // per-point Gantt chart (SVG), for kinds that simulate
  bool trace = false;     // per-point Chrome trace JSON (Perfetto), for kinds that simulate
  std::vector<PlotSpec> plots;
  YAML::Node node;        // the `outputs:` mapping (undefined when absent)
  std::string path;       // its dotted key
};

// Reads `outputs:` (keys, types, plot names); the columns are checked against the kind later.
OutputSpec parse_outputs(const YamlSource& src, const YAML::Node& node, const std::string& path);

}  // namespace mpnsim
