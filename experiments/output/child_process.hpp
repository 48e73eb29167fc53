// A program run as a child process, its output captured, killed when the run is interrupted.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mpnsim {

struct ChildResult {
  bool started = false;      // false: the program could not be started (`output` says why)
  bool interrupted = false;  // killed because an interruption was requested (sim/interruption.hpp)
  int status = -1;           // the exit code when it exited, else -1
  std::string output;        // what it wrote to standard output and standard error, in order
};

// Runs `program` (looked up on PATH) with `args` inside `dir`, without a shell. While it runs, the
// interruption flag is polled ten times a second: once it is set the child is killed (SIGKILL,
// its process group with it) and waited for, and the result says `interrupted`. The child has a
// process group of its own, so that a terminal's Ctrl-C reaches mpnsim's handler rather than
// killing the child behind its back; mpnsim decides.
ChildResult run_child(const std::filesystem::path& dir, const std::string& program, const std::vector<std::string>& args);

}  // namespace mpnsim
