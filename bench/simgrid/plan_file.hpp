// The plan file of bench/compare_simgrid: a divisible-load scatter tree in bytes, read by both players.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

// Plain C++ on purpose: the SimGrid player includes this without linking mpnsim.
namespace mpnsim::bench {

// One processor of the plan. Once its data has arrived (at once for the root)
// it starts computing `compute` bytes and, at the same moment, sends to its
// children one message at a time in the listed order (one port, co-processor).
struct PlanNode {
  double compute = 0;                                      // bytes computed
  std::vector<std::pair<int, std::uint64_t>> children;     // (child, message bytes), in send order
};

struct PlanFile {
  std::string family;      // network the mpnsim side builds: "hypercube" (size = dimension)
                           // or "star" (size = processors in all)
  int family_size = 0;
  double speed = 1;        // bytes computed per time unit by every processor
  double bandwidth = 1;    // bytes per time unit over every link
  double latency = 0;      // startup S per message per hop
  double T_analytic = 0;   // the strategy's finish time of every processor, in the same time unit
  std::vector<PlanNode> nodes;  // indexed by processor
  std::vector<int> order;       // every parent before its children; order[0] is the root
};

// Text form: a header of "key value" lines, then one line per node in `order`:
// "id compute k child_1 bytes_1 ... child_k bytes_k". Doubles are written with
// 17 significant digits, so a write/read round trip is exact.
void write_plan_file(const PlanFile& plan, const std::string& path);
PlanFile read_plan_file(const std::string& path);  // throws std::runtime_error with the line

// What a player prints: its event count and each processor's finish time
// (end of its computation), indexed by processor.
struct PlayResult {
  std::uint64_t events = 0;  // mpnsim: engine events; SimGrid: completed activities (comms + execs)
  std::uint64_t steps = 0;   // distinct simulated dates the simulator stopped at
  std::vector<double> finish;
  std::uint64_t peak_rss_kb = 0;  // the player's own high-water mark (0: not reported)
  // DAG replay (mpnsim side), when given: the schedule's own makespan, and how many
  // tasks finish later than the schedule says (delayed by link contention).
  double estimate = 0;
  std::uint64_t delayed = 0;
};

// write_play_result writes everything but the peak; the player appends that
// last (append_peak_rss), once nothing more is allocated. The peak is the
// process's own VmHWM from /proc/self/status. The parent's wait4 ru_maxrss is
// never below the forking driver's resident pages, which Linux charges to the
// child until exec; for small plans that would be the driver's size, not the player's.
void write_play_result(const PlayResult& result, const std::string& path);
void append_peak_rss(const std::string& path);
PlayResult read_play_result(const std::string& path);

// Wall time and resident memory after each phase of a player, on stderr (the
// driver keeps it in the side's log file: see --keep).
class PhaseClock {
 public:
  void lap(const char* what);

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace mpnsim::bench
