// Checking a DAG schedule edge by edge, processor by processor, with the shared time tolerance.
#include "schedulers/dag/schedule_validity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "schedulers/dag/link_validity.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

// a <= b up to the shared relative tolerance.
bool leq(double a, double b) { return a <= b || times_equal(a, b); }

// How many steps ahead a loop asks for what it will read.
constexpr std::size_t kAhead = 8;

}  // namespace

const char* to_string(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::unplaced: return "unplaced";
    case ViolationKind::duration: return "duration";
    case ViolationKind::precedence: return "precedence";
    case ViolationKind::missing_message: return "missing_message";
    case ViolationKind::stray_message: return "stray_message";
    case ViolationKind::early_departure: return "early_departure";
    case ViolationKind::fast_message: return "fast_message";
    case ViolationKind::early_start: return "early_start";
    case ViolationKind::overlap: return "overlap";
    case ViolationKind::distance: return "distance";
    case ViolationKind::route: return "route";
    case ViolationKind::hop_order: return "hop_order";
    case ViolationKind::link_busy: return "link_busy";
    case ViolationKind::ports: return "ports";
  }
  return "?";
}

bool ValidityReport::has(ViolationKind kind) const {
  return std::any_of(violations.begin(), violations.end(), [&](const Violation& v) { return v.kind == kind; });
}

