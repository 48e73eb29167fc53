// The journal of a resumable run: each finished run's record, appended in the staging area as it finishes.
#pragma once

#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>

#include "experiments/run/runner.hpp"

namespace mpnsim {

// One JSON line naming the input (file, overrides, version, sweep sizes), then one line per
// finished run (record_to_json without artifact contents: they are already in the staged
// output). `run --resume` reads it back and computes only the runs it lacks.
class RunJournal {
 public:
  // Starts a journal at `path`, or with `resume` continues the one there: its first line must
  // be this input's, else InputError (another input was run into this directory). Records
  // whose artifacts are not all in `staged_output` are dropped (their runs are done again),
  // and so is a last line cut short by a crash.
  RunJournal(std::filesystem::path path, const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
             bool resume, const std::filesystem::path& staged_output);

  // The runs read back on resume, per experiment (empty otherwise).
  FileRecords& finished() { return finished_; }
  std::size_t finished_count() const;

  // Appends a record (thread-safe), written through to the file at once.
  void append(std::size_t experiment, const RunRecord& r);
  void flush();

 private:
  std::filesystem::path path_;
  FileRecords finished_;
  std::ofstream out_;
  std::mutex mutex_;
};

// The first line of the journal of `file` as run now: what a resumed run must match.
std::string journal_header(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared);

}  // namespace mpnsim
