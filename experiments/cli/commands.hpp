// The subcommands of the mpnsim executable; each returns the process exit code.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "experiments/config/exit_codes.hpp"
#include "experiments/config/experiment_spec.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {


class MpiSession;

// A slice of the runs to do here: index of count (0 of 1: all of them).
struct Slice {
  int index = 0;
  int count = 1;
};

// Runs the file. With a slice of more than one, writes only that slice's
// records (DIR/slice-I-of-N.json) for `merge`; under mpirun the ranks share the
// runs and rank 0 writes the results.
int run_command(const std::string& file, const std::vector<Override>& overrides, const RunOptions& options,
                const Slice& slice, const MpiSession& mpi);
// Joins slice records into the results a single run would have written.
int merge_command(const std::string& file, const std::vector<std::string>& slices,
                  const std::vector<Override>& overrides, const RunOptions& options);
int validate_command(const std::string& file, const std::vector<Override>& overrides);
// args: KIND followed by --PARAM VALUE pairs (a lone --FLAG means true).
// format: summary (the properties), json, dot or matrix (the whole network,
// refused above kMaxOutputBytes unless written to `output` with `force`).
// `own_flags` are topo's flags, for did-you-mean.
int topo_command(const std::vector<std::string>& args, const std::string& format, const std::string& output,
                 bool force, const std::vector<std::string>& own_flags, std::ostream& out);
int list_command(std::ostream& out);

}  // namespace mpnsim