ValidityReport check_schedule(const DagProblem& problem, const Schedule& s, const ValidityRules& rules,
                              const ProcessorOrder* given_order) {
  const TaskGraph& g = problem.graph;
  const int n = g.size();
  const int procs = problem.processors();
  check_costs_fit(g, problem.machine);
  ValidityReport report;
  auto add = [&](ViolationKind k, std::string text) { report.violations.push_back({k, std::move(text)}); };
  auto name = [&](int t) { return g.task(t).name; };
  // Made only for a violation's text: a valid schedule of 10^5 tasks would format 4 10^5 of them.
  auto edge_label = [&](const DagEdge& e) { return fmt::format("{} -> {}", name(e.from), name(e.to)); };

  if (static_cast<int>(s.tasks.size()) != n || s.processors != procs) {
    add(ViolationKind::unplaced, fmt::format("the schedule covers {} tasks on {} processors; the problem has {} tasks "
                                             "on {} processors", s.tasks.size(), s.processors, n, procs));
    return report;
  }
  std::vector<bool> ok(static_cast<std::size_t>(n), true);
  bool all_ok = true;  // then the loops below need not read ok at random (its bits are 1.25 MB at 10^7 tasks)
  auto placed = [&](int t) { return all_ok || ok[static_cast<std::size_t>(t)]; };
  for (int t = 0; t < n; ++t) {
    const TaskPlacement& p = s.tasks[static_cast<std::size_t>(t)];
    if (p.processor < 0 || p.processor >= procs || !std::isfinite(p.start) || !std::isfinite(p.finish) ||
        !leq(0.0, p.start)) {
      ok[static_cast<std::size_t>(t)] = false;
      all_ok = false;
      add(ViolationKind::unplaced, fmt::format("task {} is not placed (processor {}, start {})", name(t), p.processor,
                                               p.start));
      continue;
    }
    const double expected = problem.exec_time(t, p.processor);
    // Compared as times, at the scale of the finish: a short task late in a long schedule
    // ends at start + duration rounded to that scale (issue #12, F8), so finish - start may
    // differ from the duration by more than the tolerance of the duration, never of the time.
    if (!times_equal(p.finish, p.start + expected))
      add(ViolationKind::duration, fmt::format("task {} on P{} runs {} to {} ({} long) but takes {}", name(t),
                                               p.processor, p.start, p.finish, p.finish - p.start, expected));
  }

  // The loops below read a random DAG's edges, tasks and messages at random places: each asks
  // a few steps ahead for what a later step reads (in two stages where an address needs a
  // value read first), so that the misses overlap (check 25 -> 18 ms on 10^5 tasks, 8-cube).
  const auto edges = static_cast<std::size_t>(g.edge_count());
  auto prefetch_ends = [&](const DagEdge& e) {
    __builtin_prefetch(&s.tasks[static_cast<std::size_t>(e.from)]);
    __builtin_prefetch(&s.tasks[static_cast<std::size_t>(e.to)]);
  };
  auto valid_edge = [&](int e) { return e >= 0 && static_cast<std::size_t>(e) < edges; };

  // Messages: at most one per edge whose tasks run on two processors (it goes between those).
  std::vector<int> message_of(edges, -1);
  auto messages_in_full = [&] {
    for (std::size_t i = 0; i < s.messages.size(); ++i) {
      if (i + 2 * kAhead < s.messages.size() && valid_edge(s.messages[i + 2 * kAhead].edge)) {
        // The edge's slot in message_of too: written at random, it was a third of the check's
        // time at 10^7 tasks (57 MB of slots; perf, LPS on the 8-cube), and needs only the edge's number.
        const auto edge = static_cast<std::size_t>(s.messages[i + 2 * kAhead].edge);
        __builtin_prefetch(&g.edge(static_cast<int>(edge)));
        __builtin_prefetch(&message_of[edge], 1);
      }
      if (i + kAhead < s.messages.size() && valid_edge(s.messages[i + kAhead].edge))
        prefetch_ends(g.edge(s.messages[i + kAhead].edge));
      const ScheduledMessage& m = s.messages[i];
      if (m.edge < 0 || m.edge >= g.edge_count()) {
        add(ViolationKind::stray_message, fmt::format("message #{} names no edge ({})", i, m.edge));
        continue;
      }
      const DagEdge& e = g.edge(m.edge);
      const auto label = [&] { return edge_label(e); };
      if (!placed(e.from) || !placed(e.to)) continue;
      const int pu = s.tasks[static_cast<std::size_t>(e.from)].processor;
      const int pv = s.tasks[static_cast<std::size_t>(e.to)].processor;
      if (pu == pv) {
        add(ViolationKind::stray_message, fmt::format("message for edge {}: both tasks run on P{}", label(), pu));
      } else if (message_of[static_cast<std::size_t>(m.edge)] >= 0) {
        add(ViolationKind::stray_message, fmt::format("edge {} has two messages", label()));
      } else {
        message_of[static_cast<std::size_t>(m.edge)] = static_cast<int>(i);
      }
    }
  };
  // When every task is placed, a first pass only notes each message's edge, and the
  // precedence pass below finds a message between two tasks on one processor (where it reads
  // message_of in order): the message pass then reads no edge and no placement, two random
  // reads of 240 MB of placements a message at 10^7 tasks. A message that names no edge, a
  // second message of an edge, or one between tasks on one processor is a violation: then
  // both passes are made again in full, as they were (the same violations in the same order).
  // An edge's slot is asked for ahead as in the full pass.
  auto messages_noted = [&] {
    for (std::size_t i = 0; i < s.messages.size(); ++i) {
      if (i + 2 * kAhead < s.messages.size() && valid_edge(s.messages[i + 2 * kAhead].edge))
        __builtin_prefetch(&message_of[static_cast<std::size_t>(s.messages[i + 2 * kAhead].edge)], 1);
      const int e = s.messages[i].edge;
      if (!valid_edge(e) || message_of[static_cast<std::size_t>(e)] >= 0) return false;
      message_of[static_cast<std::size_t>(e)] = static_cast<int>(i);
    }
    return true;
  };

  // Precedence with communication delay, edge by edge. With the minimum-distance rule, each
  // task's hops from its nearest placed predecessor too, while both placements are at hand.
  std::vector<int> nearest;
  // `noted`: the messages were only noted (above); false when a noted message turns out to lie
  // between two tasks on one processor.
  auto precedence = [&](bool noted) {
    if (rules.max_hops_from_predecessor) nearest.assign(static_cast<std::size_t>(n), std::numeric_limits<int>::max());
    for (int ei = 0; ei < g.edge_count(); ++ei) {
      if (const auto ahead = static_cast<std::size_t>(ei) + kAhead; ahead < edges) {
        const DagEdge& later = g.edge(static_cast<int>(ahead));
        prefetch_ends(later);
        // And the consumer's nearest distance, written at random (40 MB at 10^7 tasks): the other
        // third of the check's time there before it was asked for.
        if (!nearest.empty()) __builtin_prefetch(&nearest[static_cast<std::size_t>(later.to)], 1);
        if (const int mi = message_of[ahead]; mi >= 0) __builtin_prefetch(&s.messages[static_cast<std::size_t>(mi)]);
      }
      const DagEdge& e = g.edge(ei);
      if (!placed(e.from) || !placed(e.to)) continue;
      const TaskPlacement& u = s.tasks[static_cast<std::size_t>(e.from)];
      const TaskPlacement& v = s.tasks[static_cast<std::size_t>(e.to)];
      if (!nearest.empty()) {
        int& near = nearest[static_cast<std::size_t>(e.to)];
        near = std::min(near, problem.comm.hops(u.processor, v.processor));
      }
      const auto label = [&] { return edge_label(e); };
      if (u.processor == v.processor) {
        if (noted && message_of[static_cast<std::size_t>(ei)] >= 0) return false;
        if (!leq(u.finish, v.start))
          add(ViolationKind::precedence, fmt::format("edge {} on P{}: {} starts at {} before {} finishes at {}", label(),
                                                     u.processor, name(e.to), v.start, name(e.from), u.finish));
        continue;
      }
      const int mi = message_of[static_cast<std::size_t>(ei)];
      if (mi < 0) {
        add(ViolationKind::missing_message, fmt::format("edge {} crosses P{} -> P{} without a message", label(),
                                                        u.processor, v.processor));
        continue;
      }
      const ScheduledMessage& m = s.messages[static_cast<std::size_t>(mi)];
      if (!leq(u.finish, m.depart))
        add(ViolationKind::early_departure, fmt::format("message {} leaves P{} at {} before {} finishes at {}", label(),
                                                        u.processor, m.depart, name(e.from), u.finish));
      const double delay = problem.edge_delay(ei, u.processor, v.processor);
      // A contention-aware message is checked hop by hop (check_link_rules): its route may
      // differ from the engine's, and so may its delay on heterogeneous links.
      if (!s.contention_aware && !leq(m.depart + delay, m.arrive))
        add(ViolationKind::fast_message,
            fmt::format("message {} P{} -> P{} ({} hops) arrives at {}, {} after leaving; its route takes {}", label(),
                        u.processor, v.processor, problem.comm.hops(u.processor, v.processor), m.arrive,
                        m.arrive - m.depart, delay));
      if (!leq(m.arrive, v.start))
        add(ViolationKind::early_start, fmt::format("{} starts on P{} at {} before the data of edge {} arrives at {}",
                                                    name(e.to), v.processor, v.start, label(), m.arrive));
    }
    return true;
  };
  const std::size_t violations_before = report.violations.size();
  if (!(all_ok && messages_noted() && precedence(true))) {
    report.violations.erase(report.violations.begin() + static_cast<std::ptrdiff_t>(violations_before),
                            report.violations.end());
    std::fill(message_of.begin(), message_of.end(), -1);
    messages_in_full();
    precedence(false);
  }

  if (s.contention_aware) check_link_rules(problem, s, ok, report.violations);

  // No overlap: each task starts once everything before it on its processor is done.
  ProcessorOrder made;
  if (!given_order) made = s.processor_order();
  const ProcessorOrder& order = given_order ? *given_order : made;
  for (int p = 0; p < procs; ++p) {
    double busy_until = -std::numeric_limits<double>::infinity();
    int last = -1;
    const std::vector<int>& tasks = order[static_cast<std::size_t>(p)];
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      // A processor's tasks lie anywhere in the schedule's placements (a tenth of the check's
      // time at 10^7 tasks before they were asked for ahead).
      if (i + kAhead < tasks.size()) __builtin_prefetch(&s.tasks[static_cast<std::size_t>(tasks[i + kAhead])]);
      const int t = tasks[i];
      if (!placed(t)) continue;
      const TaskPlacement& x = s.tasks[static_cast<std::size_t>(t)];
      if (last >= 0 && !leq(busy_until, x.start))
        add(ViolationKind::overlap, fmt::format("P{}: {} starts at {} while {} runs until {}", p, name(t), x.start,
                                                name(last), busy_until));
      if (x.finish > busy_until) {
        busy_until = x.finish;
        last = t;
      }
    }
  }

  // The minimum-distance property (thesis §6.3): the hops from the nearest placed predecessor
  // (found above), or from the entry processor for a task without predecessors.
  if (rules.max_hops_from_predecessor) {
    const int limit = *rules.max_hops_from_predecessor;
    for (int t = 0; t < n; ++t) {
      if (!placed(t)) continue;
      const int p = s.tasks[static_cast<std::size_t>(t)].processor;
      const bool entry = g.in_edges(t).empty();
      const int hops = entry ? problem.comm.hops(rules.entry_processor, p) : nearest[static_cast<std::size_t>(t)];
      if (hops == std::numeric_limits<int>::max() || hops <= limit) continue;
      const std::string from = entry ? fmt::format("the entry processor P{}", rules.entry_processor)
                                     : std::string("the processor of any predecessor");
      add(ViolationKind::distance,
          fmt::format("{} runs on P{}, {} hops from {} (at most {} allowed)", name(t), p, hops, from, limit));
    }
  }
  return report;
}

}  // namespace mpnsim
