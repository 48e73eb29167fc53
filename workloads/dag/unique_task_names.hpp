// One name per task where a file's task names repeat: `name#id` for the tasks that share a name.
#pragma once

#include <string>
#include <vector>

namespace mpnsim {

// The names tasks are known by in every output (schedule and messages CSV, Gantt, trace, DOT,
// rows, Python): `names[i]` when no other task bears it, else `names[i] + "#" + ids[i]`. Ids are
// unique (the reader checks it), so the second form is unique among itself; should it still
// meet another task's plain name (a task named "a#2" beside two tasks "a" with ids 1 and 2),
// every task is known by its id instead. The result depends on the file alone: stable from run
// to run and unchanged for files whose names are unique.
std::vector<std::string> unique_task_names(const std::vector<std::string>& names, const std::vector<std::string>& ids);

}  // namespace mpnsim
