// Checking a contention-aware schedule's hops against the links, ports and CPUs they hold.
#include "schedulers/dag/link_validity.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include <fmt/format.h>

#include "sim/router.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

bool leq(double a, double b) { return a <= b || times_equal(a, b); }

struct Interval {
  double start, finish;
  int item;  // a hop (>= 0) or a task (-1 - task)
};

// The largest number of intervals open at one instant, [s, f) each. An empty interval at t
// counts with those running across t (started before, ending after): one that ends or
// starts at t is served at the same instant, before or after it, as the engine does.
int most_at_once(const std::vector<Interval>& list, double& when) {
  struct Event {
    double t;
    int order;  // 0: an end, 1: an empty interval, 2: a start
  };
  std::vector<Event> events;
  events.reserve(2 * list.size());
  for (const auto& i : list) {
    if (i.finish > i.start) {
      events.push_back({i.start, 2});
      events.push_back({i.finish, 0});
    } else {
      events.push_back({i.start, 1});
    }
  }
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    return a.t != b.t ? a.t < b.t : a.order < b.order;
  });
  int open = 0, most = 0;
  when = 0;
  for (const auto& e : events) {
    const int now = e.order == 1 ? open + 1 : (open += e.order == 2 ? 1 : -1);
    if (now > most) {
      most = now;
      when = e.t;
    }
  }
  return most;
}

}  // namespace

