// Cost tables as CSV: `task,P0,P1,...`, one row per task of a graph, its execution time on each processor.
#pragma once

#include <string>
#include <string_view>

#include "workloads/dag/cost_table.hpp"
#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// Reads the table of `graph`'s tasks. The header is `task,P0,P1,...,P{k-1}` (k >= 1
// processor columns, in processor order); every other line is a task's name, as in the
// graph, and its k execution times (numbers >= 0). Every task of the graph has exactly
// one row, in any order. Blank lines and lines starting with '#' are skipped; fields may
// be quoted ("a,b") and are trimmed of spaces. Throws WorkloadInputError "FILE:LINE: ..."
// for a bad header, a row with the wrong number of fields, a task the graph does not
// have or that has two rows, a value that is not a number >= 0, and a task without a row
// (at the last line). `file` only labels the messages.
CostTable read_cost_table(std::string_view text, const std::string& file, const TaskGraph& graph);
CostTable read_cost_table_file(const std::string& path, const TaskGraph& graph);

// The graph's attached table in that format, one row per task in task order, every value
// written so that it reads back as the same double (the shortest text that does). A name with
// a comma, a quote, a leading '#' or surrounding spaces is quoted. Throws std::invalid_argument
// when the graph has no table.
std::string write_cost_table(const TaskGraph& graph);

}  // namespace mpnsim
