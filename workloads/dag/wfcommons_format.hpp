// Task graphs from WfCommons WfFormat JSON instances (schema 1.4, and 1.5 and later), the format of WRENCH and SimGrid.
#pragma once

#include <string>
#include <string_view>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

// Reads a workflow instance into a task graph. The layout is recognised by its keys:
//  - 1.5 (and 1.6): tasks in `workflow.specification.tasks`, each with an `id` (the task's
//    name here; its `name` is not read), `parents` and `children` (task ids), `inputFiles` and `outputFiles` (ids
//    of `workflow.specification.files`, each with `sizeInBytes`); a task's work is its
//    `runtimeInSeconds` in `workflow.execution.tasks`.
//  - 1.4 (and 1.3): tasks in `workflow.tasks`, each with a `name` (the task's name here), an
//    optional `id`, `parents` and `children` (task ids, or names), `runtimeInSeconds` (1.3: `runtime`), and `files`,
//    each with `link` (input or output), `name` (after `path` when given) and
//    `sizeInBytes` (1.3: `size`).
// Ids are the keys, names the labels: tasks may share a name, not an id (a 1.4 task without an
// `id` is known by its name, which must then be unique; a 1.4 reference may give the name of
// the one task bearing it). As WRENCH reads WfFormat, a task that reads a file another task
// writes depends on it: the edges are the union of `parents`, `children` and these file
// dependencies, each once (listed ones first, in their order). An edge's data is the total
// size of the files the parent writes and the child reads (0 when they share none).
// So with w = 1 and Tcp = 1 a task takes its recorded runtime, and z * Tcm is seconds per
// byte. Throws WorkloadInputError "FILE: PATH: problem", PATH the JSON path of the bad
// field (e.g. `workflow.specification.tasks[3].parents[0]: no task 'x'`), for malformed
// JSON (then FILE:LINE), missing or mistyped fields, unknown tasks or files, negative
// runtimes or sizes, repeated tasks, and a cycle (naming its tasks).
TaskGraph read_wfcommons(std::string_view text, const std::string& file);
TaskGraph read_wfcommons_file(const std::string& path);

}  // namespace mpnsim
