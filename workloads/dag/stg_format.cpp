// STG reader (record by record, with line numbers) and writer (11-character fields).
#include "workloads/dag/stg_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/dag_cycle.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

struct Line {
  int number = 0;                   // 1-based line in the file
  std::vector<std::string_view> tokens;
};

// The record lines of the text one at a time (blank lines and the '#' information part carry
// no records): memory follows the graph, not the file's number of lines.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : text_(text) {}

  // The next record line, or false at the end of the text. `line` is overwritten.
  bool next(Line& line) {
    while (pos_ <= text_.size()) {
      std::size_t j = text_.find('\n', pos_);
      if (j == std::string_view::npos) j = text_.size();
      ++number_;
      const std::string_view l = text_.substr(pos_, j - pos_);
      pos_ = j + 1;
      line.number = number_;
      line.tokens.clear();
      std::size_t k = 0;
      while (k < l.size()) {
        while (k < l.size() && std::isspace(static_cast<unsigned char>(l[k]))) ++k;
        const std::size_t b = k;
        while (k < l.size() && !std::isspace(static_cast<unsigned char>(l[k]))) ++k;
        if (k > b) line.tokens.push_back(l.substr(b, k - b));
      }
      if (!line.tokens.empty() && line.tokens.front().front() != '#') return true;
    }
    return false;
  }
  int last_line() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

class StgReader {
 public:
  StgReader(std::string_view text, const std::string& file) : text_(text), lines_(text), file_(file) {}

