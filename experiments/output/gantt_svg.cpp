// SVG rendering of timelines as Gantt charts.
#include "experiments/output/gantt_svg.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

namespace mpnsim {

namespace {

constexpr double kLeft = 70, kRight = 30, kTop = 56, kPlotWidth = 900;
// A row's three lanes (receive, compute, send): thin, or with a compute lane tall enough for a
// name when the computations carry names (a DAG's tasks).
struct Lanes {
  double row, top[3], height[3];
};
constexpr Lanes kPlain{21, {1.5, 7.5, 13.5}, {6, 6, 6}};
constexpr Lanes kNamed{31, {1.5, 8, 23.5}, {6, 15, 6}};
constexpr double kNameFont = 9;
constexpr double kNameCharWidth = 0.62 * kNameFont;  // wider than sans-serif's average: a name never spills
constexpr const char* kReceive = "#4e79a7";
constexpr const char* kCompute = "#f28e2b";
constexpr const char* kSend = "#59a14f";
// With tasks coloured by group, a group's hue could be any: messages then go in greys, which no
// group colour (saturation 0.65) is mistaken for.
constexpr const char* kReceiveGrey = "#7f7f7f";
constexpr const char* kSendGrey = "#c2c2c2";
// The groups' legend, under the time axis: entries per row, rows at most.
constexpr int kGroupsPerRow = 6, kGroupRows = 4;
constexpr double kGroupWidth = kPlotWidth / kGroupsPerRow, kGroupRowHeight = 16;

// How many character widths `s` takes (UTF-8): one per character, two for those of three bytes
// or more (CJK among them), which are drawn about twice as wide.
double text_widths(const std::string& s) {
  double w = 0;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if ((u & 0xc0) == 0x80) continue;  // a continuation byte
    w += u >= 0xe0 ? 2 : 1;
  }
  return w;
}

}  // namespace

std::string escape_xml(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // XML 1.0 allows no C0 character but tab and line breaks, not even as a reference:
        // every control character is shown as \xHH text (task names come from input files).
        if (const auto u = static_cast<unsigned char>(c); u < 0x20 || u == 0x7f) out += fmt::format("\\x{:02x}", u);
        else out += c;
    }
  }
  return out;
}

namespace {

// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target` ticks.
double tick_step(double span, int target) {
  if (!(span > 0)) return 1;
  const double raw = span / target;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * mag) return m * mag;
  return 10 * mag;
}

}  // namespace

