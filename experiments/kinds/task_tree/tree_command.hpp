// `mpnsim tree`: one task tree placed by one scheduler on one network, per-level loads and LIF.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mpnsim {

struct TreeCommandOptions {
  std::string format = "table";  // table or json
  std::optional<std::uint64_t> seed;  // base seed of random trees (the experiment's `seed:`), default 1
  // Execution on the engine: on when `execute` or any of these is given.
  bool execute = false;
  std::optional<double> grain, S, C, task_size, result_size;
  std::optional<bool> coprocessor;
  std::string send_ports, recv_ports;
  std::string gantt, trace, timeline;  // output files (empty: none); each implies execution
  // The rest of the command line, in order: --topology KIND, --scheduler NAME and
  // --workload KIND, each followed by its own --PARAM VALUE flags (--topology.PARAM,
  // --scheduler.PARAM, --workload.PARAM anywhere).
  std::vector<std::string> args;
  // The command's own flags (--format, --gantt, ...), for did-you-mean on a flag nobody takes.
  std::vector<std::string> own_flags;
};

int tree_command(const TreeCommandOptions& options, std::ostream& out);
// The command without its error report: bad input throws (InputError, ParamError,
// std::invalid_argument) instead of being logged. The Python module runs this one.
int tree_command_throwing(const TreeCommandOptions& options, std::ostream& out);

}  // namespace mpnsim
