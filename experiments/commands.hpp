// The subcommands of the mpnsim executable; each returns the process exit code.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "experiments/experiment_spec.hpp"
#include "experiments/runner.hpp"

namespace mpnsim {

// Exit codes shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;

int run_command(const std::string& file, const std::vector<Override>& overrides, const RunOptions& options);
int validate_command(const std::string& file, const std::vector<Override>& overrides);
// args: KIND followed by --PARAM VALUE pairs (a lone --FLAG means true).
int topo_command(const std::vector<std::string>& args, const std::string& format,
                 const std::string& output, std::ostream& out);
int list_command(std::ostream& out);

}  // namespace mpnsim
