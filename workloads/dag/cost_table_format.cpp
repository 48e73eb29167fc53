// Reading cost-table CSV files line by line, with the line of every mistake.
#include "workloads/dag/cost_table_format.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <cmath>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The fields of one line: commas separate, a field in double quotes may hold commas and
// "" for a quote (RFC 4180); unquoted fields are trimmed.
std::vector<std::string> split_fields(std::string_view line, const std::string& file, int number) {
  std::vector<std::string> out;
  std::size_t i = 0;
  for (;;) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::string field;
    if (i < line.size() && line[i] == '"') {
      ++i;
      for (;;) {
        if (i >= line.size()) throw WorkloadInputError(file, number, "a quoted field is never closed with '\"'");
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += line[i++];
      }
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      if (i < line.size() && line[i] != ',')
        throw WorkloadInputError(file, number, "expected ',' after a quoted field");
    } else {
      const std::size_t b = i;
      while (i < line.size() && line[i] != ',') ++i;
      field = std::string(trim(line.substr(b, i - b)));
    }
    out.push_back(std::move(field));
    if (i >= line.size()) return out;
    ++i;  // the comma
  }
}

}  // namespace

CostTable read_cost_table(std::string_view text, const std::string& file, const TaskGraph& graph) {
  std::unordered_map<std::string, int> task_of;
  for (int t = 0; t < graph.size(); ++t) task_of.emplace(graph.task(t).name, t);

  int processors = -1;
  std::vector<double> values;
  std::vector<int> row_line(static_cast<std::size_t>(graph.size()), 0);
  int number = 0, last = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    const std::string_view content = trim(line);
    if (content.empty() || content.front() == '#') continue;
    last = number;
    const std::vector<std::string> f = split_fields(line, file, number);
    if (processors < 0) {
      // The header: task, then P0..P{k-1} in order.
      if (f.front() != "task")
        throw WorkloadInputError(file, number, fmt::format("expected the header task,P0,P1,...; the first column is '{}', "
                                                           "not 'task'", f.front()));
      if (f.size() < 2) throw WorkloadInputError(file, number, "the header has no processor column (expected task,P0,...)");
      for (std::size_t c = 1; c < f.size(); ++c)
        if (f[c] != fmt::format("P{}", c - 1))
          throw WorkloadInputError(file, number, fmt::format("column {} of the header is '{}', expected 'P{}' (processor "
                                                             "columns are P0, P1, ... in processor order)", c + 1, f[c], c - 1));
      processors = static_cast<int>(f.size()) - 1;
      values.assign(static_cast<std::size_t>(graph.size()) * static_cast<std::size_t>(processors), 0.0);
      continue;
    }
    if (static_cast<int>(f.size()) != processors + 1)
      throw WorkloadInputError(file, number, fmt::format("{} fields, expected {}: the task and one time per processor "
                                                         "column P0..P{}", f.size(), processors + 1, processors - 1));
    const auto it = task_of.find(f.front());
    if (it == task_of.end())
      throw WorkloadInputError(file, number, fmt::format("the graph has no task '{}'", f.front()));
    const int t = it->second;
    int& seen = row_line[static_cast<std::size_t>(t)];
    if (seen > 0)
      throw WorkloadInputError(file, number, fmt::format("task '{}' already has a row, on line {}", f.front(), seen));
    seen = number;
    for (int p = 0; p < processors; ++p) {
      const std::string& cell = f[static_cast<std::size_t>(p) + 1];
      double v = 0;
      const auto [ptr, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
      if (cell.empty() || ec != std::errc() || ptr != cell.data() + cell.size() || !std::isfinite(v) || v < 0)
        throw WorkloadInputError(file, number, fmt::format("P{} of task '{}': expected a number >= 0, got '{}'", p,
                                                           f.front(), cell));
      values[static_cast<std::size_t>(t) * static_cast<std::size_t>(processors) + static_cast<std::size_t>(p)] = v;
    }
  }
  if (processors < 0) throw WorkloadInputError(file, 0, "empty file: expected the header task,P0,P1,...");
  for (int t = 0; t < graph.size(); ++t)
    if (row_line[static_cast<std::size_t>(t)] == 0) {
      int missing = 0;
      for (int u = t; u < graph.size(); ++u) missing += row_line[static_cast<std::size_t>(u)] == 0;
      throw WorkloadInputError(
          file, last,
          fmt::format("the table ends without a row for task '{}'{}: every task of the graph needs one", graph.task(t).name,
                      missing > 1 ? fmt::format(" (and {} other tasks)", missing - 1) : std::string()));
    }
  return CostTable(graph.size(), processors, std::move(values));
}

CostTable read_cost_table_file(const std::string& path, const TaskGraph& graph) {
  return read_cost_table(read_text_file(path), path, graph);
}

std::string write_cost_table(const TaskGraph& graph) {
  const CostTable* table = graph.costs();
  if (!table) throw std::invalid_argument(fmt::format("the graph '{}' has no cost table", graph.name()));
  std::string out = "task";
  for (int p = 0; p < table->processors(); ++p) out += fmt::format(",P{}", p);
  out += '\n';
  for (int t = 0; t < graph.size(); ++t) {
    const std::string_view name = graph.task(t).name;
    const bool quote = name.find_first_of(",\"") != std::string_view::npos || (!name.empty() && name.front() == '#') ||
                       name != trim(name);
    if (quote) {
      out += '"';
      for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
      out += '"';
    } else {
      out += name;
    }
    for (int p = 0; p < table->processors(); ++p) out += fmt::format(",{}", table->at(t, p));
    out += '\n';
  }
  return out;
}

}  // namespace mpnsim
