// The mpnsim objects a DAG schedule file is read into (bench/play_dag and BM_DagReplay's phases).
#pragma once

#include <cstddef>
#include <vector>

#include "bench/simgrid/dag_schedule_file.hpp"
#include "schedulers/dag/schedule.hpp"
#include "sim/machine_spec.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim::bench {

// The graph, the schedule and the machine built as the file is read, as `mpnsim dag` holds
// them: the file's own lists (and its routes, which the Router gives again) are never kept.
// The machine is the whole network of the file's family, processors with w = 1, a
// co-processor and a port per link.
class DagPlayerObjects : public DagScheduleSink {
 public:
  TaskGraph graph;
  Schedule schedule;
  MachineSpec machine;
  std::size_t route_hops = 0;  // the file's hops, which the replay must make too

  void header(const DagScheduleFile& head) override;
  void tasks(std::size_t count) override;
  void task(const DagFileTask& t) override;
  void edges(std::size_t count) override;
  void edge(const DagFileEdge& e) override;
  void messages(std::size_t count) override;
  void message(const DagFileMessage& m, const std::vector<int>& route) override;
};

}  // namespace mpnsim::bench
