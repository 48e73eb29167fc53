// Schedule metrics, and link conflicts of the estimated message timings.
#include "schedulers/dag/dag_metrics.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "schedulers/dag/channel_conflicts.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "schedulers/dag/resident_room.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "schedulers/load_imbalance.hpp"
#include "sim/machine_spec.hpp"
#include "sim/router.hpp"
#include "sim/time_order_key.hpp"

namespace mpnsim {

DagMetrics schedule_metrics(const DagProblem& problem, const Schedule& schedule) {
  DagMetrics m;
  m.makespan = schedule.makespan();
  check_costs_fit(problem.graph, problem.machine);
  m.t1 = problem.best_single_processor_time();
  m.speedup = m.makespan > 0 ? m.t1 / m.makespan : 0.0;
  m.efficiency = m.speedup / problem.processors();
  m.busy = schedule.busy_times();
  m.lif = load_imbalance_factor(m.busy, false);
  const std::vector<double> sl = static_levels(problem, topological_order(problem.graph));
  for (double v : sl) m.critical_path = std::max(m.critical_path, v);
  return m;
}

namespace {

// Two huge pages: the most a large block's advice adds beyond its bytes (sim/huge_page_allocation.cpp).
constexpr std::size_t kRoomMargin = std::size_t{4} << 20;

}  // namespace

long long estimated_link_conflicts(const DagProblem& problem, const Schedule& schedule, std::size_t hops_at_once) {
  // Every hop of every message as (start, end) on its channel, then overlaps per channel.
  // A first pass over the hops counts each channel's; then, for a group of consecutive
  // channels holding at most hops_at_once hops (or one channel alone), a pass writes each of
  // the group's hops straight into its channel's place, 16 bytes a hop, and the group's
  // channels are counted. Most runs are one group: two passes, the hops written once. At 10^6
  // tasks the hops were the peak of `mpnsim dag` (92 MB, 16 bytes for each of 5.7 M hops);
  // a pass over them is cheap beside their sort. A fixed group size made the passes grow with
  // the hops (18 groups at 10^7 tasks, a third of the command's time): by default a group holds
  // at least a kConflictGroups-th of them (4 bytes a hop), and the passes stay a handful. Tried
  // (2026-11-27, peak RSS and user CPU of `mpnsim dag`, 8-cube, one run each on a loaded
  // machine): all hops in one group left LPS's peak at 10^7 tasks the same (1.95 GB) in 59 s of
  // CPU against 77 s with quarters, but took HEFT's at 10^6 from 217 MB to 273 MB (halves: 272
  // MB), the same time there; some of that was the hops' vector doubling from one group to the
  // next (below). Tried again without it (2026-11-28, the same runs, side by side): groups of at
  // least 60 bytes a task (one group for LPS at 10^6 and 10^7, two for HEFT at 10^6) took LPS
  // at 10^7 from 75.1 to 69.9 s of CPU at the same peak, but the peak RSS at 10^6 from 234 to
  // 258 MB (LPS) and 218 to 242 MB (HEFT): kept to quarters.
  // The start as an integer of its order (sim/time_order_key.hpp): a sort that compares
  // doubles, which may be NaN, took a quarter more time.
  using Hop = ChannelHop;
  Router router(problem.machine);
  const std::size_t channels = 2 * problem.machine.links.size();
  std::vector<std::size_t> first(channels + 1, 0);
  // A contention-aware schedule has booked its hops (none overlap when it is valid); the
  // others leave when the producer finishes and take the engine's route without waiting.
  // A message's two processors, a byte each, kept by the first pass for the next ones when the
  // machine has at most 256 processors (2 bytes a message): a later pass then reads at random
  // only the message's edge, for its data, and not the two placements that edge names, a read
  // that waited for another (at 10^7 tasks LPS's 36 M hops are three passes, each over 14 M
  // messages).
  using Ends = std::array<std::uint8_t, 2>;
  const std::vector<ScheduledMessage>& messages = schedule.messages;
  const bool keep_ends = !schedule.contention_aware && problem.processors() <= 256;
  const auto kept_ends = std::make_unique_for_overwrite<Ends[]>(keep_ends ? messages.size() : 0);
  bool ends_kept = false, ends_fit = true;
  auto for_each_hop = [&](auto&& visit) {
    if (schedule.contention_aware) {
      for (const auto& h : schedule.hops) visit(h.channel, h.start, h.finish);
      return;
    }
    auto walk = [&](const ScheduledMessage& msg, double data, int from, int to) {
      double t = msg.depart;
      for (int u = from; u != to;) {
        const Arc& a = router.next_arc(u, to);
        const LinkSpec& l = problem.machine.links[static_cast<std::size_t>(a.link())];
        const double end = t + l.startup + data * l.z * problem.machine.Tcm;
        visit(a.channel, t, end);
        t = end;
        u = a.to;
      }
    };
    if (ends_kept) {
      for (std::size_t k = 0; k < messages.size(); ++k) {
        if (k + 8 < messages.size()) __builtin_prefetch(&problem.graph.edge(messages[k + 8].edge));
        const ScheduledMessage& msg = messages[k];
        walk(msg, problem.graph.edge(msg.edge).data, kept_ends[k][0], kept_ends[k][1]);
      }
      return;
    }
    for (std::size_t k = 0; k < messages.size(); ++k) {
      // Its edge is anywhere in a random DAG, and so are its tasks' placements: ask for a later
      // message's edge a few steps ahead, and for the placements once that edge is near.
      if (k + 8 < messages.size()) __builtin_prefetch(&problem.graph.edge(messages[k + 8].edge));
      if (k + 4 < messages.size()) {
        const DagEdge& ahead = problem.graph.edge(messages[k + 4].edge);
        __builtin_prefetch(&schedule.tasks[static_cast<std::size_t>(ahead.from)]);
        __builtin_prefetch(&schedule.tasks[static_cast<std::size_t>(ahead.to)]);
      }
      const ScheduledMessage& msg = messages[k];
      const auto [from, to] = message_ends(problem.graph, schedule, msg);
      if (keep_ends) {
        kept_ends[k] = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
        ends_fit &= from >= 0 && from < 256 && to >= 0 && to < 256;  // an unplaced task's -1 does not
      }
      walk(msg, problem.graph.edge(msg.edge).data, from, to);
    }
    ends_kept = keep_ends && ends_fit;
  };
  for_each_hop([&](int channel, double, double) { ++first[static_cast<std::size_t>(channel) + 1]; });
  for (std::size_t c = 1; c < first.size(); ++c) first[c] += first[c - 1];
  if (hops_at_once == 0) {
    hops_at_once = std::max(kConflictHopsAtOnce, (first[channels] + kConflictGroups - 1) / kConflictGroups);
    // As many hops as fit under the peak an earlier phase reached: the pages that phase freed
    // are taken again, and the peak does not move. At 10^7 tasks LPS starts the estimate 360 MB
    // under its peak (1.59 GB, the scheduler's), room for 22 M of its 36 M hops: two groups, where
    // quarters made four, two passes over every message's route fewer. At 10^6 tasks the
    // estimate is the run's peak and starts at it: no room, groups as before. A huge page may
    // be added at either end of the block, hence the margin.
    const std::size_t room = resident_room_bytes();
    if (room > kRoomMargin) hops_at_once = std::max(hops_at_once, (room - kRoomMargin) / sizeof(Hop));
  }
  // The groups: channels [group_ends[i - 1], group_ends[i]), their hops at
  // [first[group_ends[i - 1]], first[group_ends[i]]). The hops' room is taken once, for the
  // largest group: grown group by group, a later group a little larger than the first made the
  // vector double while the old room was still held, three times a group's bytes at once
  // (HEFT at 10^6 tasks: 100 MB where the largest group takes 33 MB).
  std::vector<std::size_t> group_ends;
  std::size_t largest = 0;
  for (std::size_t group = 0; group < channels;) {
    std::size_t group_end = group + 1;
    while (group_end < channels && first[group_end + 1] - first[group] <= hops_at_once) ++group_end;
    group_ends.push_back(group_end);
    largest = std::max(largest, first[group_end] - first[group]);
    group = group_end;
  }
  long long conflicts = 0;
  // Written before read: no zeroing pass over them.
  const auto hops = std::make_unique_for_overwrite<Hop[]>(largest);
  std::vector<std::size_t> fill;
  ChannelConflictScratch scratch;
  std::size_t group = 0;
  for (const std::size_t group_end : group_ends) {
    const std::size_t base = first[group];
    fill.assign(first.begin() + static_cast<std::ptrdiff_t>(group), first.begin() + static_cast<std::ptrdiff_t>(group_end));
    for_each_hop([&](int channel, double start, double end) {
      const auto c = static_cast<std::size_t>(channel);
      if (c >= group && c < group_end) hops[fill[c - group]++ - base] = Hop{time_order_key(start), end};
    });
    for (std::size_t c = group; c < group_end; ++c)
      conflicts += count_channel_conflicts(hops.get() + (first[c] - base), hops.get() + (first[c + 1] - base), scratch);
    group = group_end;
  }
  return conflicts;
}

}  // namespace mpnsim
