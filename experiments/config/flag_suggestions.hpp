// Unknown and repeated flags: did-you-mean over every flag a command takes, and one value per flag.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace mpnsim {

// The flags of a (sub)command as typed: "--jobs", "-j", ... (help and version left out).
std::vector<std::string> flag_names(const CLI::App& app);

// Makes every option that takes one value refuse a second one (CLI11 keeps the
// last by default, which hides a typo such as `--dim 3 ... --dim 4`).
void refuse_repeated_options(CLI::App& app);

// "--jbos" -> "unknown flag --jbos (did you mean --jobs?)", from the flags of
// `app` and of its parent (which take -v and -q after a subcommand).
std::string unknown_flags_message(const CLI::App& app, const std::vector<std::string>& extras);

// The nearest of `candidates` (flag names with or without their dashes) to
// `name`, as " (did you mean --X?)", or "".
std::string did_you_mean_flag(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace mpnsim