std::string gantt_svg(const Timeline& timeline, int processors, const GanttOptions& options) {
  const int rows = std::min(processors, std::max(1, options.max_processors));
  const bool named = std::any_of(timeline.computes().begin(), timeline.computes().end(),
                                 [&](const auto& c) { return !timeline.tag_name(c.tag).empty(); });
  const Lanes& lanes = named ? kNamed : kPlain;
  const double row_height = lanes.row;
  double end = 0;
  for (const auto& c : timeline.computes()) end = std::max(end, c.end);
  for (const auto& t : timeline.transfers()) end = std::max(end, t.end);
  if (options.marker) end = std::max(end, *options.marker);
  if (!(end > 0)) end = 1;
  const double scale = kPlotWidth / end;
  // With groups: each computation's group, and the groups the chart shows, in their order.
  const TaskGroups* groups = options.groups && options.groups->group_of ? options.groups.get() : nullptr;
  std::vector<int> group_of_compute;
  std::vector<int> shown_groups;
  if (groups) {
    std::vector<char> seen(groups->names.size(), 0);
    for (const auto& c : timeline.computes()) {
      int g = groups->group_of(timeline.tag_name(c.tag));
      if (g >= static_cast<int>(groups->names.size())) g = -1;
      group_of_compute.push_back(g);
      if (g >= 0 && c.processor < rows && !seen[static_cast<std::size_t>(g)]) seen[static_cast<std::size_t>(g)] = 1;
    }
    for (std::size_t g = 0; g < seen.size(); ++g)
      if (seen[g]) shown_groups.push_back(static_cast<int>(g));
  }
  const int legend_entries = std::min<int>(static_cast<int>(shown_groups.size()), kGroupsPerRow * kGroupRows);
  const int legend_rows = (legend_entries + kGroupsPerRow - 1) / kGroupsPerRow +
                          (static_cast<int>(shown_groups.size()) > legend_entries ? 1 : 0);
  const double height = kTop + rows * row_height + 50 + (legend_rows > 0 ? 12 + legend_rows * kGroupRowHeight + (rows < processors ? 12 : 0) : 0);
  const double width = kLeft + kPlotWidth + kRight;
  auto x = [&](double t) { return kLeft + t * scale; };
  auto row_y = [&](int p) { return kTop + p * row_height; };

  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\" font-family=\"sans-serif\" font-size=\"11\">\n",
      width, height, width, height);
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!options.title.empty())
    s += fmt::format("<text x=\"{}\" y=\"18\" font-size=\"14\">{}</text>\n", kLeft, escape_xml(options.title));
  // Legend.
  double lx = kLeft;
  const std::string compute_label = groups ? fmt::format("compute: by {} (below)", groups->title) : "compute";
  const char* receive_colour = groups ? kReceiveGrey : kReceive;
  const char* send_colour = groups ? kSendGrey : kSend;
  for (auto [name, colour] : {std::pair{std::string("receive"), receive_colour}, std::pair{compute_label, kCompute},
                              std::pair{std::string("send"), send_colour}}) {
    s += fmt::format("<rect x=\"{:.1f}\" y=\"28\" width=\"14\" height=\"10\" fill=\"{}\"/>"
                     "<text x=\"{:.1f}\" y=\"37\">{}</text>\n", lx, colour, lx + 18, escape_xml(name));
    lx += std::max(90.0, 18 + text_widths(name) * 6.5 + 12);
  }
  if (!options.note.empty())
    s += fmt::format("<text x=\"{:.1f}\" y=\"37\" fill=\"#c00\">{}</text>\n", lx, escape_xml(options.note));
  // Rows and labels.
  for (int p = 0; p < rows; ++p) {
    const double y = row_y(p);
    if (p % 2 == 0)
      s += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{}\" fill=\"#f4f4f4\"/>\n", kLeft, y,
                       kPlotWidth, row_height);
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">P{}</text>\n", kLeft - 6,
                     y + row_height / 2 + 4, p);
  }
  // Every bar's tooltip (an SVG <title>) says what it is; a computation's name is also written
  // on its bar where it fits, and only in the tooltip where it does not.
  auto bar = [&](int p, int lane, double a, double b, const char* colour, const std::string& tip,
                 const std::string& name = {}) {
    if (p < 0 || p >= rows) return;
    const double y = row_y(p) + lanes.top[lane];
    const double w = std::max(0.5, (b - a) * scale);
    s += fmt::format("<rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{}\" fill=\"{}\">"
                     "<title>{}</title></rect>\n", x(a), y, w, lanes.height[lane], colour, escape_xml(tip));
    const std::string shown = escape_xml(name);
    if (!name.empty() && text_widths(shown) * kNameCharWidth + 4 <= w)
      s += fmt::format("<text x=\"{:.2f}\" y=\"{:.1f}\" font-size=\"{}\" text-anchor=\"middle\" "
                       "pointer-events=\"none\">{}</text>\n",
                       x(a) + w / 2, y + lanes.height[lane] / 2 + kNameFont * 0.35, kNameFont, shown);
  };
  for (const auto& t : timeline.transfers()) {
    const std::string tip = fmt::format("{} -> {}: {:.6g} units, {:.6g} .. {:.6g}{}", t.from, t.to, t.amount,
                                        t.start, t.end,
                                        timeline.tag_name(t.tag).empty() ? "" : " (" + timeline.tag_name(t.tag) + ")");
    bar(t.to, 0, t.start, t.end, receive_colour, tip);
    bar(t.from, 2, t.start, t.end, send_colour, tip);
  }
  for (std::size_t i = 0; i < timeline.computes().size(); ++i) {
    const auto& c = timeline.computes()[i];
    const std::string& name = timeline.tag_name(c.tag);
    const int g = groups ? group_of_compute[i] : -1;
    const std::string colour = g >= 0 ? group_colour(g) : kCompute;
    bar(c.processor, 1, c.start, c.end, colour.c_str(),
        fmt::format("P{} computes {}{:.6g} units, {:.6g} .. {:.6g}{}", c.processor, name.empty() ? "" : name + ": ",
                    c.amount, c.start, c.end,
                    g >= 0 ? fmt::format(" [{}]", groups->names[static_cast<std::size_t>(g)]) : std::string()),
        name);
  }
  // Time axis.
  const double axis_y = kTop + rows * row_height + 4;
  s += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"black\"/>\n", kLeft, axis_y,
                   kLeft + kPlotWidth, axis_y);
  const double step = tick_step(end, 8);
  for (double t = 0; t <= end * (1 + 1e-12); t += step) {
    s += fmt::format("<line x1=\"{0:.2f}\" y1=\"{1:.1f}\" x2=\"{0:.2f}\" y2=\"{2:.1f}\" stroke=\"black\"/>"
                     "<text x=\"{0:.2f}\" y=\"{3:.1f}\" text-anchor=\"middle\">{4:g}</text>\n",
                     x(t), axis_y, axis_y + 4, axis_y + 16, t);
  }
  s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">time</text>\n",
                   kLeft + kPlotWidth / 2, axis_y + 32);
  if (options.marker) {
    s += fmt::format("<line x1=\"{0:.2f}\" y1=\"{1}\" x2=\"{0:.2f}\" y2=\"{2:.1f}\" stroke=\"#c00\" "
                     "stroke-dasharray=\"4,3\"/><text x=\"{0:.2f}\" y=\"{3}\" fill=\"#c00\" "
                     "text-anchor=\"middle\">{4}</text>\n",
                     x(*options.marker), kTop - 4, axis_y, kTop - 7, escape_xml(options.marker_label));
  }
  if (rows < processors)
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\">processors P{}..P{} not drawn</text>\n", kLeft,
                     axis_y + 44, rows, processors - 1);
  // The groups' legend: a swatch and a name per group the chart shows, the rest counted.
  const double legend_y = axis_y + 50 + (rows < processors ? 12 : 0);
  for (int k = 0; k < legend_entries; ++k) {
    const int g = shown_groups[static_cast<std::size_t>(k)];
    const double gx = kLeft + (k % kGroupsPerRow) * kGroupWidth, gy = legend_y + (k / kGroupsPerRow) * kGroupRowHeight;
    s += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"10\" fill=\"{}\"/>"
                     "<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
                     gx, gy, group_colour(g), gx + 18, gy + 9, escape_xml(groups->names[static_cast<std::size_t>(g)]));
  }
  if (static_cast<int>(shown_groups.size()) > legend_entries)
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\">and {} more {}s (each bar's tooltip names its own)</text>\n", kLeft,
                     legend_y + (legend_rows - 1) * kGroupRowHeight + 9,
                     shown_groups.size() - static_cast<std::size_t>(legend_entries), groups->title);
  s += "</svg>\n";
  return s;
}

}  // namespace mpnsim
