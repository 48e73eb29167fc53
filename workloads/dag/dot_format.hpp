// Task graphs as Graphviz DOT: node `size` = work, edge `size` = data (the DAGGEN and SimGrid convention).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// Reads a `digraph` (optionally `strict`): node statements, edge chains a -> b -> c,
// attribute lists, `node [...]` / `edge [...]` defaults, subgraphs used as groups (nested
// at most 256 deep), comments (//, /* */, # lines), quoted, HTML and numeral IDs; numerals
// may carry an exponent (3.5e-06, 1e+20), which DOT itself lacks. Every task needs a
// `size` (its work, >= 0), and so does every edge (its data) unless the options give a
// default edge size: nothing is silently zero. Other attributes are ignored. Tasks are numbered in order of first appearance.
// Throws WorkloadInputError "FILE:LINE: ..." on malformed input, a repeated edge (unless
// the graph is strict), a missing or bad size, a cycle (naming its tasks), or a graph
// past the size and number rules of dag_input_limits.hpp.
// `file` only labels the messages.
struct DotOptions {
  // Apply the number rules of dag_input_limits.hpp to the sizes (not for task trees, whose
  // DOT files may carry sizes that mean nothing to them).
  bool check_numbers = true;
  // The data of an edge without `size` (the dot workload's `default_edge_size`); none: such an
  // edge is an error "FILE:LINE: edge a -> b has no 'size' attribute".
  std::optional<double> default_edge_size;
};
TaskGraph read_dot(std::string_view text, const std::string& file, const DotOptions& options = {});
TaskGraph read_dot_file(const std::string& path, const DotOptions& options = {});

// The graph as a strict digraph readable by read_dot (and Graphviz, DAGGEN-style tools):
// one `name [size=W];` line per task, one `a -> b [size=D];` per edge; numbers are written
// in the shortest form that reads back to the same double (with an exponent when shorter).
// Names are written plain, quoted, or as HTML IDs when quoting cannot keep them (a
// backslash before a line break); std::invalid_argument if no form can.
std::string write_dot(const TaskGraph& graph);

}  // namespace mpnsim