void check_link_rules(const DagProblem& problem, const Schedule& s, const std::vector<bool>& placed,
                      std::vector<Violation>& out) {
  const TaskGraph& g = problem.graph;
  const MachineSpec& m = problem.machine;
  const int procs = m.size();
  Router router(m);
  auto add = [&](ViolationKind k, std::string text) { out.push_back({k, std::move(text)}); };
  auto label = [&](int edge) {
    const DagEdge& e = g.edge(edge);
    return fmt::format("{} -> {}", g.task(e.from).name, g.task(e.to).name);
  };
  const int hop_total = static_cast<int>(s.hops.size());
  std::vector<bool> hop_ok(s.hops.size(), false);

  for (std::size_t mi = 0; mi < s.messages.size(); ++mi) {
    const ScheduledMessage& msg = s.messages[mi];
    if (msg.edge < 0 || msg.edge >= g.edge_count()) continue;  // reported as a stray message
    const DagEdge& e = g.edge(msg.edge);
    if (!placed[static_cast<std::size_t>(e.from)] || !placed[static_cast<std::size_t>(e.to)]) continue;
    const int hop_count = s.hop_end(mi) - msg.first_hop;
    if (hop_count < 1 || msg.first_hop < 0 || msg.first_hop > hop_total - hop_count) {
      add(ViolationKind::route, fmt::format("message {} names hops {}..{} of {}", label(msg.edge), msg.first_hop,
                                            msg.first_hop + hop_count - 1, hop_total));
      continue;
    }
    const TaskPlacement& producer = s.tasks[static_cast<std::size_t>(e.from)];
    const int consumer = s.tasks[static_cast<std::size_t>(e.to)].processor;
    int at = producer.processor;
    double ready = producer.finish;
    bool route_ok = true;
    for (int k = 0; k < hop_count; ++k) {
      const std::size_t h = static_cast<std::size_t>(msg.first_hop + k);
      const ScheduledHop& hop = s.hops[h];
      const Arc* arc = hop.from >= 0 && hop.from < procs && hop.to >= 0 && hop.to < procs
                           ? router.arc(hop.from, hop.to) : nullptr;
      if (hop.message != static_cast<int>(mi) || hop.from != at || arc == nullptr || arc->channel != hop.channel) {
        add(ViolationKind::route,
            fmt::format("message {}: hop {} goes P{} -> P{} on link direction {}, but the message is at P{}{}",
                        label(msg.edge), k, hop.from, hop.to, hop.channel, at,
                        arc == nullptr ? " and no link joins those processors" : ""));
        route_ok = false;
        break;
      }
      const LinkSpec& link = m.links[static_cast<std::size_t>(arc->link())];
      const double length = link.startup + e.data * link.z * m.Tcm;
      if (!times_equal(hop.finish, hop.start + length))
        add(ViolationKind::route, fmt::format("message {}: hop {} P{} -> P{} runs {} to {}, but takes {}",
                                              label(msg.edge), k, hop.from, hop.to, hop.start, hop.finish, length));
      if (!leq(ready, hop.start))
        add(k == 0 ? ViolationKind::early_departure : ViolationKind::hop_order,
            fmt::format("message {}: hop {} P{} -> P{} starts at {}, before {} at {}", label(msg.edge), k, hop.from,
                        hop.to, hop.start, k == 0 ? std::string(g.task(e.from).name) + " finishes" : "the previous hop ends",
                        ready));
      hop_ok[h] = true;
      ready = hop.finish;
      at = hop.to;
    }
    if (!route_ok) continue;
    if (at != consumer)
      add(ViolationKind::route, fmt::format("message {} ends at P{}, not at the consumer's P{}", label(msg.edge), at,
                                            consumer));
    if (!times_equal(msg.arrive, ready) || !times_equal(msg.depart, s.hops[static_cast<std::size_t>(msg.first_hop)].start))
      add(ViolationKind::route, fmt::format("message {} says it leaves at {} and arrives at {}, its hops run {} to {}",
                                            label(msg.edge), msg.depart, msg.arrive,
                                            s.hops[static_cast<std::size_t>(msg.first_hop)].start, ready));
  }

  // One hop per link direction at a time; then the ports; then the CPUs. One family of lists
  // at a time, each freed before the next is made: the lists of a long schedule's hops (24
  // bytes a hop in each) were most of the check's memory.
  auto hop_text = [&](int h) {
    const ScheduledHop& hop = s.hops[static_cast<std::size_t>(h)];
    return fmt::format("hop {} of {}", h - s.messages[static_cast<std::size_t>(hop.message)].first_hop,
                       label(s.messages[static_cast<std::size_t>(hop.message)].edge));
  };
  auto item_text = [&](int item) { return item >= 0 ? hop_text(item) : "task " + std::string(g.task(-1 - item).name); };
  // No two intervals of one list at once; returns the first pair that are.
  auto first_clash = [](std::vector<Interval>& list) -> std::pair<const Interval*, const Interval*> {
    std::sort(list.begin(), list.end(), [](const Interval& a, const Interval& b) {
      return std::tie(a.start, a.finish) < std::tie(b.start, b.finish);
    });
    const Interval* last = nullptr;
    for (const auto& i : list) {
      // An empty interval clashes only inside another; two empty ones at one instant do not.
      if (last != nullptr && !leq(last->finish, i.start) && last->finish > last->start) return {last, &i};
      if (last == nullptr || i.finish > last->finish) last = &i;
    }
    return {nullptr, nullptr};
  };
  // The checked hops by `key` (a link direction or processor, or -1 to leave one out), one list per key.
  auto lists_by = [&](std::size_t keys, auto key) {
    std::vector<std::vector<Interval>> lists(keys);
    for (int h = 0; h < hop_total; ++h) {
      if (!hop_ok[static_cast<std::size_t>(h)]) continue;
      const ScheduledHop& hop = s.hops[static_cast<std::size_t>(h)];
      if (const int k = key(hop); k >= 0) lists[static_cast<std::size_t>(k)].push_back({hop.start, hop.finish, h});
    }
    return lists;
  };
  {
    std::vector<std::vector<Interval>> channel = lists_by(2 * m.links.size(), [](const ScheduledHop& hop) { return hop.channel; });
    for (std::size_t c = 0; c < channel.size(); ++c) {
      const auto [a, b] = first_clash(channel[c]);
      if (a != nullptr) {
        const LinkSpec& l = m.links[c >> 1];
        const int from = (c & 1) ? l.b : l.a, to = (c & 1) ? l.a : l.b;
        add(ViolationKind::link_busy, fmt::format("link P{} -> P{}: {} ({} to {}) and {} ({} to {}) at once", from, to,
                                                  hop_text(a->item), a->start, a->finish, hop_text(b->item), b->start,
                                                  b->finish));
      }
    }
  }
  // Ports: at most k hops at once out of and into each processor (kAllPorts: no limit). The
  // sends of every processor, then the receives, reported processor by processor.
  struct Busiest {
    int most = 0;
    double when = 0;
  };
  std::vector<Busiest> sending(static_cast<std::size_t>(procs)), receiving(static_cast<std::size_t>(procs));
  {
    std::vector<std::vector<Interval>> sends = lists_by(static_cast<std::size_t>(procs), [&](const ScheduledHop& hop) {
      return m.processors[static_cast<std::size_t>(hop.from)].send_ports != kAllPorts ? hop.from : -1;
    });
    for (int p = 0; p < procs; ++p)
      if (m.processors[static_cast<std::size_t>(p)].send_ports != kAllPorts)
        sending[static_cast<std::size_t>(p)].most = most_at_once(sends[static_cast<std::size_t>(p)], sending[static_cast<std::size_t>(p)].when);
  }
  {
    std::vector<std::vector<Interval>> receives = lists_by(static_cast<std::size_t>(procs), [&](const ScheduledHop& hop) {
      return m.processors[static_cast<std::size_t>(hop.to)].recv_ports != kAllPorts ? hop.to : -1;
    });
    for (int p = 0; p < procs; ++p)
      if (m.processors[static_cast<std::size_t>(p)].recv_ports != kAllPorts)
        receiving[static_cast<std::size_t>(p)].most = most_at_once(receives[static_cast<std::size_t>(p)], receiving[static_cast<std::size_t>(p)].when);
  }
  for (int p = 0; p < procs; ++p) {
    const ProcessorSpec& ps = m.processors[static_cast<std::size_t>(p)];
    const Busiest& out_p = sending[static_cast<std::size_t>(p)];
    const Busiest& in_p = receiving[static_cast<std::size_t>(p)];
    if (ps.send_ports != kAllPorts && out_p.most > ps.send_ports)
      add(ViolationKind::ports, fmt::format("P{} sends {} hops at once at {} with {} send port(s)", p, out_p.most,
                                            out_p.when, ps.send_ports));
    if (ps.recv_ports != kAllPorts && in_p.most > ps.recv_ports)
      add(ViolationKind::ports, fmt::format("P{} receives {} hops at once at {} with {} receive port(s)", p, in_p.most,
                                            in_p.when, ps.recv_ports));
  }
  std::vector<std::vector<Interval>> cpu(static_cast<std::size_t>(procs));
  for (int h = 0; h < hop_total; ++h) {
    if (!hop_ok[static_cast<std::size_t>(h)]) continue;
    const ScheduledHop& hop = s.hops[static_cast<std::size_t>(h)];
    const Interval i{hop.start, hop.finish, h};
    if (!m.processors[static_cast<std::size_t>(hop.from)].coprocessor) cpu[static_cast<std::size_t>(hop.from)].push_back(i);
    if (!m.processors[static_cast<std::size_t>(hop.to)].coprocessor) cpu[static_cast<std::size_t>(hop.to)].push_back(i);
  }
  // Without a co-processor the CPU also sends and receives: its tasks and hops do not overlap.
  for (int t = 0; t < g.size(); ++t) {
    if (!placed[static_cast<std::size_t>(t)]) continue;
    const TaskPlacement& x = s.tasks[static_cast<std::size_t>(t)];
    if (!m.processors[static_cast<std::size_t>(x.processor)].coprocessor && !cpu[static_cast<std::size_t>(x.processor)].empty())
      cpu[static_cast<std::size_t>(x.processor)].push_back({x.start, x.finish, -1 - t});
  }
  for (int p = 0; p < procs; ++p) {
    if (cpu[static_cast<std::size_t>(p)].empty()) continue;
    const auto [a, b] = first_clash(cpu[static_cast<std::size_t>(p)]);
    if (a != nullptr)
      add(ViolationKind::overlap, fmt::format("P{} has no co-processor, but {} ({} to {}) and {} ({} to {}) use its CPU "
                                              "at once", p, item_text(a->item), a->start, a->finish, item_text(b->item),
                                              b->start, b->finish));
  }
}

}  // namespace mpnsim
