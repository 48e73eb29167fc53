// Arrival times of a workflow stream: drawn (Poisson), regular (fixed interval) or read (trace).
#include "workloads/online/arrival_process.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "workloads/random_draws.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

}  // namespace

std::vector<TraceArrival> read_arrival_trace(const std::string& path) {
  const std::string text = read_text_file(path);
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::istringstream in(text);
  std::vector<TraceArrival> out;
  std::string raw;
  int line = 0;
  bool header = false;
  while (std::getline(in, raw)) {
    ++line;
    const std::string s = trim(raw);
    if (s.empty() || s[0] == '#') continue;
    const auto comma = s.find(',');
    if (comma == std::string::npos)
      throw WorkloadInputError(path, line, fmt::format("expected 'time,file', got '{}'", s));
    const std::string time_text = trim(s.substr(0, comma));
    const std::string file = trim(s.substr(comma + 1));
    if (!header) {
      header = true;
      if ((time_text == "time" || time_text == "arrival") && (file == "file" || file == "graph")) continue;
      throw WorkloadInputError(path, line, fmt::format("expected the header 'time,file', got '{}'", s));
    }
    double time = 0;
    const auto [end, ec] = std::from_chars(time_text.data(), time_text.data() + time_text.size(), time);
    if (ec != std::errc() || end != time_text.data() + time_text.size() || !std::isfinite(time))
      throw WorkloadInputError(path, line, fmt::format("the arrival time '{}' is not a number", time_text));
    if (time < 0) throw WorkloadInputError(path, line, fmt::format("the arrival time {} is negative", time_text));
    if (!out.empty() && time < out.back().time)
      throw WorkloadInputError(path, line,
                               fmt::format("the trace is not sorted: {} comes after {} (line {})", time_text,
                                           out.back().time, out.back().line));
    if (file.empty()) throw WorkloadInputError(path, line, "the graph file is missing after the comma");
    std::filesystem::path resolved = file;
    if (resolved.is_relative()) resolved = folder / resolved;
    std::error_code exists_error;
    if (!std::filesystem::is_regular_file(resolved, exists_error))
      throw WorkloadInputError(path, line, fmt::format("the graph file '{}' does not exist", resolved.string()));
    out.push_back({time, file, line});
  }
  if (out.empty()) throw WorkloadInputError(path, 0, "no arrivals: expected a header 'time,file' and one line per workflow");
  return out;
}

std::vector<double> poisson_arrivals(int count, double rate, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(count));
  double t = 0;
  for (int i = 0; i < count; ++i) {
    out.push_back(t);
    // Exponential gap by inversion; 1 - u is in (0, 1], so the log is finite.
    t += -std::log(1.0 - uniform_real(rng, 0.0, 1.0)) / rate;
  }
  return out;
}

std::vector<double> fixed_arrivals(int count, double interval) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.push_back(interval * i);
  return out;
}

}  // namespace mpnsim