  TaskGraph read(const StgOptions& options) {
    Line head;
    if (!lines_.next(head)) throw WorkloadInputError(file_, 0, "empty file: expected the number of tasks on the first line");
    if (head.tokens.size() != 1)
      fail(head, fmt::format("expected the number of tasks alone on the first line, found {} fields",
                             head.tokens.size()));
    const std::string_view count_text = head.tokens[0];
    // Before allocating anything for the tasks: the size limit, with the memory it would take
    // (a count past 64 bits is estimated through a double), then the file's own length (every
    // record takes at least a line).
    double announced = 0;
    const auto [end, ec] = std::from_chars(count_text.data(), count_text.data() + count_text.size(), announced);
    if (ec == std::errc() && end == count_text.data() + count_text.size() && announced >= 0 &&
        count_text.find_first_not_of("0123456789") == std::string_view::npos)
      if (const auto problem = dag_size_problem(announced + 2, 0))
        fail(head, fmt::format("the file announces {} tasks: {}", count_text, *problem));
    const long long n = whole(head, count_text, "the number of tasks", 0, kMaxDagTasks - 2);
    const auto lines_left = static_cast<long long>(std::count(text_.begin(), text_.end(), '\n')) + 1 - head.number;
    if (n + 2 > lines_left)
      fail(head, fmt::format("the file announces {} tasks, so {} records with the entry and exit dummies, but only "
                             "{} lines follow", n, n + 2, lines_left));
    const int count = static_cast<int>(n) + 2;  // with the entry and exit dummies; checked above
    TaskGraph g(std::filesystem::path(file_).stem().string());
    g.reserve(count, 0, static_cast<std::size_t>(count) * fmt::formatted_size("T{}", count - 1));  // names T0..
    std::vector<int> record_line(static_cast<std::size_t>(count));
    struct Pred {
      int task;
      double cost;
      int line;  // where the predecessor is listed
    };
    std::vector<std::vector<Pred>> preds(static_cast<std::size_t>(count));
    std::vector<int> listed_for(static_cast<std::size_t>(count), -1);  // the last task that listed it
    std::int64_t edges = 0;
    Line l, pl;
    for (int id = 0; id < count; ++id) {
      if (!lines_.next(l))
        throw WorkloadInputError(file_, lines_.last_line(),
                            fmt::format("expected the record of task {} (the file announces {} tasks plus the entry "
                                        "and exit dummies 0 and {}), found the end of the file",
                                        id, n, count - 1));
      record_line[static_cast<std::size_t>(id)] = l.number;
      if (l.tokens.size() < 3)
        fail(l, fmt::format("expected a task record 'number time predecessors ...' for task {}, found {} field{}", id,
                            l.tokens.size(), l.tokens.size() == 1 ? "" : "s"));
      const long long number = whole(l, l.tokens[0], "the task number", 0, count - 1);
      if (number != id) fail(l, fmt::format("expected task number {} (records go in order), found {}", id, number));
      const double time = real(l, l.tokens[1], fmt::format("the processing time of task {}", id));
      const long long np = whole(l, l.tokens[2], fmt::format("the number of predecessors of task {}", id), 0, count - 1);
      edges += np;
      if (edges > kMaxDagEdges) fail(l, *dag_size_problem(count, static_cast<double>(edges)));
      g.add_task(fmt::format("T{}", id), time);
      const std::size_t rest = l.tokens.size() - 3;
      auto& ps = preds[static_cast<std::size_t>(id)];
      auto pred = [&](const Line& where, std::string_view tok, std::optional<std::string_view> cost) {
        const long long p = whole(where, tok, fmt::format("a predecessor of task {}", id), 0, count - 1);
        if (p == id) fail(where, fmt::format("task {} is listed as its own predecessor", id));
        // A mark per task, not a scan of the list so far: a record may list 10^6 predecessors.
        int& mark = listed_for[static_cast<std::size_t>(p)];
        if (mark == id) fail(where, fmt::format("predecessor {} of task {} is listed twice", p, id));
        mark = id;
        ps.push_back({static_cast<int>(p),
                      cost ? real(where, *cost, fmt::format("the communication cost {} -> {}", p, id)) : 0.0,
                      where.number});
      };
      const auto k = static_cast<std::size_t>(np);
      if (rest == k) {
        for (std::size_t i = 0; i < k; ++i) pred(l, l.tokens[3 + i], std::nullopt);
      } else if (k > 0 && rest == 2 * k) {
        for (std::size_t i = 0; i < k; ++i) pred(l, l.tokens[3 + 2 * i], l.tokens[4 + 2 * i]);
      } else if (k > 0 && rest == 0) {
        // Communication-cost variant with one "predecessor cost" pair per line.
        for (std::size_t i = 0; i < k; ++i) {
          if (!lines_.next(pl))
            throw WorkloadInputError(file_, lines_.last_line(),
                                fmt::format("expected predecessor {} of {} of task {} as 'predecessor cost', found "
                                            "the end of the file", i + 1, k, id));
          if (pl.tokens.size() != 2)
            fail(pl, fmt::format("expected predecessor {} of {} of task {} as 'predecessor cost' (2 fields), found "
                                 "{} field{}", i + 1, k, id, pl.tokens.size(), pl.tokens.size() == 1 ? "" : "s"));
          pred(pl, pl.tokens[0], pl.tokens[1]);
        }
      } else {
        fail(l, fmt::format("task {} announces {} predecessor{}: expected {} predecessor numbers{} after the count, "
                            "found {} field{}", id, k, k == 1 ? "" : "s", k,
                            k > 0 ? fmt::format(" (or {} 'predecessor cost' numbers)", 2 * k) : std::string(), rest,
                            rest == 1 ? "" : "s"));
      }
      if (id == 0 && !ps.empty()) fail(l, "the entry dummy task 0 must have no predecessors");
    }
    if (lines_.next(l))
      fail(l, fmt::format("expected only the information part (lines starting with '#') after the {} task "
                          "records, found more numbers", count));
    std::vector<int> edge_line;
    g.reserve(count, static_cast<int>(edges));
    edge_line.reserve(static_cast<std::size_t>(edges));
    for (int id = 0; id < count; ++id)
      for (const auto& p : preds[static_cast<std::size_t>(id)]) {
        g.add_edge(p.task, id, p.cost);
        edge_line.push_back(p.line);
      }
    g.finalize();
    if (const auto problem = dag_number_problem(g))
      throw WorkloadInputError(file_, problem->on_task ? record_line[static_cast<std::size_t>(problem->index)]
                                                       : edge_line[static_cast<std::size_t>(problem->index)],
                               problem->text);
    if (const auto cycle = find_cycle(g); !cycle.empty())
      throw WorkloadInputError(file_, record_line[static_cast<std::size_t>(g.edge(cycle.back()).to)],
                          fmt::format("the graph has a cycle: {}", describe_cycle(g, cycle)));
    if (options.keep_dummies) return g;
    return drop_dummies(g, record_line);
  }

