// Chrome trace event format writer for timelines.
#include "experiments/output/chrome_trace.hpp"

#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace mpnsim {

void write_chrome_trace(const Timeline& timeline, const MachineSpec& machine, std::ostream& out,
                        const TaskGroups* groups) {
  using json = nlohmann::ordered_json;
  constexpr double kMicros = 1e6;  // one time unit shown as one second
  // {"displayTimeUnit":"ms","traceEvents":[e0,e1,...]} as ordered_json's dump() writes it, each
  // event dumped on its own as it comes.
  out << R"({"displayTimeUnit":"ms","traceEvents":[)";
  bool first = true;
  struct Events {
    std::ostream& out;
    bool& first;
    void push_back(const json& e) {
      if (!first) out << ',';
      first = false;
      out << e.dump();
    }
  } events{out, first};
  auto name_thread = [&](int pid, int tid, const std::string& name) {
    events.push_back({{"ph", "M"}, {"pid", pid}, {"tid", tid}, {"name", "thread_name"}, {"args", {{"name", name}}}});
    events.push_back({{"ph", "M"}, {"pid", pid}, {"tid", tid}, {"name", "thread_sort_index"},
                      {"args", {{"sort_index", tid}}}});
  };
  events.push_back({{"ph", "M"}, {"pid", 1}, {"name", "process_name"}, {"args", {{"name", "processors"}}}});
  events.push_back({{"ph", "M"}, {"pid", 2}, {"name", "process_name"}, {"args", {{"name", "links"}}}});
  for (int p = 0; p < machine.size(); ++p) name_thread(1, p, fmt::format("P{}", p));
  // Link directions that carried something, named "a->b".
  std::map<int, std::pair<int, int>> channels;
  for (const auto& t : timeline.transfers()) {
    const LinkSpec& l = machine.links[static_cast<std::size_t>(t.link)];
    channels.emplace(2 * t.link + (t.from == l.a ? 0 : 1), std::pair{t.from, t.to});
  }
  for (const auto& [c, ends] : channels)
    name_thread(2, c, fmt::format("{}->{}", ends.first, ends.second));
  for (const auto& c : timeline.computes()) {
    const std::string& tag = timeline.tag_name(c.tag);
    int g = groups && groups->group_of ? groups->group_of(tag) : -1;
    if (g >= static_cast<int>(groups ? groups->names.size() : 0)) g = -1;
    if (g < 0) {
      events.push_back({{"ph", "X"}, {"pid", 1}, {"tid", c.processor}, {"name", tag.empty() ? "compute" : tag},
                        {"cat", "compute"}, {"ts", c.start * kMicros}, {"dur", (c.end - c.start) * kMicros},
                        {"args", {{"amount", c.amount}, {"start", c.start}, {"end", c.end}}}});
    } else {
      const std::string& group = groups->names[static_cast<std::size_t>(g)];
      events.push_back({{"ph", "X"}, {"pid", 1}, {"tid", c.processor}, {"name", tag.empty() ? "compute" : tag},
                        {"cat", group}, {"cname", group_trace_colour(g)}, {"ts", c.start * kMicros},
                        {"dur", (c.end - c.start) * kMicros},
                        {"args", {{"amount", c.amount}, {"start", c.start}, {"end", c.end}, {"group", group}}}});
    }
  }
  for (const auto& t : timeline.transfers()) {
    const LinkSpec& l = machine.links[static_cast<std::size_t>(t.link)];
    const int channel = 2 * t.link + (t.from == l.a ? 0 : 1);
    const std::string& tag = timeline.tag_name(t.tag);
    const std::string name = tag.empty() ? fmt::format("message {}", t.message) : tag;
    json args = {{"amount", t.amount}, {"from", t.from}, {"to", t.to}, {"message", t.message},
                 {"hop", t.hop}, {"start", t.start}, {"end", t.end}};
    events.push_back({{"ph", "X"}, {"pid", 2}, {"tid", channel}, {"name", name}, {"cat", "transfer"},
                      {"ts", t.start * kMicros}, {"dur", (t.end - t.start) * kMicros}, {"args", args}});
  }
  out << "]}\n";
}

std::string chrome_trace_json(const Timeline& timeline, const MachineSpec& machine, const TaskGroups* groups) {
  std::ostringstream out;
  write_chrome_trace(timeline, machine, out, groups);
  return out.str();
}

}  // namespace mpnsim
