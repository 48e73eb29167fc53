// A static schedule of a task DAG: task -> processor, start, finish, and the messages between processors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mpnsim {

struct TaskPlacement {
  int processor = -1;  // -1: not placed
  double start = 0;
  double finish = 0;
};

// The data of one edge whose tasks run on different processors. It goes from the producer's
// processor to the consumer's (Schedule::tasks of the edge's two tasks): those are not kept
// here, so that a message cannot name others, and it takes 24 bytes (a replay of 10^6 tasks
// holds a million or more of them).
struct ScheduledMessage {
  ScheduledMessage() = default;
  // In the order the fields read (edge, depart, arrive, first_hop), whatever their order in memory.
  ScheduledMessage(int edge_, double depart_, double arrive_, int first_hop_ = 0)
      : edge(edge_), first_hop(first_hop_), depart(depart_), arrive(arrive_) {}

  int edge = 0;
  // Contention-aware schedules: its first hop in Schedule::hops; its hops run to the next
  // message's first hop (Schedule::hop_end). Kept beside the edge, so that a message takes 24
  // bytes without padding, most of which never have hops.
  int first_hop = 0;
  double depart = 0;  // contention-free: the producer's finish; contention-aware: the first hop's start
  double arrive = 0;
};
static_assert(sizeof(void*) != 8 || sizeof(ScheduledMessage) == 24);  // as docs/performance.md says

// One hop of a message over one link direction, as a contention-aware schedule books it.
struct ScheduledHop {
  int message = 0;  // index into Schedule::messages
  int from = 0;     // sending end
  int to = 0;       // receiving end, a neighbour of `from`
  int channel = 0;  // the link direction, numbered as the engine does: 2 * link + (0 for a->b, 1 for b->a)
  std::uint32_t booked = 0;  // as Schedule::task_booked
  // The send port of `from` and the receive port of `to` it holds (0..k-1), where k ports
  // are fewer than the links there; -1 where the ports do not bind.
  int send_port = -1;
  int recv_port = -1;
  double start = 0;
  double finish = 0;
};

// What an exact search (the `optimal` scheduler) established about its schedule. Heuristics
// leave Schedule::search empty.
struct SearchReport {
  bool optimal = false;      // true only when the search proved no schedule of its model is shorter
  double lower_bound = 0;    // proven: no schedule of the search's model is shorter than this
  std::uint64_t states = 0;  // states the search expanded
  // True when a wall-clock `time_limit` stopped the search: the outputs then depend on the
  // machine's speed, as --timing's figures do.
  bool time_limited = false;
};

// The tasks of each processor in execution order (Schedule::processor_order).
using ProcessorOrder = std::vector<std::vector<int>>;

struct Schedule {
  std::string scheduler;
  int processors = 0;
  std::vector<TaskPlacement> tasks;  // indexed by task
  std::vector<ScheduledMessage> messages;
  // Set by the contention-aware builder: every message is booked hop by hop on the links,
  // ports and (without a co-processor) CPUs it uses, and the replay follows these bookings.
  bool contention_aware = false;
  std::vector<ScheduledHop> hops;
  // Per task, when it was booked among all bookings (tasks and hops): orders bookings that
  // start and end at the same instant (zero durations). Contention-aware schedules only.
  std::vector<std::uint32_t> task_booked;
  // Set by exact schedulers only.
  std::optional<SearchReport> search;

  // Where message m's hops end in `hops`: the next message's first hop, or the end of `hops`
  // after the last message. Its hops are hops[messages[m].first_hop .. hop_end(m)).
  int hop_end(std::size_t m) const {
    return m + 1 < messages.size() ? messages[m + 1].first_hop : static_cast<int>(hops.size());
  }
  // Largest finish time (0 for no tasks): the schedule length.
  double makespan() const;
  // The tasks of each processor in execution order: by start, then finish, then task index
  // (a task of zero duration goes before a task starting at the same time).
  ProcessorOrder processor_order() const;
  // Time each processor spends executing tasks.
  std::vector<double> busy_times() const;
};

}  // namespace mpnsim
