// Helpers shared by tests that drive the mpnsim executable or write files.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>

#include "test_paths.hpp"

namespace mpnsim::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // standard output and standard error together
};

// Runs `ENV build/mpnsim ARGS` through the shell (ENV: assignments such as PATH=..., or "").
// Runs a shell command line: its output (stdout and stderr, as the line redirects them) and exit code.
inline CommandResult run_shell(const std::string& cmd) {
  CommandResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) r.output += buf.data();
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline CommandResult run_mpnsim_env(const std::string& env, const std::string& args) {
  return run_shell(env + (env.empty() ? "" : " ") + std::string(MPNSIM_BINARY) + " " + args + " 2>&1");
}

// Runs `build/mpnsim ARGS` through the shell.
inline CommandResult run_mpnsim(const std::string& args) { return run_mpnsim_env("", args); }

// AddressSanitizer reserves terabytes of address space, so there an address-space cap cannot
// measure the program: run_mpnsim_capped leaves it out, and tests about memory alone skip.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSpaceCanBeCapped = false;
#else
inline constexpr bool kAddressSpaceCanBeCapped = true;
#endif

// Runs `build/mpnsim ARGS` with at most `cpu_seconds` of CPU time (doubled under the slower
// AddressSanitizer build) and `address_space_mib` of address space (0: no cap): a regression
// to hours of work or gigabytes is killed and fails, on any machine, instead of running on.
inline CommandResult run_mpnsim_capped(const std::string& args, int cpu_seconds, int address_space_mib) {
  std::string limits;
  const int cpu = kAddressSpaceCanBeCapped ? cpu_seconds : 2 * cpu_seconds;  // sanitized: slower
  if (cpu_seconds > 0) limits += "ulimit -t " + std::to_string(cpu) + ";";
  if (address_space_mib > 0 && kAddressSpaceCanBeCapped)
    limits += " ulimit -v " + std::to_string(address_space_mib * 1024) + ";";
  return run_mpnsim_env(limits, args);
}

// A fresh directory under the system temp dir (mkdtemp: a new one each time, never a path that
// was there before), removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& name) : path_(make(name)) {}
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name, const std::string& content) const {
    const auto p = path_ / name;
    std::ofstream(p) << content;
    return p.string();
  }

 private:
  static std::filesystem::path make(const std::string& name) {
    std::string pattern = (std::filesystem::temp_directory_path() / ("mpnsim-test-" + name + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a directory " + pattern);
    return pattern;
  }
  std::filesystem::path path_;
};

// Runs `command` with bash in `dir`, with a time limit; output and exit code. The command goes
// through a script file, so that its own quotes and pipes stay as written.
inline CommandResult run_in(const std::filesystem::path& dir, const std::string& command, int seconds) {
  std::ofstream(dir / ".test_command.sh") << command << "\n";
  return run_shell("cd '" + dir.string() + "' && timeout " + std::to_string(seconds) + " bash .test_command.sh 2>&1");
}

// A scratch directory that sees the repository's experiments/, docs/ and tests/ (symbolic links):
// commands written to run from the repository's root run here, and what they write stays here.
class ScratchRepo : public TempDir {
 public:
  explicit ScratchRepo(const std::string& name) : TempDir(name) {
    const std::filesystem::path source(MPNSIM_SOURCE_DIR);
    for (const char* folder : {"experiments", "docs", "tests"})
      std::filesystem::create_directory_symlink(source / folder, path() / folder);
  }
};

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace mpnsim::testing
