// Runs experiment files: check every point first, run them in parallel, write outputs.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "experiments/config/experiment_spec.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/run/point_checks.hpp"
#include "experiments/run/prepared_points.hpp"

namespace mpnsim {

struct PreparedExperiment {
  const ExperimentSpec* spec = nullptr;
  const ExperimentKind* kind = nullptr;
  PreparedPoints points;      // parallel to spec->points, each prepared when it runs
  PointCheckSummary checked;  // what was checked before the work
};

// Checks the points of every experiment of the file (throws InputError on the
// first problem; see check_points for which points). Nothing runs and nothing
// is written.
std::vector<PreparedExperiment> prepare_experiments(const ExperimentFile& file);

struct RunOptions {
  std::string output_dir;  // empty: results/<name>/
  int jobs = 0;            // 0: all cores
  bool progress = true;    // a bar when standard error is a terminal
  bool resume = false;     // continue the run an interruption kept in the output's staging area
  // Called by run_experiments after each run is recorded in the journal (from the worker
  // thread): a test uses it to stop a run at a chosen point, as Ctrl-C would.
  std::function<void()> after_run;
};

// The output directory of `file`: -o, or results/<name>.
std::string output_dir_of(const ExperimentFile& file, const RunOptions& options);

// One run of one point: what results.csv and summary.json are made of.
struct RunRecord {
  std::size_t point = 0;
  int repetition = 0;
  std::uint64_t seed = 0;
  PointResult result;
};
// Per experiment of the file, its records.
using FileRecords = std::vector<std::vector<RunRecord>>;

// What a run does with each run of a point as it finishes, and which it leaves out.
struct RunHooks {
  // True for a run already done (a resumed run's journal has it).
  std::function<bool(std::size_t experiment, std::size_t point, int repetition)> skip;
  // Called by the worker thread that ran it, before the next; may take the artifacts' contents.
  std::function<void(std::size_t experiment, RunRecord& record)> finished;
};

// The runs of slice `index` of `count` (runs t with t % count == index, where
// t = point * repetitions + repetition), on `jobs` threads, less those hooks.skip names.
// Throws RunInterrupted when SIGINT/SIGTERM stopped it.
FileRecords run_slice(const std::vector<PreparedExperiment>& prepared, const RunOptions& options,
                      int index, int count, const RunHooks& hooks = {});

// Writes results.csv, summary.json and plots from the records of every run (the union of
// all slices, in any order) into a new output directory that replaces the old one whole.
// Throws InputError when a run is missing or given twice, leaving the output directory
// untouched. Returns the problems met after the work that did not stop the results from
// being written (a plot not drawn): the command then exits with 1. (staged_run.cpp)
std::vector<std::string> write_results(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                       FileRecords records, const RunOptions& options);

// Runs everything and writes the results as write_results does. Each run is recorded in the
// staging area as it finishes; when SIGINT or SIGTERM stops the run, the output directory is
// left as it was, the staging area is kept and RunInterrupted says how to resume; with
// options.resume, the runs recorded there are not run again. (staged_run.cpp)
std::vector<std::string> run_experiments(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                         const RunOptions& options);

// Records as JSON and back, for slices run apart (--shard, MPI ranks). The JSON
// names the file, the slice and every point's label and seed; reading checks
// them against `prepared` so that slices of another experiment cannot be mixed in.
std::string records_to_json(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                            const FileRecords& records, int index, int count);
FileRecords records_from_json(const std::string& text, const std::string& origin, const ExperimentFile& file,
                              const std::vector<PreparedExperiment>& prepared);

// Set by SIGINT/SIGTERM: workers stop taking points and the run is abandoned.
std::atomic<bool>& run_interrupted();

// Thrown when run_interrupted() stopped a run.
class RunInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mpnsim
