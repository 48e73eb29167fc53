// Plain description of a machine: processors, links and time scales (SPEC §2).
#pragma once

#include <string>
#include <vector>

namespace mpnsim {

// Port count meaning "as many ports as the processor has links".
inline constexpr int kAllPorts = 0;

struct ProcessorSpec {
  double w = 1.0;            // time to process one unit of load is w * Tcp
  bool coprocessor = true;   // with one, computing and communicating overlap
  int send_ports = 1;        // concurrent outgoing messages (kAllPorts = one per link)
  int recv_ports = 1;        // concurrent incoming messages (kAllPorts = one per link)
};

struct LinkSpec {
  int a = 0;                 // endpoints (for a directed link, data flows a -> b only)
  int b = 0;
  double z = 1.0;            // time to move one unit is z * Tcm
  double startup = 0.0;      // S: latency paid by every message on every hop
  bool directed = false;
};

struct MachineSpec {
  std::vector<ProcessorSpec> processors;
  std::vector<LinkSpec> links;
  double Tcp = 1.0;
  double Tcm = 1.0;

  int size() const { return static_cast<int>(processors.size()); }
};

// Throws std::invalid_argument with a readable reason when the description is
// impossible (negative speeds, dangling or repeated links, ...).
void validate(const MachineSpec& spec);

// A machine with n identical processors and the given links, all with the same parameters.
MachineSpec uniform_machine(int n, const std::vector<std::pair<int, int>>& links, bool directed,
                            const ProcessorSpec& processor, double z, double startup,
                            double Tcp = 1.0, double Tcm = 1.0);

}  // namespace mpnsim
