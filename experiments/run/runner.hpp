// Runs experiment files: check every point first, run them in parallel, write outputs.
#pragma once

#include <atomic>
#include <memory>
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
};

// One run of one point: what results.csv and summary.json are made of.
struct RunRecord {
  std::size_t point = 0;
  int repetition = 0;
  std::uint64_t seed = 0;
  PointResult result;
};
// Per experiment of the file, its records.
using FileRecords = std::vector<std::vector<RunRecord>>;

// The runs of slice `index` of `count` (runs t with t % count == index, where
// t = point * repetitions + repetition), on `jobs` threads.
FileRecords run_slice(const std::vector<PreparedExperiment>& prepared, const RunOptions& options,
                      int index, int count);

// Writes results.csv, summary.json and plots from the records of every run
// (the union of all slices, in any order). Throws std::runtime_error when a run
// is missing or given twice, leaving the output directory untouched. Returns the
// problems met after the work that did not stop the results from being written
// (a plot not drawn): the command then exits with 1.
std::vector<std::string> write_results(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                       FileRecords records, const RunOptions& options);

// Runs everything and writes the results: run_slice(0, 1) then write_results.
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

}  // namespace mpnsim
