// Runs experiment files: check every point first, run them in parallel, write outputs.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "experiments/experiment_kind.hpp"
#include "experiments/experiment_spec.hpp"

namespace mpnsim {

struct PreparedExperiment {
  const ExperimentSpec* spec = nullptr;
  const ExperimentKind* kind = nullptr;
  std::vector<std::unique_ptr<PreparedPoint>> points;  // parallel to spec->points
};

// Checks every point of every experiment of the file (throws InputError on the
// first problem). Nothing runs and nothing is written.
std::vector<PreparedExperiment> prepare_experiments(const ExperimentFile& file);

struct RunOptions {
  std::string output_dir;  // empty: results/<name>/
  int jobs = 0;            // 0: all cores
  bool progress = true;    // a bar when standard error is a terminal
};

// Runs the prepared experiments and writes results.csv, summary.json and plots.
// Throws std::runtime_error on failure, leaving the output directory untouched.
void run_experiments(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                     const RunOptions& options);

// Set by SIGINT/SIGTERM: workers stop taking points and the run is abandoned.
std::atomic<bool>& run_interrupted();

}  // namespace mpnsim
