// A static schedule of a task DAG: task -> processor, start, finish, and the messages between processors.
#pragma once

#include <string>
#include <vector>

namespace mpnsim {

struct TaskPlacement {
  int processor = -1;  // -1: not placed
  double start = 0;
  double finish = 0;
};

// The data of one edge whose tasks run on different processors.
struct ScheduledMessage {
  int edge = 0;
  int from = 0;  // processor of the producer
  int to = 0;    // processor of the consumer
  double depart = 0;
  double arrive = 0;
};

struct Schedule {
  std::string scheduler;
  int processors = 0;
  std::vector<TaskPlacement> tasks;  // indexed by task
  std::vector<ScheduledMessage> messages;

  // Largest finish time (0 for no tasks): the schedule length.
  double makespan() const;
  // The tasks of each processor in execution order: by start, then finish, then task index
  // (a task of zero duration goes before a task starting at the same time).
  std::vector<std::vector<int>> processor_order() const;
  // Time each processor spends executing tasks.
  std::vector<double> busy_times() const;
};

}  // namespace mpnsim
