// The DAG schedule file of bench/compare_simgrid: a task graph, its static schedule and each message's route.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

// Plain C++ on purpose: the SimGrid player includes this without linking mpnsim.
namespace mpnsim::bench {

struct DagFileTask {
  int processor = 0;
  double start = 0;   // the scheduler's estimate; the order of a processor's tasks follows from it
  double finish = 0;
  double work = 0;    // execution time (w = 1, Tcp = 1)
};

struct DagFileEdge {
  int from = 0;
  int to = 0;
  double data = 0;    // load units; data * unit is a whole number of bytes
};

// One edge between tasks on different processors, as the schedule sends it.
struct DagFileMessage {
  int edge = 0;
  int from = 0;       // producer's processor
  int to = 0;         // consumer's processor
  double depart = 0;  // the scheduler's estimates
  double arrive = 0;
  std::uint32_t route_begin = 0;  // its hops: processors route_hops[route_begin, route_begin + route_length),
  std::uint32_t route_length = 0; // the last one `to`
};

// The machine is the network `family` of `family_size` ("hypercube", its dimension)
// with identical processors (w = 1, Tcp = 1, a co-processor, a port per link, so a
// hop needs only its link direction) and identical links (z with Tcm = 1, startup
// `latency` per hop). Messages go store-and-forward, hop by hop, along the routes.
struct DagScheduleFile {
  std::string family;
  int family_size = 0;
  std::string scheduler;
  double unit = 1;     // bytes (and flops) per load unit, a power of two
  double z = 1;
  double latency = 0;
  std::vector<DagFileTask> tasks;
  std::vector<DagFileEdge> edges;
  std::vector<DagFileMessage> messages;  // in the schedule's order
  std::vector<int> route_hops;
};

// Text form: header lines "key value", then "tasks N" and N lines "processor start
// finish work", "edges E" and E lines "from to data", "messages M" and M lines "edge
// from to depart arrive k hop_1 ... hop_k". Doubles round-trip exactly.
void write_dag_schedule_file(const DagScheduleFile& file, const std::string& path);
// What a reader hands its caller, part by part in file order, so that a player can build its
// own objects without holding the file's lists beside them.
class DagScheduleSink {
 public:
  virtual ~DagScheduleSink() = default;
  virtual void header(const DagScheduleFile& head) = 0;  // family .. latency; the lists empty
  virtual void tasks(std::size_t count) = 0;
  virtual void task(const DagFileTask& t) = 0;
  virtual void edges(std::size_t count) = 0;
  virtual void edge(const DagFileEdge& e) = 0;
  virtual void messages(std::size_t count) = 0;
  // `route`: its hops, the last one m.to (m.route_begin and m.route_length are not set).
  virtual void message(const DagFileMessage& m, const std::vector<int>& route) = 0;
};

// Throws std::runtime_error naming the line for anything malformed or out of range.
void read_dag_schedule_file(const std::string& path, DagScheduleSink& sink);
// The same, kept whole.
DagScheduleFile read_dag_schedule_file(const std::string& path);

}  // namespace mpnsim::bench
