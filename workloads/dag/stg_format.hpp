// Task graphs in the Standard Task Graph (STG) format of Kasahara's lab, with or without communication costs.
#pragma once

#include <string>
#include <string_view>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

struct StgOptions {
  // STG files hold an entry dummy task 0 and an exit dummy task N+1, both of time 0.
  // Kept by default (they cost nothing); dropped on request, with their edges.
  bool keep_dummies = true;
};

// The task graph part: the number N of tasks, then N+2 records, one per task 0..N+1 in
// order: task number, processing time, number of predecessors, and the predecessors.
// Numbers sit in 11-character fields; they are read as whitespace-separated tokens, which
// is the same for any number shorter than 11 characters. In the variant with communication
// costs each predecessor is followed by its cost, either on the same line or one
// "predecessor cost" pair per following line; each record says which by its shape.
// The information part (lines starting with '#') is skipped. Tasks are named T0..T(N+1);
// communication costs become the edges' data. Throws WorkloadInputError "FILE:LINE: ..."
// saying what was expected, and naming the tasks of a cycle.
TaskGraph read_stg(std::string_view text, const std::string& file, const StgOptions& options = {});
TaskGraph read_stg_file(const std::string& path, const StgOptions& options = {});

// Writes any DAG as STG: tasks renumbered 1..N in topological order, a dummy entry 0
// before every task without predecessors and a dummy exit N+1 after every task without
// successors, 11-character fields. With `communication_costs` each predecessor is
// followed by its edge's data on the same line (dummy edges carry 0).
std::string write_stg(const TaskGraph& graph, bool communication_costs);

}  // namespace mpnsim
