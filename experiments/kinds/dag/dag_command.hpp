// `mpnsim dag`: one task DAG scheduled on one network, checked and replayed on the engine.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mpnsim {

struct DagCommandOptions {
  std::string scheduler;        // a DAG scheduler's name (mpnsim list)
  std::string graph;            // a DOT, STG or WfCommons JSON file...
  std::string graph_format;     // dot, stg or wfcommons; empty: from the extension (.dot/.gv, .stg, .json)
  std::string costs;            // optional cost table (CSV task,P0,P1,...) for the graph file
  bool generate = false;        // ...or a generated graph (its parameters in `extras`)
  std::string workload;         // the generated family (default random-dag); implies generate
  std::string topology;         // family; its parameters in `extras`
  std::string machine_file;     // optional YAML mapping like an experiment's `machine:`
  std::optional<double> w, z, Tcp, Tcm, S, ec_ratio, ccr;  // ccr = 1 / ec_ratio (not both)
  std::optional<bool> coprocessor;
  std::string send_ports, recv_ports;
  std::optional<std::uint64_t> seed;  // base seed of generated graphs (the experiment's `seed:`), default 1
  bool timing = false;                // report the scheduler's CPU time
  std::string format = "table";
  std::string gantt, trace, timeline, schedule_csv, messages_csv, write_dot;  // output files (empty: none)
  std::string write_costs;  // the graph's cost table as CSV (a generated one: topcuoglu with beta > 0)
  // --PARAM VALUE of the topology family, the workload and the scheduler
  // (--topology.X, --workload.X, --scheduler.X when more than one takes X).
  std::vector<std::string> extras;
  // The command's own flags (--format, --gantt, ...), for did-you-mean on a flag nobody takes.
  std::vector<std::string> own_flags;
};

int dag_command(const DagCommandOptions& options, std::ostream& out);

}  // namespace mpnsim
