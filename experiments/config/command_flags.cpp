// Splitting of --PARAM VALUE flags for the subcommands that take model parameters.
#include "experiments/config/command_flags.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/exit_codes.hpp"
#include "experiments/config/flag_suggestions.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/config/yaml_syntax_problem.hpp"
#include "sim/interruption.hpp"

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

void fail_unknown_flag(const std::string& name, const std::vector<std::string>& candidates,
                       const std::string& takers) {
  throw ParamError(name, fmt::format("unknown flag{}{}", did_you_mean_flag(name, candidates),
                                     takers.empty() ? "" : "; " + takers));
}

void note_flag_once(std::vector<std::string>& seen, const std::string& target, const std::string& name) {
  const std::string id = target + "." + name;
  if (std::find(seen.begin(), seen.end(), id) != seen.end())
    throw ParamError(name, fmt::format("given twice{}: give it once", target.empty() ? "" : " for the " + target));
  seen.push_back(id);
}

std::string flag_list(const std::vector<ParamSpec>& specs) {
  std::vector<std::string> n;
  for (const auto& s : specs) n.push_back(fmt::format("--{}", s.name));
  return n.empty() ? std::string("none") : fmt::format("{}", fmt::join(n, " "));
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
  std::error_code ec;  // a name the system refuses is left to LoadFile's "cannot open"
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path, YAML::Mark::null_mark(), "", "is a directory, not a machine file");
  YAML::Node doc;
  try {
    doc = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw InputError(path, YAML::Mark::null_mark(), "", "cannot open the file");
  } catch (const YAML::Exception& e) {
    throw InputError(path, e.mark, "", yaml_syntax_problem(e));
  }
  if (!doc.IsDefined() || doc.IsNull()) return YAML::Node(YAML::NodeType::Map);  // an empty file
  // The commands add their flags into these sections: each must be a mapping
  // before anything subscripts it (yaml-cpp throws on a scalar).
  const YamlSource src(path);
  src.require_map(doc, "machine");
  for (const char* section : {"topology", "processor", "link"})
    if (doc[section] && !doc[section].IsNull()) src.require_map(doc[section], std::string("machine.") + section);
  return doc;
}

int report_input_errors(std::string_view command, const std::function<int()>& body, const std::string& yaml_file) {
  try {
    return body();
  } catch (const YAML::Exception& e) {
    // A YAML node of the wrong shape that no reader caught first: still bad input, placed in its file.
    spdlog::error("{}: {}", command,
                  InputError(yaml_file.empty() ? "command line" : yaml_file, e.mark, "", e.msg).what());
  } catch (const InputError& e) {
    spdlog::error("{}: {}", command, e.what());
  } catch (const ParamError& e) {
    spdlog::error("{}: --{}: {}", command, e.key(), e.problem());
  } catch (const std::invalid_argument& e) {
    spdlog::error("{}: {}", command, e.what());
  } catch (const Interrupted&) {
    // SIGINT/SIGTERM (main.cpp's handler): every output file is written whole or not at all, and
    // none is written before the work ends, so nothing was.
    spdlog::error("{}: interrupted: nothing was written", command);
    return kExitInterrupted;
  }
  return kExitBadInput;
}

}  // namespace mpnsim
