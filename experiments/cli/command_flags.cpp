// Splitting of --PARAM VALUE flags for the subcommands that take model parameters.
#include "experiments/cli/command_flags.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/cli/commands.hpp"
#include "experiments/config/input_error.hpp"

namespace mpnsim {

std::vector<std::pair<std::string, std::string>> parse_flag_pairs(const std::vector<std::string>& args) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0 || a.size() == 2) throw ParamError(a, "expected --PARAM VALUE");
    std::string name = a.substr(2), value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      value = args[++i];  // a negative number ("-1") is a value, not a flag
    } else {
      value = "true";  // a lone flag such as --torus or --directed
    }
    out.emplace_back(std::move(name), std::move(value));
  }
  return out;
}

bool declares_param(const std::vector<ParamSpec>& specs, const std::string& name) {
  return std::any_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
}

void apply_machine_flags(YAML::Node machine, const MachineFlags& f) {
  auto set = [&](const char* section, const char* key, const std::string& value) {
    if (!machine[section]) machine[section] = YAML::Node(YAML::NodeType::Map);
    machine[section][key] = value;
  };
  if (f.w) set("processor", "w", fmt::format("{}", *f.w));
  if (f.coprocessor) set("processor", "coprocessor", *f.coprocessor ? "true" : "false");
  if (!f.send_ports.empty()) set("processor", "send_ports", f.send_ports);
  if (!f.recv_ports.empty()) set("processor", "recv_ports", f.recv_ports);
  if (f.z) set("link", "z", fmt::format("{}", *f.z));
  if (f.S) set("link", "S", fmt::format("{}", *f.S));
  if (f.Tcp) machine["Tcp"] = fmt::format("{}", *f.Tcp);
  if (f.Tcm) machine["Tcm"] = fmt::format("{}", *f.Tcm);
}

YAML::Node load_machine_file(const std::string& path) {
  if (path.empty()) return YAML::Node(YAML::NodeType::Map);
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw InputError(path, YAML::Mark::null_mark(), "", "cannot open the file");
  } catch (const YAML::Exception& e) {
    throw InputError(path, e.mark, "", fmt::format("not valid YAML: {}", e.msg));
  }
}

int report_input_errors(std::string_view command, const std::function<int()>& body) {
  try {
    return body();
  } catch (const InputError& e) {
    spdlog::error("{}: {}", command, e.what());
  } catch (const ParamError& e) {
    spdlog::error("{}: --{}: {}", command, e.key(), e.problem());
  } catch (const std::invalid_argument& e) {
    spdlog::error("{}: {}", command, e.what());
  }
  return kExitBadInput;
}

}  // namespace mpnsim
