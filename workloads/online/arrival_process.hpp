// When the workflows of a stream arrive: a Poisson process, a fixed interval, or a trace file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mpnsim {

// One line of an arrival trace: the time a workflow arrives and the graph file it is.
struct TraceArrival {
  double time = 0;
  std::string file;  // as written in the trace (relative to the trace's folder)
  int line = 0;      // 1-based, for messages about the file it names
};

// Reads an arrival trace: CSV with a header `time,file` (or `arrival,graph`), then one line per
// workflow. Throws WorkloadInputError at the line of a time that is not a number, negative,
// or earlier than the line before (the trace must be sorted), a missing field, or a file that
// does not exist (resolved against the trace's folder). Blank lines and `#` comments are skipped.
std::vector<TraceArrival> read_arrival_trace(const std::string& path);

// `count` arrival times from 0: Poisson with `rate` workflows per time unit (exponential gaps,
// the first workflow at 0, as Ilyushkin & Epema's streams start), or one every `interval`
// (0: all at once, FDWS's interval 0). Seeded, and the same bytes everywhere (random_draws.hpp).
std::vector<double> poisson_arrivals(int count, double rate, std::uint64_t seed);
std::vector<double> fixed_arrivals(int count, double interval);

}  // namespace mpnsim
