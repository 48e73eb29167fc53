// The schedule checker's messages and precedence against a plain reference: every message's
// rules in the messages' order, then every edge's in the edges' order, written here without the
// checker's shortcut (when every task is placed, a first pass only notes each message's edge, and
// both passes are made again in full on the first stray message). On HEFT and LPS schedules of
// random graphs, as made and with messages added, doubled, dropped, misnamed and tasks moved,
// the violations must be the same, kind for kind, text for text, in the same order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_validity.hpp"
#include "sim/time_tolerance.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/dag_generator.hpp"

namespace mpnsim {
namespace {

bool leq(double a, double b) { return a <= b || times_equal(a, b); }

// The kinds and texts of the message and precedence rules (free model, no distance rule).
std::vector<std::string> reference_violations(const DagProblem& problem, const Schedule& s) {
  const TaskGraph& g = problem.graph;
  std::vector<std::string> out;
  auto name = [&](int t) { return g.task(t).name; };
  auto label = [&](const DagEdge& e) { return fmt::format("{} -> {}", name(e.from), name(e.to)); };
  auto placed = [&](int t) {
    const TaskPlacement& p = s.tasks[static_cast<std::size_t>(t)];
    return p.processor >= 0 && p.processor < s.processors && std::isfinite(p.start) && std::isfinite(p.finish) &&
           leq(0.0, p.start);
  };
  std::vector<int> message_of(static_cast<std::size_t>(g.edge_count()), -1);
  for (std::size_t i = 0; i < s.messages.size(); ++i) {
    const ScheduledMessage& m = s.messages[i];
    if (m.edge < 0 || m.edge >= g.edge_count()) {
      out.push_back(fmt::format("stray_message: message #{} names no edge ({})", i, m.edge));
      continue;
    }
    const DagEdge& e = g.edge(m.edge);
    if (!placed(e.from) || !placed(e.to)) continue;
    const int pu = s.tasks[static_cast<std::size_t>(e.from)].processor;
    const int pv = s.tasks[static_cast<std::size_t>(e.to)].processor;
    if (pu == pv)
      out.push_back(fmt::format("stray_message: message for edge {}: both tasks run on P{}", label(e), pu));
    else if (message_of[static_cast<std::size_t>(m.edge)] >= 0)
      out.push_back(fmt::format("stray_message: edge {} has two messages", label(e)));
    else
      message_of[static_cast<std::size_t>(m.edge)] = static_cast<int>(i);
  }
  for (int ei = 0; ei < g.edge_count(); ++ei) {
    const DagEdge& e = g.edge(ei);
    if (!placed(e.from) || !placed(e.to)) continue;
    const TaskPlacement& u = s.tasks[static_cast<std::size_t>(e.from)];
    const TaskPlacement& v = s.tasks[static_cast<std::size_t>(e.to)];
    if (u.processor == v.processor) {
      if (!leq(u.finish, v.start)) out.push_back("precedence " + label(e));
      continue;
    }
    const int mi = message_of[static_cast<std::size_t>(ei)];
    if (mi < 0) {
      out.push_back("missing_message " + label(e));
      continue;
    }
    const ScheduledMessage& m = s.messages[static_cast<std::size_t>(mi)];
    if (!leq(u.finish, m.depart)) out.push_back("early_departure " + label(e));
    if (!leq(m.depart + problem.edge_delay(ei, u.processor, v.processor), m.arrive)) out.push_back("fast_message " + label(e));
    if (!leq(m.arrive, v.start)) out.push_back("early_start " + label(e));
  }
  return out;
}

// The checker's violations of those kinds, in the reference's words where the reference keeps
// only the kind and edge (the message texts are compared whole).
std::vector<std::string> checker_violations(const DagProblem& problem, const Schedule& s) {
  std::vector<std::string> out;
  for (const Violation& v : check_schedule(problem, s).violations) {
    switch (v.kind) {
      case ViolationKind::stray_message: out.push_back("stray_message: " + v.text); break;
      case ViolationKind::precedence:
      case ViolationKind::missing_message:
      case ViolationKind::early_departure:
      case ViolationKind::fast_message:
      case ViolationKind::early_start: {
        // "... edge A -> B ..." or "... the data of edge A -> B arrives" or "message A -> B ...":
        // the edge's label is the first "X -> Y" in the text.
        const auto arrow = v.text.find(" -> ");
        const auto from = v.text.rfind(' ', arrow - 1) + 1;
        const auto to_end = v.text.find(' ', arrow + 4);
        out.push_back(std::string(to_string(v.kind)) + " " + v.text.substr(from, to_end - from));
        break;
      }
      default: break;  // durations, overlaps: rules the reference does not make
    }
  }
  return out;
}

TEST(ScheduleValidityReference, MessagesAndPrecedenceAsAPlainCheckGivesThem) {
  int schedules = 0, with_violations = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    RandomDagParams params;
    params.tasks = 60 + static_cast<int>(seed) * 7;
    params.seed = seed;
    const testing::ProblemBox box(generate_random_dag(params), testing::dag_machine(hypercube(3), 0.5, 0.1));
    const DagProblem problem = box.problem();
    const Schedule made = seed % 2 ? schedule_heft(problem) : schedule_lps(problem);
    std::mt19937_64 rng(seed);
    for (int mutation = 0; mutation < 40; ++mutation) {
      Schedule s = made;
      const auto pick = [&](std::size_t size) { return static_cast<std::size_t>(rng() % std::max<std::size_t>(size, 1)); };
      const int changes = mutation == 0 ? 0 : 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < changes; ++c) {
        switch (rng() % 7) {
          case 0:  // a message for an edge whose tasks share a processor, anywhere in the list
            for (int e = 0; e < problem.graph.edge_count(); ++e) {
              const DagEdge& edge = problem.graph.edge(static_cast<int>(pick(static_cast<std::size_t>(problem.graph.edge_count()))));
              if (s.tasks[static_cast<std::size_t>(edge.from)].processor == s.tasks[static_cast<std::size_t>(edge.to)].processor) {
                const int id = static_cast<int>(&edge - problem.graph.edges().data());
                s.messages.insert(s.messages.begin() + static_cast<std::ptrdiff_t>(pick(s.messages.size() + 1)),
                                  ScheduledMessage(id, s.tasks[static_cast<std::size_t>(edge.from)].finish,
                                                   s.tasks[static_cast<std::size_t>(edge.to)].start));
                break;
              }
            }
            break;
          case 1:  // a message twice
            if (!s.messages.empty()) s.messages.push_back(s.messages[pick(s.messages.size())]);
            break;
          case 2:  // a message dropped
            if (!s.messages.empty()) s.messages.erase(s.messages.begin() + static_cast<std::ptrdiff_t>(pick(s.messages.size())));
            break;
          case 3:  // a message naming no edge
            s.messages.insert(s.messages.begin() + static_cast<std::ptrdiff_t>(pick(s.messages.size() + 1)),
                              ScheduledMessage(rng() % 2 ? -1 : problem.graph.edge_count() + 3, 0, 1));
            break;
          case 4: {  // a task moved earlier
            TaskPlacement& t = s.tasks[pick(s.tasks.size())];
            const double shift = std::min(t.start, 1.5);
            t.start -= shift;
            t.finish -= shift;
            break;
          }
          case 5:  // a task unplaced
            s.tasks[pick(s.tasks.size())].processor = -1;
            break;
          case 6:  // a message arriving too soon
            if (!s.messages.empty()) s.messages[pick(s.messages.size())].arrive -= 0.7;
            break;
        }
      }
      const std::vector<std::string> expected = reference_violations(problem, s);
      ASSERT_EQ(checker_violations(problem, s), expected) << "seed " << seed << ", mutation " << mutation;
      ++schedules;
      with_violations += !expected.empty();
    }
  }
  EXPECT_EQ(schedules, 12 * 40);
  EXPECT_GT(with_violations, 12 * 30);  // the mutations mostly break something
}

}  // namespace
}  // namespace mpnsim
