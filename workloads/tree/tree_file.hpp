// A user's own task tree read from a file: one parent index per line, or Graphviz DOT.
#pragma once

#include <string>
#include <string_view>

#include "workloads/tree/task_tree.hpp"

namespace mpnsim {

// One line per task, in any order of tasks: the index of the task's parent (tasks are numbered
// by their line among the non-blank, non-comment lines, from 0), or -1 for the root. `#`
// starts a comment. Throws WorkloadInputError "FILE:LINE: ..." saying what was expected (an integer,
// an existing parent, one root, no cycle). `file` only labels the messages.
TaskTree read_tree_parents(std::string_view text, const std::string& file);

// A `digraph` whose edges go from parent to child (read by the DAG reader, read_dot; node
// `size` attributes are allowed and ignored, tasks cost the run's grain). Every node but the
// root has exactly one parent. Throws WorkloadInputError.
TaskTree read_tree_dot(std::string_view text, const std::string& file);

// DOT when the file is named *.dot or *.gv or starts with `digraph` / `strict` (after
// comments), parent list otherwise. Throws WorkloadInputError.
TaskTree read_tree_file(const std::string& path);

}  // namespace mpnsim
