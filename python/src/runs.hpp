// The runs the module offers, each through the code of its command: dag, dlt, tree and run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "handles.hpp"

namespace mpnsim::python {

// `mpnsim dag`: schedules, checks and replays. Gives the command's JSON text and the columns
// of its --schedule CSV (task, processor, start, finish, replayed_finish). `params` are the
// scheduler's (comm, route, radius, ...), and ec_ratio and timing.
pybind11::tuple schedule_dag(const GraphHandle& graph, const MachineHandle& machine, const std::string& scheduler,
                             const TextParams& params);

// `mpnsim dlt --format json` on the machine, with the strategy's parameters: the JSON text.
std::string run_divisible(const std::string& strategy, const MachineHandle& machine, double load,
                          std::optional<int> source, const TextParams& params);

// The execution flags of `mpnsim tree`.
struct TreeExecutionFlags {
  bool execute = false;
  std::optional<double> grain, S, C, task_size, result_size;
  std::optional<bool> coprocessor;
  std::string send_ports, recv_ports;
};
// `mpnsim tree --format json ARGS...` (--topology KIND ... --scheduler NAME ... --workload KIND ...).
std::string run_task_tree(const std::vector<std::string>& args, std::optional<std::uint64_t> seed,
                          const TreeExecutionFlags& execution);

// `mpnsim run FILE -o OUTPUT` in this process: the experiments' names and their results.csv
// paths inside OUTPUT, and the problems met after the work (the command's warnings).
// An OUTPUT the command would not replace is refused the same way.
std::pair<std::vector<std::pair<std::string, std::string>>, std::vector<std::string>> run_experiment_file(
    const std::string& path, const std::string& output);

}  // namespace mpnsim::python
