// Reading of an experiment's `outputs:` block and its plots.
#include "experiments/config/output_spec.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"

namespace mpnsim {

namespace {

const std::vector<std::string> kOutputKeys{"csv", "summary", "timeline", "gantt", "trace", "plots"};
const std::vector<std::string> kPlotKeys{"name",   "kind", "x",    "y",         "series",  "title",
                                         "xlabel", "ylabel", "logx", "logy", "errorbars", "mark_min"};

// A plot's text as read, refused when it holds a control character: it goes into a gnuplot
// script (where gnuplot_string escapes it all the same) and onto the plot, where a line break
// or an escape sequence has no business (issue #21, H0).
std::string plot_text(const YamlSource& src, const YAML::Node& node, const std::string& key) {
  std::string text = src.scalar(node, key);
  if (const std::string problem = control_character_problem(text); !problem.empty())
    src.fail(node, key, "expected one line of text without control characters, got " + problem);
  return text;
}

}  // namespace

OutputSpec parse_outputs(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  OutputSpec out;
  out.node = node;
  out.path = path;
  if (!node.IsDefined()) return out;
  src.check_keys(node, path, kOutputKeys);
  if (node["csv"]) out.csv = src.boolean(node["csv"], path + ".csv");
  if (node["summary"]) out.summary = src.boolean(node["summary"], path + ".summary");
  if (node["timeline"]) out.timeline = src.boolean(node["timeline"], path + ".timeline");
  if (node["gantt"]) out.gantt = src.boolean(node["gantt"], path + ".gantt");
  if (node["trace"]) out.trace = src.boolean(node["trace"], path + ".trace");
  if (const YAML::Node plots = node["plots"]) {
    if (!plots.IsSequence()) src.fail(plots, path + ".plots", "expected a list of plots");
    for (std::size_t i = 0; i < plots.size(); ++i) {
      const YAML::Node p = plots[i];
      const std::string where = fmt::format("{}.plots[{}]", path, i);
      src.check_keys(p, where, kPlotKeys);
      PlotSpec plot;
      plot.node = p;
      plot.path = where;
      for (const char* required : {"x", "y"})
        if (!p[required]) src.fail(p, where + "." + required, "required: the CSV column to plot");
      if (p["kind"]) {
        const std::string kind = src.scalar(p["kind"], where + ".kind");
        if (kind == "bar") plot.kind = PlotKind::bar;
        else if (kind == "box") plot.kind = PlotKind::box;
        else if (kind != "line") src.fail(p["kind"], where + ".kind", "expected line, bar or box, got '" + kind + "'");
      }
      plot.x = plot_text(src, p["x"], where + ".x");
      plot.y = plot_text(src, p["y"], where + ".y");
      if (p["series"]) plot.series = plot_text(src, p["series"], where + ".series");
      if (p["name"]) {
        plot.name = src.scalar(p["name"], where + ".name");
        if (!is_portable_name(plot.name))
          src.fail(p["name"], where + ".name", "expected a name of letters, digits, '-', '_' or '.'");
      } else {
        plot.name = portable_name(plot.y + "_vs_" + plot.x);
        std::replace(plot.name.begin(), plot.name.end(), '.', '_');
      }
      if (p["title"]) plot.title = plot_text(src, p["title"], where + ".title");
      plot.xlabel = p["xlabel"] ? plot_text(src, p["xlabel"], where + ".xlabel") : plot.x;
      plot.ylabel = p["ylabel"] ? plot_text(src, p["ylabel"], where + ".ylabel") : plot.y;
      if (p["logx"]) plot.logx = src.boolean(p["logx"], where + ".logx");
      if (p["logy"]) plot.logy = src.boolean(p["logy"], where + ".logy");
      plot.errorbars = plot.kind == PlotKind::bar;
      if (p["errorbars"]) plot.errorbars = src.boolean(p["errorbars"], where + ".errorbars");
      if (p["mark_min"]) plot.mark_min = src.boolean(p["mark_min"], where + ".mark_min");
      // A bar or box plot's x is categories: no log scale, no lowest point along it; a box shows
      // its spread by quartiles, not by an interval.
      if (plot.kind != PlotKind::line)
        for (const char* key : {"logx", "mark_min"})
          if (p[key]) src.fail(p[key], where + "." + key, "not for a bar or box plot, whose x is categories");
      if (plot.kind == PlotKind::bar && p["logy"])
        src.fail(p["logy"], where + ".logy", "not for a bar plot, whose bars stand on 0: use kind: box");
      if (plot.kind == PlotKind::box && p["errorbars"])
        src.fail(p["errorbars"], where + ".errorbars", "not for a box plot, which shows quartiles: use kind: bar");
      for (const auto& other : out.plots)
        if (other.name == plot.name) src.fail(p, where + ".name", "two plots share this name");
      out.plots.push_back(std::move(plot));
    }
  }
  return out;
}

}  // namespace mpnsim
