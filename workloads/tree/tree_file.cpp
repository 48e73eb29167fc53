// Task-tree readers: parent lists (with line-accurate errors) and DOT through the DAG reader.
#include "workloads/tree/tree_file.hpp"

#include <cctype>
#include <charconv>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "workloads/workload_input_error.hpp"
#include "workloads/dag/dot_format.hpp"

namespace mpnsim {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The tasks of a cycle of parents (empty if none), in the order the parents lead. Each task is
// walked once: a walk stops at the root or at a task an earlier walk visited, so this is linear
// even when the cycle sits at the end of millions of tasks.
std::vector<int> find_parent_cycle(const std::vector<int>& parent) {
  std::vector<int> walk_of(parent.size(), -1);  // which walk first reached the task
  for (int start = 0; start < static_cast<int>(parent.size()); ++start) {
    int t = start;
    while (t >= 0 && walk_of[static_cast<std::size_t>(t)] < 0) {
      walk_of[static_cast<std::size_t>(t)] = start;
      t = parent[static_cast<std::size_t>(t)];
    }
    if (t < 0 || walk_of[static_cast<std::size_t>(t)] != start) continue;  // the root, or an earlier walk
    std::vector<int> cycle{t};  // this walk came back to t: t lies on a cycle
    for (int u = parent[static_cast<std::size_t>(t)]; u != t; u = parent[static_cast<std::size_t>(u)]) cycle.push_back(u);
    return cycle;
  }
  return {};
}

// Where the first '{' of a DOT text is, outside comments and strings (npos if none).
std::size_t opening_brace(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool line_start = i == 0 || s[i - 1] == '\n';
    if (s[i] == '#' && line_start) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.substr(i, 2) == "//") {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.substr(i, 2) == "/*") {
      const auto end = s.find("*/", i + 2);
      if (end == std::string_view::npos) return end;
      i = end + 1;
    } else if (s[i] == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
    } else if (s[i] == '{') {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

TaskTree read_tree_parents(std::string_view text, const std::string& file) {
  std::vector<int> parent, line_of;
  std::vector<std::string> raw;
  int line = 0;
  for (std::size_t pos = 0; pos <= text.size();) {
    const std::size_t nl = std::min(text.find('\n', pos), text.size());
    std::string_view s = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line;
    if (const auto hash = s.find('#'); hash != std::string_view::npos) s = s.substr(0, hash);
    s = trim(s);
    if (s.empty()) continue;
    long long v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v < -1 || v >= kMaxTreeTasks)
      throw WorkloadInputError(file, line,
                          fmt::format("expected the index of task {}'s parent (a task number from 0) or -1 "
                                      "for the root, got '{}'", parent.size(), s));
    if (static_cast<std::int64_t>(parent.size()) >= kMaxTreeTasks)
      throw WorkloadInputError(file, line, fmt::format("more than {} tasks", kMaxTreeTasks));
    parent.push_back(static_cast<int>(v));
    line_of.push_back(line);
  }
  const int n = static_cast<int>(parent.size());
  if (n == 0) throw WorkloadInputError(file, 0, "no tasks: expected one line per task with its parent's index (-1 for the root)");
  int root = -1;
  for (int i = 0; i < n; ++i) {
    const int p = parent[static_cast<std::size_t>(i)];
    const int at = line_of[static_cast<std::size_t>(i)];
    if (p == -1) {
      if (root >= 0)
        throw WorkloadInputError(file, at, fmt::format("task {} is a second root (-1): task {} on line {} is the root "
                                                  "already; a tree has one root",
                                                  i, root, line_of[static_cast<std::size_t>(root)]));
      root = i;
    } else if (p >= n) {
      throw WorkloadInputError(file, at, fmt::format("task {}'s parent {} does not exist: the file lists {} tasks (0..{})",
                                                i, p, n, n - 1));
    } else if (p == i) {
      throw WorkloadInputError(file, at, fmt::format("task {} is its own parent", i));
    }
  }
  if (root < 0) throw WorkloadInputError(file, 0, "no root: expected one line holding -1 (the task without a parent)");
  try {
    return TaskTree::from_child_counts(breadth_first_child_counts(parent));
  } catch (const std::invalid_argument&) {
    // Some task is not below the root: find a cycle and name it.
    if (const auto cycle = find_parent_cycle(parent); !cycle.empty()) {
      std::string names;
      for (int t : cycle) names += fmt::format("{} -> ", t);
      throw WorkloadInputError(file, line_of[static_cast<std::size_t>(cycle.front())],
                          fmt::format("task {} is not below the root: its parents form a cycle ({}{})",
                                      cycle.front(), names, cycle.front()));
    }
    throw;
  }
}

TaskTree read_tree_dot(std::string_view text, const std::string& file) {
  // read_dot wants a work `size` on every node; a tree's tasks cost the run's grain, so give
  // every node a default size first (inserted on the line of the opening brace: line numbers
  // in messages stay right). The file's own sizes and defaults come later and take over.
  std::string with_default(text);
  const std::size_t brace = opening_brace(text);
  if (brace != std::string_view::npos) with_default.insert(brace + 1, " node [size=1];");
  DotOptions options;
  options.check_numbers = false;
  options.default_edge_size = 0;  // a tree's messages are the run's task and result sizes
  const TaskGraph g = read_dot(with_default, file, options);
  const int n = g.size();
  if (n == 0) throw WorkloadInputError(file, 0, "no tasks: expected edges parent -> child");
  std::vector<int> parent(static_cast<std::size_t>(n), -1);
  for (const auto& e : g.edges()) {
    int& p = parent[static_cast<std::size_t>(e.to)];
    if (p >= 0)
      throw WorkloadInputError(file, 0, fmt::format("task '{}' has two parents ('{}' and '{}'); in a task tree every "
                                               "task but the root has exactly one",
                                               g.task(e.to).name, g.task(p).name, g.task(e.from).name));
    p = e.from;
  }
  std::vector<std::string> roots;
  for (int i = 0; i < n; ++i)
    if (parent[static_cast<std::size_t>(i)] < 0) roots.emplace_back(g.task(i).name);
  if (roots.size() != 1)
    throw WorkloadInputError(file, 0, fmt::format("a task tree has one root (a task without a parent), this graph has "
                                             "{}: {}", roots.size(), fmt::join(roots, ", ")));
  return TaskTree::from_child_counts(breadth_first_child_counts(parent));
}

TaskTree read_tree_file(const std::string& path) {
  const std::string text = read_text_file(path);
  const std::string ext = std::filesystem::path(path).extension().string();
  bool dot = ext == ".dot" || ext == ".gv";
  if (!dot) {
    // Sniff: the first word outside comments.
    std::string_view s = text;
    for (;;) {
      s = trim(s);
      if (s.starts_with("#") || s.starts_with("//")) {
        const auto nl = s.find('\n');
        s = nl == std::string_view::npos ? std::string_view() : s.substr(nl);
      } else {
        break;
      }
    }
    dot = s.starts_with("digraph") || s.starts_with("strict") || s.starts_with("graph");
  }
  return dot ? read_tree_dot(text, path) : read_tree_parents(text, path);
}

}  // namespace mpnsim
