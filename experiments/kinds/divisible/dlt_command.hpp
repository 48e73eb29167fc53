// `mpnsim dlt`: one divisible-load strategy on one machine, analytic against simulated.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace mpnsim {

struct DltCommandOptions {
  std::string strategy;
  std::string topology;        // family; its parameters come in `extras`
  std::string machine_file;    // optional YAML mapping like an experiment's `machine:`
  // The same mapping already in memory (the Python module's Machine), in place of machine_file.
  std::optional<YAML::Node> machine;
  std::optional<double> w, z, Tcp, Tcm, S, load;
  std::optional<bool> coprocessor;
  std::string send_ports, recv_ports;
  std::optional<int> source;
  std::string format = "table";
  std::string gantt, trace, timeline;  // output files (empty: none)
  std::vector<std::string> extras;     // --PARAM VALUE of the topology family and of the strategy
  // The command's own flags (--format, --gantt, ...), for did-you-mean on a flag nobody takes.
  std::vector<std::string> own_flags;
};

int dlt_command(const DltCommandOptions& options, std::ostream& out);
// The command without its error report: bad input throws (InputError, ParamError,
// std::invalid_argument) instead of being logged. The Python module runs this one.
int dlt_command_throwing(const DltCommandOptions& options, std::ostream& out);

}  // namespace mpnsim