 private:
  [[noreturn]] void fail(const Line& l, const std::string& problem) const {
    throw WorkloadInputError(file_, l.number, problem);
  }

  long long whole(const Line& l, std::string_view tok, const std::string& what, long long min, long long max) const {
    long long v = 0;
    const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec == std::errc::result_out_of_range && p == tok.data() + tok.size())
      fail(l, fmt::format("{} must be in {}..{}, found {}", what, min, max, tok));
    if (ec != std::errc() || p != tok.data() + tok.size())
      fail(l, fmt::format("expected a whole number ({}), found '{}'", what, tok));
    if (v < min || v > max) fail(l, fmt::format("{} must be in {}..{}, found {}", what, min, max, v));
    return v;
  }

  // from_chars, not strtod: the same in every locale.
  double real(const Line& l, std::string_view tok, const std::string& what) const {
    double v = 0;
    const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || p != tok.data() + tok.size() || !std::isfinite(v) || v < 0)
      fail(l, fmt::format("expected a number >= 0 ({}), found '{}'", what, tok));
    return v;
  }

  TaskGraph drop_dummies(const TaskGraph& g, const std::vector<int>& record_line) const {
    const int last = g.size() - 1;
    for (int d : {0, last})
      if (g.task(d).work != 0)
        throw WorkloadInputError(file_, record_line[static_cast<std::size_t>(d)],
                            fmt::format("dummy task {} has processing time {}; only dummies of time 0 can be dropped",
                                        d, g.task(d).work));
    TaskGraph out(g.name());
    out.reserve(last - 1, g.edge_count());
    for (int t = 1; t < last; ++t) out.add_task(g.task(t).name, g.task(t).work);
    for (const auto& e : g.edges())
      if (e.from != 0 && e.to != last && e.from != last && e.to != 0) out.add_edge(e.from - 1, e.to - 1, e.data);
    out.finalize();
    return out;
  }

  std::string_view text_;
  LineCursor lines_;
  const std::string& file_;
};

// An 11-character field, right-aligned; a longer number still gets a separating space.
std::string field(double v) { return fmt::format(" {:>10}", fmt::format("{}", v)); }
std::string field(int v) { return fmt::format(" {:>10}", v); }

}  // namespace

TaskGraph read_stg(std::string_view text, const std::string& file, const StgOptions& options) {
  return StgReader(text, file).read(options);
}

TaskGraph read_stg_file(const std::string& path, const StgOptions& options) {
  return read_stg(read_text_file(path), path, options);
}

std::string write_stg(const TaskGraph& graph, bool communication_costs) {
  const std::vector<int> order = topological_order(graph);
  const int n = graph.size();
  std::vector<int> number(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) number[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = i + 1;
  std::string out = field(n) + "\n";
  auto record = [&](int id, double time, const std::vector<std::pair<int, double>>& ps) {
    out += field(id) + field(time) + field(static_cast<int>(ps.size()));
    for (const auto& [p, c] : ps) {
      out += field(p);
      if (communication_costs) out += field(c);
    }
    out += "\n";
  };
  record(0, 0.0, {});
  for (int t : order) {
    std::vector<std::pair<int, double>> ps;
    for (int e : graph.in_edges(t)) ps.emplace_back(number[static_cast<std::size_t>(graph.edge(e).from)], graph.edge(e).data);
    if (ps.empty()) ps.emplace_back(0, 0.0);
    record(number[static_cast<std::size_t>(t)], graph.task(t).work, ps);
  }
  std::vector<std::pair<int, double>> exits;
  for (int t : order)
    if (graph.out_edges(t).empty()) exits.emplace_back(number[static_cast<std::size_t>(t)], 0.0);
  if (exits.empty()) exits.emplace_back(0, 0.0);
  record(n + 1, 0.0, exits);
  out += fmt::format("# written by mpnsim from task graph '{}'\n", graph.name());
  out += fmt::format("# Tasks : {} (+dummy tasks : 2)\n# Edges : {}\n", n, graph.edge_count());
  return out;
}

}  // namespace mpnsim
