// The --PARAM VALUE flags that topo, dlt, tree and dag pass on to model parameters.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "sim/parameters.hpp"

namespace mpnsim {

// "--name value", "--name=value" and a lone "--flag" (= true), in order.
// Throws ParamError for anything that is not a --flag.
std::vector<std::pair<std::string, std::string>> parse_flag_pairs(const std::vector<std::string>& args);

// A --NAME no model and no option of the command takes: ParamError suggesting
// the nearest of `candidates` (parameter names and the command's own flags),
// with `takers` ("the topology takes --dim; the strategy --layers") after it.
[[noreturn]] void fail_unknown_flag(const std::string& name, const std::vector<std::string>& candidates,
                                    const std::string& takers);

// Refuses a flag given a second time for the same target (a repeated --dim
// would silently keep the last value).
void note_flag_once(std::vector<std::string>& seen, const std::string& target, const std::string& name);

// "--a --b" for the declared parameters, "none" when there are none.
std::string flag_list(const std::vector<ParamSpec>& specs);

// Whether `specs` declares a parameter called `name`.
bool declares_param(const std::vector<ParamSpec>& specs, const std::string& name);

// The machine flags dlt and dag share; unset ones leave the machine as it is.
struct MachineFlags {
  std::optional<double> w, z, S, Tcp, Tcm;
  std::optional<bool> coprocessor;
  std::string send_ports, recv_ports;
};

// The mapping in a --machine FILE (an empty mapping when `path` is empty or the
// file is); a file that is not YAML, or whose top, topology, processor or link
// is not a mapping, is an InputError naming its line.
YAML::Node load_machine_file(const std::string& path);

// Runs a subcommand's body. Bad input (InputError, ParamError,
// std::invalid_argument, and a yaml-cpp error, placed in `yaml_file`) is logged
// as "<command>: ..." and gives kExitBadInput; otherwise the body's own exit
// code is returned.
int report_input_errors(std::string_view command, const std::function<int()>& body,
                        const std::string& yaml_file = "");

// Writes the set flags into a machine mapping (the form of an experiment's
// `machine:`), so that the YAML reader checks them like any other input.
void apply_machine_flags(YAML::Node machine, const MachineFlags& flags);

}  // namespace mpnsim
